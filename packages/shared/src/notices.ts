/**
 * Notice board limits and field names (spec 01 §5, §7), without zod, so the web app can import
 * them without bundling the validators (contracts/notices.ts re-exports them for the server).
 */

/** Longest title and body the board accepts (not in the spec: generous bounds against abuse). */
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 200_000;
/** One attached or pasted image at most (ARCHITECTURE "byte limits are enforced before decoding"). */
export const NOTICE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Image types the board accepts, recognised from the bytes (JPEG, PNG, GIF, WebP). */
export const NOTICE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** Multipart field names of POST /api/notices and POST /api/image/upload-s3. */
export const NOTICE_FILES_FIELD = "files";
export const UPLOAD_IMAGE_FIELD = "image";
