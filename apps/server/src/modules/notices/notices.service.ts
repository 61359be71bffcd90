/**
 * The notice board's rules (spec 01 §2 Notice list/detail/editor, §5, §6): pinned first and 10 a
 * page; bodies sanitised when saved; at most 5 attachments, images recognised by their bytes;
 * deleting a notice deletes its files (attachments and the inline images only it shows).
 */
import { MAX_NOTICE_ATTACHMENTS, NOTICE_PAGE_SIZE } from "@gyeol/shared/constants";
import type {
  TNotice,
  TNoticeDetailResponse,
  TNoticeFields,
  TNoticeFile,
  TNoticeListResponse,
} from "@gyeol/shared/contracts/notices";
import { NOTICE_IMAGE_MAX_PIXELS } from "@gyeol/shared/contracts/notices";
import { stripForbiddenChars } from "@gyeol/shared/contracts/text";
import type { FastifyBaseLogger } from "fastify";
import type { Store } from "../../db/store.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { detectImageType, type ImageTypeInfo } from "../../lib/image-type.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import { type CheckedImage, reencodePublicImage } from "../images/image-checks.ts";
import { EDITOR_IMAGES_FOLDER } from "../images/image-files.ts";
import { hasVisibleContent, listImageSources, sanitizeNoticeHtml } from "./notice-html.ts";
import type { NoticeRecord } from "./notices.repository.ts";

/** Storage folder of attachments; inline editor images live in EDITOR_IMAGES_FOLDER (images module). */
export const NOTICE_FILES_FOLDER = "notices";

export interface NoticeUpload {
  filename: string;
  bytes: Uint8Array;
}

export interface NoticesServiceDeps {
  store: Store;
  storage: FileStorage;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, "warn">;
}

const NOT_FOUND_MESSAGE = "Notice not found.";

/**
 * A name fit to show: no folders, none of the characters no text field takes (C0/C1 controls,
 * lone surrogates: contracts/text.ts), not too long. Never used as a path.
 */
export function toDisplayName(filename: string, type: ImageTypeInfo): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const chars = [...stripForbiddenChars(base).trim()].filter((c) => !'<>"'.includes(c));
  // Cut by code point: cutting UTF-16 units could leave half of a surrogate pair behind.
  const cleaned = chars.slice(0, 120).join("").trim();
  return cleaned || `image.${type.extension}`;
}

function toNotice(row: NoticeRecord): TNotice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    pinned: row.pinned === 1,
    author_name: row.author_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function cleanBody(content: string): string {
  const html = sanitizeNoticeHtml(content);
  if (!hasVisibleContent(html)) {
    throw fieldError("content", "empty_content", "Nothing is left to show once unsafe markup is removed.");
  }
  return html;
}

export type NoticesService = ReturnType<typeof createNoticesService>;

