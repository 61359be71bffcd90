import { z } from "zod";

/**
 * Every error answer of the API: `{ success: false, error, code }` (ARCHITECTURE "Rules").
 * `error` is an English sentence for logs and outside clients; the web app shows only its own
 * translation of `code` (a generic sentence for a code it does not know), never `error` (issue 12).
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
  /** The request did not arrive in time (HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS): 408. */
  REQUEST_TIMEOUT: "REQUEST_TIMEOUT",
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
  PLAN_REQUIRED: "PLAN_REQUIRED",
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
  /** Image tools (issue 4, spec 02 §8): an upload the content classifier blocked. */
  NSFW_CONTENT_DETECTED: "NSFW_CONTENT_DETECTED",
  /** Not a JPEG or PNG by its bytes, or truncated / corrupt. */
  INVALID_IMAGE: "INVALID_IMAGE",
  /** Not a JPEG or PNG (nor a WebP/AVIF the tools convert): spec 02 §5 "only jpg and png". */
  UNSUPPORTED_IMAGE_TYPE: "UNSUPPORTED_IMAGE_TYPE",
  /**
   * More pixels than the engine takes (ENGINE_MAX_INPUT_PIXELS in retouch.ts, or a lower
   * UPLOAD_MAX_PIXELS), or a notice image over NOTICE_IMAGE_MAX_PIXELS; read from the header,
   * before decoding.
   */
  IMAGE_TOO_LARGE: "IMAGE_TOO_LARGE",
  /** A shorter side under ENGINE_MIN_SIDE_PX: the engine cannot find a face in it. */
  IMAGE_TOO_SMALL: "IMAGE_TOO_SMALL",
  /** A longer side over ENGINE_MAX_ASPECT_RATIO times the shorter: the engine cannot analyse it. */
  IMAGE_ASPECT_RATIO_UNSUPPORTED: "IMAGE_ASPECT_RATIO_UNSUPPORTED",
  /** spec 02 §5: scale not 1 and scaled width + height of 4000 or more. */
  SCALE_LIMIT_EXCEEDED: "SCALE_LIMIT_EXCEEDED",
  /** A presigned upload whose bytes do not match the announced length or SHA-256. */
  CHECKSUM_MISMATCH: "CHECKSUM_MISMATCH",
  /** A job failed in the engine (built-in or RunPod); its credits were refunded. */
  ENGINE_FAILED: "ENGINE_FAILED",
  /** The owner cancelled the job; refunded (issue 12). */
  JOB_CANCELLED: "JOB_CANCELLED",
  /** A cancel that came after the job had completed or failed. */
  JOB_ALREADY_FINISHED: "JOB_ALREADY_FINISHED",
  /** A job left by a crashed worker too many times; refunded. */
  JOB_ABANDONED: "JOB_ABANDONED",
  /** Issue 15: no image-edit provider is connected (IMAGE_EDIT_PROVIDER / SEEDREAM_API_KEY / OPENAI_IMAGES_API_KEY): 503. */
  IMAGE_EDIT_NOT_CONFIGURED: "IMAGE_EDIT_NOT_CONFIGURED",
  /** spec 02 §5 "Image edit": an input under 921,600 pixels (details: its width and height): 400. */
  IMAGE_RESOLUTION_TOO_LOW: "IMAGE_RESOLUTION_TOO_LOW",
  /** Issue 26: an image-edit input whose width-to-height ratio is outside 1:3–3:1 (details: its size), refused before any charge: 400. */
  IMAGE_RATIO_OUT_OF_RANGE: "IMAGE_RATIO_OUT_OF_RANGE",
  /** Issue 26: an image-edit `size` under the vendor's 921,600-pixel output minimum (details: width, height, pixels, minPixels), refused before any charge: 400. */
  IMAGE_OUTPUT_TOO_SMALL: "IMAGE_OUTPUT_TOO_SMALL",
  /** spec 02 §8 image-edit modal rows (an image-edit job's failure code; refunded): the vendor's codes map onto these. */
  EDIT_OVERSIZE_IMAGE: "EDIT_OVERSIZE_IMAGE",
  /** Ours (issue 25): a tile with its mask overlay stays over 9,437,184 bytes at every JPEG quality step. */
  EDIT_MASKED_IMAGE_TOO_LARGE: "EDIT_MASKED_IMAGE_TOO_LARGE",
  EDIT_ASPECT_RATIO: "EDIT_ASPECT_RATIO",
  EDIT_INVALID_PARAMETER: "EDIT_INVALID_PARAMETER",
  EDIT_SENSITIVE_CONTENT: "EDIT_SENSITIVE_CONTENT",
  EDIT_PROVIDER_INTERNAL: "EDIT_PROVIDER_INTERNAL",
  EDIT_PROVIDER_TIMEOUT: "EDIT_PROVIDER_TIMEOUT",
  EDIT_FAILED: "EDIT_FAILED",
  /** Accounts (issue 7): a Google ID token that is forged, expired, for another app or unverified. */
  INVALID_GOOGLE_TOKEN: "INVALID_GOOGLE_TOKEN",
  /** A sign-in method this server has no client id for. */
  PROVIDER_NOT_CONFIGURED: "PROVIDER_NOT_CONFIGURED",
  /** A first social sign-in: the user must confirm being 14 or older before the account exists. */
  AGE_CONFIRMATION_REQUIRED: "AGE_CONFIRMATION_REQUIRED",
  /** The pending social sign-in (or restore offer) expired or was never started in this browser. */
  SIGNIN_EXPIRED: "SIGNIN_EXPIRED",
  /** An account with this e-mail exists and the provider does not vouch for the address. */
  ACCOUNT_LINK_REQUIRES_SIGNIN: "ACCOUNT_LINK_REQUIRES_SIGNIN",
  /** Signed in to an account inside its deletion undo window: offer to restore it. */
  ACCOUNT_PENDING_DELETION: "ACCOUNT_PENDING_DELETION",
  /** Account deletion: the password or the typed confirmation did not match. */
  CONFIRMATION_MISMATCH: "CONFIRMATION_MISMATCH",
  /** Account deletion while a paid subscription still renews: cancel it first. */
  SUBSCRIPTION_ACTIVE: "SUBSCRIPTION_ACTIVE",
  /** A password-reset link that is unknown, used or older than an hour. */
  INVALID_RESET_TOKEN: "INVALID_RESET_TOKEN",
  /** A password reset on a server without PUBLIC_ORIGIN, the only origin e-mailed links are built from (503). */
  MAIL_LINKS_NOT_CONFIGURED: "MAIL_LINKS_NOT_CONFIGURED",
  /** The sandbox checkout form without its anti-CSRF token, or with one that is not this browser's (403). */
  CSRF_TOKEN_INVALID: "CSRF_TOKEN_INVALID",
  /** Issue 14: the operator has not connected a language model (LLM_BASE_URL / LLM_MODEL unset): 503. */
  LLM_NOT_CONFIGURED: "LLM_NOT_CONFIGURED",
  /** The language model could not be reached or answered with a server error (after retries): 502. */
  LLM_UNAVAILABLE: "LLM_UNAVAILABLE",
  /** The language model did not answer in time (LLM_TIMEOUT_MS): 504. */
  LLM_TIMEOUT: "LLM_TIMEOUT",
  /** The language model's provider is rate limiting us (429 after retries): 503. */
  LLM_RATE_LIMITED: "LLM_RATE_LIMITED",
  /** The provider refused the request itself (bad key, unknown model, no image input …): 502. */
  LLM_REJECTED: "LLM_REJECTED",
  /** The model answered nothing usable (an empty reply, no prompt): 502. */
  LLM_EMPTY_REPLY: "LLM_EMPTY_REPLY",
  /** spec 02 §5, §8: a prompt holding a banned keyword (GET /api/auth/banned-keywords): 400. */
  NSFW_PROMPT_BLOCKED: "NSFW_PROMPT_BLOCKED",
  /** Issue 27: a prompt helper's answer that is not a prompt (a conversation, a list, another language): 502, refunded. */
  LLM_NOT_A_PROMPT: "LLM_NOT_A_PROMPT",
  /** Issue 27: text that is not valid UTF-8 (a multipart field's bytes): 400. */
  TEXT_NOT_UTF8: "TEXT_NOT_UTF8",
  /** Issue 27: a picture of zero bytes: 400. */
  IMAGE_EMPTY: "IMAGE_EMPTY",
  /** Issue 27: continue, regenerate or edit aimed at a message that cannot take it (not the last reply …): 409. */
  CHAT_MESSAGE_NOT_EDITABLE: "CHAT_MESSAGE_NOT_EDITABLE",
  /** Issue 16: no reference-image provider is connected (KLING_ACCESS_KEY/KLING_SECRET_KEY): 503. */
  GENERATION_NOT_CONFIGURED: "GENERATION_NOT_CONFIGURED",
  /** Issue 16, a generation job's failure (status failed; refunded): Kling failed or sent nothing usable. */
  GENERATION_FAILED: "GENERATION_FAILED",
  /** Kling's content-safety or platform policy refused the prompt or images (1300/1301). */
  GENERATION_CONTENT_REFUSED: "GENERATION_CONTENT_REFUSED",
  /** Kling stayed busy (1302/1303) through every retry. */
  GENERATION_BUSY: "GENERATION_BUSY",
  /** Kling refused our account or keys (1000–1004, 1100–1103, 1304): the operator's to fix. */
  GENERATION_PROVIDER_REFUSED: "GENERATION_PROVIDER_REFUSED",
  /** Kling refused the request's values (1200/1201), e.g. an image it cannot read. */
  GENERATION_INVALID_INPUT: "GENERATION_INVALID_INPUT",
  /** spec 02 §5 "Face edit": a run without a saved mask, or a mask with nothing painted: 400. */
  MASK_REQUIRED: "MASK_REQUIRED",
  /** Issue 26: a photo (or anything not saved as a mask) given where a tool takes a mask: 400. */
  NOT_A_MASK: "NOT_A_MASK",
  /** Issue 26: a mask whose proportions are not its photo's (more than 2 % apart): 400. */
  MASK_RATIO_MISMATCH: "MASK_RATIO_MISMATCH",
  /** spec 02 §8 "Face edit": the face-edit engine failed (status failed); refunded. */
  FACE_EDIT_FAILED: "FACE_EDIT_FAILED",
  /** spec 02 §8 "Face edit": processing took too long (RunPod TIMED_OUT, or the page's polls ran out). */
  TIMEOUT: "TIMEOUT",
  /**
   * Issue 28: a dependency (database, Redis, file storage) did not answer: 503, details.down names
   * which (GET /readyz).
   */
  DEPENDENCY_UNAVAILABLE: "DEPENDENCY_UNAVAILABLE",
  INTERNAL_ERROR: "INTERNAL_ERROR",
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ZSuccess = z.object({ success: z.literal(true) });
