import { z } from "zod";

/**
 * Every error answer of the API: `{ success: false, error, code }` (ARCHITECTURE "Rules").
 * `error` is an English sentence for logs and outside clients; the web app shows its own
 * translation of `code` and falls back to `error`.
 */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  /** Extra fields some errors carry (maintenance, details, fieldErrors). */
  message: z.string().optional(),
  details: z.unknown().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ERROR_CODES = {
  VALIDATION_ERROR: "VALIDATION_ERROR",
  INVALID_JSON: "INVALID_JSON",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED",
  AUTH_REQUIRED: "AUTH_REQUIRED",
  SESSION_EXPIRED: "SESSION_EXPIRED",
  FORBIDDEN: "FORBIDDEN",
  ORIGIN_MISMATCH: "ORIGIN_MISMATCH",
  RATE_LIMITED: "RATE_LIMITED",
  EMAIL_TAKEN: "EMAIL_TAKEN",
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  INSUFFICIENT_CREDITS: "INSUFFICIENT_CREDITS",
  /** Payments (issue 5): a webhook whose signature does not verify. */
  INVALID_SIGNATURE: "INVALID_SIGNATURE",
  /** A plan change, cancel or resume without a live subscription. */
  NO_SUBSCRIPTION: "NO_SUBSCRIPTION",
  /** A new plan checkout while a subscription is live (use change-plan). */
  ALREADY_SUBSCRIBED: "ALREADY_SUBSCRIBED",
  /** change-plan to the plan already in effect. */
  SAME_PLAN: "SAME_PLAN",
  /** resume-subscription when no cancellation is scheduled. */
  NOT_CANCELLED: "NOT_CANCELLED",
  /** The payment provider refused or could not be reached. */
  PAYMENT_PROVIDER_ERROR: "PAYMENT_PROVIDER_ERROR",
  MAINTENANCE: "MAINTENANCE",
  INTERNAL_ERROR: "INTERNAL_ERROR",
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ZSuccess = z.object({ success: z.literal(true) });