export function createNoticesService({ store, storage, clock, log }: NoticesServiceDeps) {
  /** Inline images of ours in a body (public editor uploads), as storage keys. */
  function inlineImageKeys(html: string): string[] {
    const keys = listImageSources(html)
      .map((src) => storage.keyFromPublicUrl(src))
      .filter((key): key is string => key?.startsWith(`public/${EDITOR_IMAGES_FOLDER}/`) ?? false);
    return [...new Set(keys)];
  }

  async function deleteStoredFiles(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        // The row is gone already; an orphaned file is only wasted space. Log it for cleanup.
        log?.warn({ err: error, key }, "could not delete a notice file");
      }
    }
  }

  return {
    async list(page: number): Promise<Omit<TNoticeListResponse, "success">> {
      const total = await store.notices.count();
      const totalPages = Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE));
      const rows = await store.notices.listPage((page - 1) * NOTICE_PAGE_SIZE, NOTICE_PAGE_SIZE);
      return {
        items: rows.map((row) => ({ ...row, pinned: row.pinned === 1 })),
        page,
        totalPages,
      };
    },

    async get(id: number): Promise<Omit<TNoticeDetailResponse, "success">> {
      const row = await store.notices.findById(id);
      if (!row) throw new AppError(404, "NOT_FOUND", NOT_FOUND_MESSAGE);
      const files = await store.notices.listFiles(id);
      return {
        notice: toNotice(row),
        files: files.map(
          (file): TNoticeFile => ({
            id: file.id,
            file_name: file.file_name,
            file_url: storage.publicUrl(file.storage_key),
            size: file.size,
          }),
        ),
      };
    },

    async create(fields: TNoticeFields, uploads: NoticeUpload[], authorId: number): Promise<number> {
      if (uploads.length > MAX_NOTICE_ATTACHMENTS) {
        throw fieldError("files", "too_big", `At most ${MAX_NOTICE_ATTACHMENTS} files can be attached.`, {
          origin: "file",
          maximum: MAX_NOTICE_ATTACHMENTS,
        });
      }
      const content = cleanBody(fields.content);
      // Every file is checked before any is stored, so a bad one leaves nothing behind: the type
      // by its bytes, the size by its header, then decoded and encoded again (image-checks.ts),
      // one at a time so at most one picture is decoded in memory.
      const typed: Array<{ upload: NoticeUpload; image: CheckedImage & { bytes: Buffer } }> = [];
      for (const upload of uploads) {
        const type = detectImageType(upload.bytes);
        if (!type) {
          throw fieldError("files", "not_image", "Only image files (JPEG, PNG, GIF, WebP) can be attached.");
        }
        typed.push({ upload, image: await reencodePublicImage(upload.bytes, type, NOTICE_IMAGE_MAX_PIXELS) });
      }
      const now = clock.now().toISOString();

      const stored: Array<{ file_name: string; storage_key: string; content_type: string; size: number }> =
        [];
      try {
        for (const { upload, image } of typed) {
          const key = await storage.put({
            visibility: "public",
            folder: NOTICE_FILES_FOLDER,
            extension: image.type.extension,
            contentType: image.type.mime,
            bytes: image.bytes,
          });
          stored.push({
            file_name: toDisplayName(upload.filename, image.type),
            storage_key: key,
            content_type: image.type.mime,
            size: image.bytes.length,
          });
        }
        return await store.transaction(async (tx) => {
          const id = await tx.notices.insert({
            title: fields.title,
            content,
            pinned: fields.pinned ? 1 : 0,
            author_id: authorId,
            created_at: now,
          });
          await tx.notices.insertFiles(id, stored, now);
          return id;
        });
      } catch (error) {
        await deleteStoredFiles(stored.map((file) => file.storage_key));
        throw error;
      }
    },

    async update(id: number, fields: TNoticeFields): Promise<void> {
      const before = await store.notices.findById(id);
      if (!before) throw new AppError(404, "NOT_FOUND", NOT_FOUND_MESSAGE);
      const content = cleanBody(fields.content);
      const isUpdated = await store.notices.update(id, {
        title: fields.title,
        content,
        pinned: fields.pinned ? 1 : 0,
        updated_at: clock.now().toISOString(),
      });
      if (!isUpdated) throw new AppError(404, "NOT_FOUND", NOT_FOUND_MESSAGE);
      // Images the edit took out go too, unless another notice still shows them.
      const kept = new Set(inlineImageKeys(content));
      const dropped: string[] = [];
      for (const key of inlineImageKeys(before.content)) {
        if (!kept.has(key) && (await store.notices.countOtherNoticesMentioning(key, id)) === 0)
          dropped.push(key);
      }
      await deleteStoredFiles(dropped);
    },

    async delete(id: number): Promise<void> {
      const row = await store.notices.findById(id);
      if (!row) throw new AppError(404, "NOT_FOUND", NOT_FOUND_MESSAGE);
      const files = await store.notices.listFiles(id);
      const inline: string[] = [];
      for (const key of inlineImageKeys(row.content)) {
        // An image pasted into two notices stays while the other one shows it.
        if ((await store.notices.countOtherNoticesMentioning(key, id)) === 0) inline.push(key);
      }
      const isDeleted = await store.notices.delete(id);
      if (!isDeleted) throw new AppError(404, "NOT_FOUND", NOT_FOUND_MESSAGE);
      await deleteStoredFiles([...files.map((file) => file.storage_key), ...inline]);
    },
  };
}
