import { z } from "zod";
import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from "../notices.ts";
import { ENGINE_MAX_INPUT_PIXELS } from "../retouch.ts";
import { ZMultiLine, ZSingleLine } from "./text.ts";

/**
 * The notice board calls (spec 01 §3 Notice, §7). Field names are the spec's. Bodies of POST are
 * multipart (title, content, pinned "1" or empty, repeated `files`); PUT is JSON.
 */

export {
  NOTICE_CONTENT_MAX,
  NOTICE_FILES_FIELD,
  NOTICE_IMAGE_MAX_BYTES,
  NOTICE_IMAGE_TYPES,
  NOTICE_TITLE_MAX,
  UPLOAD_IMAGE_FIELD,
} from "../notices.ts";

/**
 * Largest notice picture (attachment or editor image), every frame of an animation counted; read
 * from the header before it is decoded and encoded again (issue 11). Ours, spec 01 says only
 * 10 MB: 4096² is more than a notice page shows, and the same as the retouch engine's limit, so
 * IMAGE_TOO_LARGE means one size everywhere.
 */
export const NOTICE_IMAGE_MAX_PIXELS = ENGINE_MAX_INPUT_PIXELS;

export const ZNoticeListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const ZNoticeIdParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** pinned arrives as "1" / "" from forms and as a boolean (or 0/1) in JSON. */
export const ZPinned = z
  .union([z.boolean(), z.literal("1"), z.literal(""), z.literal("0"), z.literal(0), z.literal(1)])
  .optional()
  .transform((value) => value === true || value === "1" || value === 1);

const ZTitle = ZSingleLine.trim()
  .min(1, "Enter a title.")
  .max(NOTICE_TITLE_MAX, `The title is longer than ${NOTICE_TITLE_MAX} characters.`);
const ZContent = ZMultiLine.trim()
  .min(1, "Enter the content.")
  .max(NOTICE_CONTENT_MAX, "The content is too long.");

/** The text fields of a new notice (the files are checked separately). */
export const ZNoticeFields = z.object({ title: ZTitle, content: ZContent, pinned: ZPinned });
export type TNoticeFields = z.infer<typeof ZNoticeFields>;

/** PUT /api/notices/{id} JSON body. */
export const ZNoticeUpdateBody = ZNoticeFields;

export const ZNoticeListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  pinned: z.boolean(),
  /** Null when the author account is gone: the list shows "Admin" (spec 01 §2). */
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type TNoticeListItem = z.infer<typeof ZNoticeListItem>;

export const ZNoticeListResponse = z.object({
  success: z.literal(true),
  items: z.array(ZNoticeListItem),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type TNoticeListResponse = z.infer<typeof ZNoticeListResponse>;

export const ZNotice = ZNoticeListItem.extend({
  /** Sanitised HTML, safe to render as it is. */
  content: z.string(),
  updated_at: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const ZNoticeFile = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_url: z.string(),
  /** Bytes; the editor shows KB. */
  size: z.number().int(),
});
export type TNoticeFile = z.infer<typeof ZNoticeFile>;

export const ZNoticeDetailResponse = z.object({
  success: z.literal(true),
  notice: ZNotice,
  files: z.array(ZNoticeFile),
});
export type TNoticeDetailResponse = z.infer<typeof ZNoticeDetailResponse>;

export const ZNoticeCreateResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type TNoticeCreateResponse = z.infer<typeof ZNoticeCreateResponse>;

export const ZNoticeMutationResponse = z.object({ success: z.literal(true) });

export const ZImageUploadResponse = z.object({ success: z.literal(true), imageUrl: z.string() });
export type TImageUploadResponse = z.infer<typeof ZImageUploadResponse>;
