import { z } from "zod";

/**
 * Shapes inside error answers, beyond `{ success: false, error, code }` (common.ts).
 *
 * VALIDATION_ERROR answers carry `details.issues`: one entry per bad field, where `location` is
 * body, querystring or params and `path` the dotted field path ("email", "items.0.name").
 * `error` repeats the first issue as "path: message".
 */
export const ZValidationIssue = z.object({
  location: z.string(),
  path: z.string(),
  message: z.string(),
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
