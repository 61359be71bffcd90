import { z } from "zod";

/**
 * Shapes inside error answers, beyond `{ success: false, error, code }` (common.ts).
 *
 * VALIDATION_ERROR answers carry `details.issues`: one entry per bad field, where `location` is
 * body, querystring or params and `path` the dotted field path ("email", "items.0.name").
 * `error` repeats the first issue as "path: message".
 */

/**
 * Why a field was refused, for the web to translate next to the field (issue 12): zod's issue
 * codes where they fit, plus our own. `message` stays an English sentence for logs and outside
 * clients; people read the web's translation of `reason` and its limits.
 * - required: the field is missing; blank: empty or only spaces (a string under 1 character)
 * - too_small / too_big: under `minimum` / over `maximum`, measured as `origin` (string length,
 *   number, array or file count)
 * - invalid_format: not a `format` (email, url …); invalid_type: a number where text belongs …
 * - invalid_value: not one of the allowed values; not_multiple_of: off the `multipleOf` step
 * - unrecognized_keys: fields the call does not take
 * - control_chars: invisible control characters in text
 * - not_image: a file whose bytes are not an image, whatever its name says
 * - empty_content: notice HTML with nothing left once unsafe markup is removed
 * - invalid: anything else (a refinement with no reason of its own)
 * A custom zod refinement names its reason with `params: { reason: "control_chars" }`.
 */
export const VALIDATION_REASONS = [
  "required",
  "blank",
  "too_small",
  "too_big",
  "invalid_format",
  "invalid_type",
  "invalid_value",
  "not_multiple_of",
  "unrecognized_keys",
  "control_chars",
  "not_image",
  "empty_content",
  "invalid",
] as const;
export type TValidationReason = (typeof VALIDATION_REASONS)[number];

export const ZValidationIssue = z.object({
  location: z.string(),
  path: z.string(),
  message: z.string(),
  reason: z.enum(VALIDATION_REASONS),
  /** What too_small / too_big measured: "string" (characters), "number", "array", "file" … */
  origin: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  /** invalid_format: "email", "url", "regex" … */
  format: z.string().optional(),
  /** not_multiple_of: the step. */
  multipleOf: z.number().optional(),
});
export type TValidationIssue = z.infer<typeof ZValidationIssue>;

export const ZValidationErrorDetails = z.object({ issues: z.array(ZValidationIssue) });
export type TValidationErrorDetails = z.infer<typeof ZValidationErrorDetails>;

/** spec 01 §8 Session expired. */
export const SESSION_EXPIRED_MESSAGE = "Your login has expired. Please log in again!";

/**
 * 401 answer of GET /api/auth/check when a session cookie was sent but no longer works (spec 01
 * §4): an error body that also reads as anonymous, with `message` for the session-expired modal.
 */
export const ZSessionExpiredResponse = z.object({
  success: z.literal(false),
  isAuthenticated: z.literal(false),
  user: z.null(),
  code: z.literal("SESSION_EXPIRED"),
  error: z.string(),
  message: z.string(),
});
export type TSessionExpiredResponse = z.infer<typeof ZSessionExpiredResponse>;
