/**
 * Upload intake (issue 26, split from images.service.ts): the tools' inputs, masks from the mask
 * editor, the notice editor's pictures, presigned uploads and their confirmation, and the purge
 * of tool uploads after their retention. Tool uploads are private: only their owner gets (signed)
 * URLs to them.
 */
import { createHash } from "node:crypto";
import { NOTICE_IMAGE_MAX_PIXELS, UPLOAD_IMAGE_FIELD } from "@gyeol/shared/contracts/notices";
import type { UploadRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import { createFileKey, type FileStorage, normalizeSha256 } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import { detectImageType } from "../../lib/image-type.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import {
  assertAllowedContent,
  assertJpegOrPng,
  checkToolImage,
  readMaskImage,
  reencodePublicImage,
} from "./image-checks.ts";
import {
  EDITOR_IMAGES_FOLDER,
  type ImageFiles,
  isMaskKey,
  masksFolder,
  TOOL_UPLOADS_PREFIX,
  uploadsFolder,
} from "./image-files.ts";

const PRESIGN_UPLOAD_TTL_SECONDS = 10 * 60;
const PURGE_BATCH = 200;

/** spec 02 §5 "Face edit": a run without a saved mask asks the person to draw it. */
export const MASK_REQUIRED_MESSAGE = "Draw the area to change!";

export interface ImageUploadsDeps {
  store: Store;
  storage: FileStorage;
  moderation: ModerationDriver;
  clock: Clock;
  limits: { maxBytes: number; maxPixels: number };
  files: Pick<ImageFiles, "urlOf">;
}

export type ImageUploads = ReturnType<typeof createImageUploads>;

export function createImageUploads({ store, storage, moderation, clock, limits, files }: ImageUploadsDeps) {
  const now = () => clock.now().toISOString();
  const { urlOf } = files;

  /**
   * Stores a file and then its uploads row; when the row cannot be written (the database locked
   * or full: 503) the file is taken back, so a refused upload leaves nothing behind (issue 28).
   */
  async function putWithRow(
    file: Parameters<FileStorage["put"]>[0],
    row: Omit<Parameters<typeof store.images.insertUpload>[0], "key">,
  ): Promise<string> {
    const key = await storage.put(file);
    try {
      await store.images.insertUpload({ key, ...row });
    } catch (error) {
      await storage.delete(key).catch(() => {});
      throw error;
    }
    return key;
  }

  /** A tool upload's checks (type, pixels, the engine's limits, content) without writing anything. */
  const checkToolUpload = (bytes: Buffer) =>
    checkToolImage(bytes, { moderation, maxPixels: limits.maxPixels, canConvert: true });

  async function storeToolUpload(
    user: Pick<UserRow, "id">,
    bytes: Buffer,
    given?: Awaited<ReturnType<typeof checkToolUpload>>,
  ) {
    const checked = given ?? (await checkToolUpload(bytes));
    const key = await putWithRow(
      {
        visibility: "private",
        folder: uploadsFolder(user.id),
        extension: checked.type.extension,
        contentType: checked.type.mime,
        bytes: checked.bytes,
      },
      {
        user_id: user.id,
        status: "ready",
        mime: checked.type.mime,
        size: checked.bytes.length,
        checksum_sha256: null,
        width: checked.width,
        height: checked.height,
        created_at: now(),
      },
    );
    return { imageUrl: (await urlOf(key))!, width: checked.width, height: checked.height };
  }

  /** A mask's bytes as the engines read them (readMaskImage), in place of what the browser sent. */
  async function readPaintedMask(bytes: Uint8Array) {
    const mask = await readMaskImage(bytes, limits.maxPixels);
    if (mask.painted === 0) throw new AppError(400, "MASK_REQUIRED", MASK_REQUIRED_MESSAGE);
    return mask;
  }

  async function storeConfirmedMask(key: string, bytes: Buffer) {
    const mask = await readPaintedMask(bytes);
    await storage.putAt(key, mask.png, "image/png");
    return { width: mask.width, height: mask.height, pngLength: mask.png.length };
  }

  return {
    /** POST /api/image/upload-s3: a tool input, private and purged on schedule, whoever uploads it. */
    uploadToolImage: (user: Pick<UserRow, "id">, bytes: Buffer) => storeToolUpload(user, bytes),

    /**
     * Issue 27 "a refused request stores nothing": a tool's checks first (checkToolUpload), its
     * own rules and the credits next, then the write (storeCheckedToolUpload); uploads written
     * for a request refused after all are taken back (discardToolUploads).
     */
    checkToolUpload,
    storeCheckedToolUpload: (
      user: Pick<UserRow, "id">,
      checked: Awaited<ReturnType<typeof checkToolUpload>>,
    ) => storeToolUpload(user, Buffer.from(checked.bytes), checked),
    async discardToolUploads(keys: readonly string[]) {
      for (const key of keys) {
        await storage.delete(key).catch(() => {});
        await store.images.deleteUpload(key).catch(() => {});
      }
    },

    /**
     * POST /api/image/upload-s3?purpose=mask: a mask from the mask editor, private and purged like
     * tool uploads. It is stored as what the engines read — a one-channel PNG, white where painted
     * (opaque pixels where the mask has transparency, else bright or coloured ones) — so no photo
     * is kept under a mask's name and nothing in it needs the content classifier. A mask with
     * nothing painted is refused (MASK_REQUIRED).
     */
    async uploadMaskImage(user: Pick<UserRow, "id">, bytes: Buffer) {
      const mask = await readPaintedMask(bytes);
      const key = await putWithRow(
        {
          visibility: "private",
          folder: masksFolder(user.id),
          extension: "png",
          contentType: "image/png",
          bytes: mask.png,
        },
        {
          user_id: user.id,
          status: "ready",
          mime: "image/png",
          size: mask.png.length,
          checksum_sha256: null,
          width: mask.width,
          height: mask.height,
          created_at: now(),
        },
      );
      return { imageUrl: (await urlOf(key))!, width: mask.width, height: mask.height };
    },

    /**
     * POST /api/image/upload-s3?purpose=notice (the route lets only administrators here): a notice
     * editor picture. It stays public, may be GIF or WebP too and is decoded and encoded again like
     * notice attachments (a JPEG/PNG also passes the classifier).
     */
    async uploadEditorImage(user: Pick<UserRow, "id">, bytes: Buffer) {
      const type = detectImageType(bytes);
      if (!type) {
        throw fieldError(
          UPLOAD_IMAGE_FIELD,
          "not_image",
          "Only image files (JPEG, PNG, GIF, WebP) can be uploaded.",
        );
      }
      // Public: stored as we encoded it again, without its metadata, never as uploaded.
      const checked = await reencodePublicImage(bytes, type, NOTICE_IMAGE_MAX_PIXELS);
      const isToolType = type.mime === "image/jpeg" || type.mime === "image/png";
      if (isToolType) await assertAllowedContent(checked.bytes, moderation);
      const file = {
        visibility: "public" as const,
        folder: EDITOR_IMAGES_FOLDER,
        extension: type.extension,
        contentType: type.mime,
        bytes: checked.bytes,
      };
      if (!isToolType) return { imageUrl: storage.publicUrl(await storage.put(file)) };
      const key = await putWithRow(file, {
        user_id: user.id,
        status: "ready",
        mime: type.mime,
        size: checked.bytes.length,
        checksum_sha256: null,
        width: checked.width,
        height: checked.height,
        created_at: now(),
      });
      return { imageUrl: storage.publicUrl(key), width: checked.width, height: checked.height };
    },

    /** POST /api/image/presign-upload: a PUT URL for exactly these bytes, and the key to confirm. */
    async presignUpload(
      user: Pick<UserRow, "id">,
      body: {
        mime: "image/jpeg" | "image/png";
        kind?: "input" | "mask" | "reference";
        contentLength: number;
        checksumSha256: string;
      },
    ) {
      if (body.contentLength > limits.maxBytes) {
        throw new AppError(
          413,
          "PAYLOAD_TOO_LARGE",
          `Images up to ${Math.round(limits.maxBytes / 1048576)} MB.`,
          // The page names the limit in its own sentence (issue 26).
          { maxBytes: limits.maxBytes },
        );
      }
      const checksum = normalizeSha256(body.checksumSha256);
      if (!checksum)
        throw new AppError(400, "VALIDATION_ERROR", "checksumSha256: give the SHA-256 in hex or base64.");
      // kind "mask": kept under the masks folder, which is what makes it a mask (isMaskKey); the
      // confirm stores it as its one-channel PNG, so its key names a PNG whatever was announced.
      const isMask = body.kind === "mask";
      const key = isMask
        ? createFileKey("private", masksFolder(user.id), "png")
        : createFileKey("private", uploadsFolder(user.id), body.mime === "image/png" ? "png" : "jpg");
      await store.images.insertUpload({
        key,
        user_id: user.id,
        status: "pending",
        mime: body.mime,
        size: body.contentLength,
        checksum_sha256: checksum,
        width: null,
        height: null,
        created_at: now(),
      });
      const presigned = await storage.presignUpload(
        key,
        { contentType: body.mime, contentLength: body.contentLength, checksumSha256: checksum },
        PRESIGN_UPLOAD_TTL_SECONDS,
      );
      return { success: true as const, ...presigned, key };
    },

    /**
     * POST /api/image/confirm-upload: the stored bytes are checked like any upload, else removed.
     * A mask (presigned with kind "mask") is checked and kept like uploadMaskImage's: rewritten as
     * its one-channel PNG, refused when nothing is painted, and never sent to the photo classifier.
     */
    async confirmUpload(user: Pick<UserRow, "id">, key: string) {
      const upload: UploadRow | undefined = await store.images.findUpload(key);
      if (!upload || upload.user_id !== user.id) throw new AppError(404, "NOT_FOUND", "Upload not found.");
      if (upload.status === "ready") {
        return {
          success: true as const,
          imageUrl: (await urlOf(key))!,
          width: upload.width,
          height: upload.height,
          key,
        };
      }
      const bytes = await storage.get(key);
      if (!bytes) throw new AppError(400, "VALIDATION_ERROR", "Nothing was uploaded to this key yet.");
      const sha = createHash("sha256").update(bytes).digest("base64");
      try {
        if (bytes.length !== upload.size || sha !== upload.checksum_sha256) {
          throw new AppError(
            400,
            "CHECKSUM_MISMATCH",
            "The uploaded bytes do not match the announced size and checksum.",
          );
        }
        // Not JPEG or PNG inside: UNSUPPORTED_IMAGE_TYPE, before the announced type is compared.
        if (assertJpegOrPng(bytes).mime !== upload.mime)
          throw new AppError(400, "INVALID_IMAGE", "The image's type does not match the announced one.");
        const checked = isMaskKey(user.id, key)
          ? await storeConfirmedMask(key, bytes)
          : await checkToolImage(bytes, { moderation, maxPixels: limits.maxPixels });
        await store.images.markUploadReady(key, checked);
        return {
          success: true as const,
          imageUrl: (await urlOf(key))!,
          width: checked.width,
          height: checked.height,
          key,
        };
      } catch (error) {
        await storage.delete(key);
        await store.images.deleteUpload(key);
        throw error;
      }
    },

    /**
     * Deletes tool uploads (and their regions overlays) `retentionDays` after they were last
     * processed (spec 01 §4 "uploaded content is deleted 30 days after processing", §9 privacy:
     * uploads 30 days). History items keep their results and lose only the original. Notice
     * editor images are content, not uploads, and stay. Says how many went and how many failed.
     */
    async purgeExpiredUploads(retentionDays: number): Promise<{ purged: number; failed: number }> {
      const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS).toISOString();
      let purged = 0;
      let failed = 0;
      for (;;) {
        const due = await store.images.listExpiredUploads(TOOL_UPLOADS_PREFIX, cutoff, PURGE_BATCH);
        let purgedNow = 0;
        for (const upload of due) {
          try {
            // Files first: a failure leaves the row, so the next run tries again.
            await storage.delete(upload.key);
            if (upload.overlay_key) await storage.delete(upload.overlay_key);
            await store.transaction(async (tx) => {
              await tx.images.forgetOriginal(upload.key);
              await tx.images.deleteUpload(upload.key);
            });
            purgedNow++;
          } catch {
            // One file the storage will not delete must not hold up every upload after it; the
            // cron's log shows the count, and the next run tries it again.
            failed++;
          }
        }
        purged += purgedNow;
        // A short batch was the last; a batch of nothing but failures would come back the same.
        if (due.length < PURGE_BATCH || purgedNow === 0) return { purged, failed };
      }
    },
  };
}
