/**
 * Images on their own: uploads (the tools' inputs and the notice editor's pictures), presigned
 * uploads, downloads, the history list (spec 02 §3, §7) and the detected-regions preview.
 * Tool uploads are private: only their owner gets (signed) URLs to them.
 */
import { createHash } from "node:crypto";
import { historyPage, type THistoryQuery, type THistoryResponse } from "@gyeol/shared/contracts/images";
import { NOTICE_IMAGE_MAX_PIXELS, UPLOAD_IMAGE_FIELD } from "@gyeol/shared/contracts/notices";
import { z } from "zod";
import type { ImageRow, UploadRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import { builtinRegionsEngine, type RegionsEngine } from "../../drivers/engines/regions-engine.ts";
import { createSignedUrlCache } from "../../drivers/storage/signed-url-cache.ts";
import {
  type CdnCookie,
  createFileKey,
  type FileStorage,
  normalizeSha256,
} from "../../drivers/storage/storage.ts";
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
import { retouchSettingsOf } from "./retouch-settings.ts";
import { runInputsOf } from "./run-inputs.ts";
import { vendorTaskFields } from "./vendor-task-fields.ts";

/** How long the signed URLs in answers live (the page polls and reloads history well within it). */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;
/** How long one signed URL is handed out again (signed-url-cache.ts). */
const SIGNED_URL_REUSE_SECONDS = 5 * 60;
const PRESIGN_UPLOAD_TTL_SECONDS = 10 * 60;
/**
 * How long a history page's answer is handed out again while its rows are unchanged: well within
 * SIGNED_URL_REUSE_SECONDS, so its signed URLs are the ones a fresh answer would carry.
 */
const HISTORY_PAGE_MS = 60_000;
/** History pages kept at most (a page is ~20 KB of strings shared with the signed-URL cache). */
const HISTORY_PAGES_KEPT = 2000;
const DOWNLOAD_TTL_SECONDS = 5 * 60;
const CDN_COOKIE_TTL_SECONDS = 12 * 60 * 60;

/** Inline pictures of the notice editor (public); the notices module reads their keys back. */
export const EDITOR_IMAGES_FOLDER = "editor";
export const uploadsFolder = (userId: number) => `uploads/${userId}`;
/** Masks drawn in the mask editor: tool uploads too (purged with them), told apart by the folder. */
export const masksFolder = (userId: number) => `uploads/${userId}/masks`;
/** Whether a key is one of this user's mask uploads (not a photo). */
export const isMaskKey = (userId: number, key: string) => key.startsWith(`private/${masksFolder(userId)}/`);
/** spec 02 §5 "Face edit": a run without a saved mask asks the person to draw it. */
export const MASK_REQUIRED_MESSAGE = "Draw the area to change!";
/** Every tool upload's key starts so (private, under uploads/<user id>/). */
const TOOL_UPLOADS_PREFIX = "private/uploads/";
const PURGE_BATCH = 200;

const ZKeyList = z.array(z.string());

export interface ImagesServiceDeps {
  store: Store;
  storage: FileStorage;
  moderation: ModerationDriver;
  /** The regions overlay (built in unless a test hands in another). */
  regions?: RegionsEngine;
  clock: Clock;
  limits: { maxBytes: number; maxPixels: number };
}

export type ImagesService = ReturnType<typeof createImagesService>;

export function createImagesService({
  store,
  storage,
  moderation,
  regions: regionsEngine = builtinRegionsEngine,
  clock,
  limits,
}: ImagesServiceDeps) {
  const now = () => clock.now().toISOString();
  const signedUrls = createSignedUrlCache(storage, clock, {
    ttlSeconds: SIGNED_URL_TTL_SECONDS,
    reuseSeconds: SIGNED_URL_REUSE_SECONDS,
  });

  /** What a client gets for a key: public keys' lasting (CDN) URL, private keys a signed one. */
  async function urlOf(key: string | null): Promise<string | null> {
    if (!key) return null;
    return key.startsWith("public/") ? storage.publicUrl(key) : signedUrls.get(key);
  }

  /** The signed URL of a tool upload that is still kept, or null once it was purged. */
  async function storedUrlOf(key: string | null): Promise<string | null> {
    if (!key || !(await store.images.findUpload(key))) return null;
    return urlOf(key);
  }

  const imageNotFound = () => new AppError(404, "NOT_FOUND", "Image not found.");

  /** History pages' answers by user and query (insertion order is age order; see history()). */
  const historyPages = new Map<string, { stamp: string; answer: THistoryResponse; until: number }>();

  /**
   * The key behind a URL of ours that this user may read: their own checked upload (an
   * administrator's public editor pictures included) or one of their images. 400 for other sites'
   * URLs; 404 for everything else, other people's files and keys nobody stored alike, so the
   * answer never tells whether someone else's key exists. A public key is no exception: being
   * readable on the CDN does not make it this user's input or download.
   */
  async function ownedKeyOf(user: Pick<UserRow, "id">, url: string): Promise<string> {
    const key = storage.keyFromUrl(url);
    if (!key)
      throw new AppError(400, "VALIDATION_ERROR", "Only images stored by this service can be used here.");
    const upload = await store.images.findUpload(key);
    if (upload) {
      if (upload.user_id === user.id && upload.status === "ready") return key;
    } else if (await store.images.isUsersImageKey(user.id, key)) {
      return key;
    }
    throw imageNotFound();
  }

  async function toHistoryItem(row: ImageRow) {
    // The job row tells why a failed item failed and what a retouch, image-edit or generation
    // item ran with.
    const hasInputs = row.source === "seedream" || row.source === "kling";
    const job =
      row.job_id && (row.status === "failed" || row.source === "upscale" || hasInputs)
        ? await store.jobs.findById(row.job_id)
        : undefined;
    const all = row.all_image_urls ? ZKeyList.safeParse(JSON.parse(row.all_image_urls)) : null;
    return {
      id: row.id,
      image_url: await urlOf(row.image_url),
      original_image_url: await urlOf(row.original_image_url),
      thumbnail_url: await urlOf(row.thumbnail_url),
      prompt: row.prompt,
      seed: row.seed,
      source: row.source as THistoryResponse["images"][number]["source"],
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
      all_image_urls: all?.success ? ((await Promise.all(all.data.map(urlOf))) as string[]) : null,
      // spec 02 §4.1: runpod_job_id, kling_task_id and seedream_task_id from one mapper.
      ...vendorTaskFields(row),
      // Why a failed item failed: JOB_CANCELLED reads as "cancelled", not "failed", on the page.
      code: row.status === "failed" ? (job?.error_code ?? null) : null,
      // A retouch item's settings, so "run again" on the page reproduces it (issue 24).
      ...(row.source === "upscale" ? { retouch_settings: job ? retouchSettingsOf(job.input) : null } : {}),
      // An image-edit or generation run's inputs, so "run again" refills its form (issue 26); an
      // input purged since (30 days) reads as null rather than as an address that answers 404.
      ...(hasInputs
        ? { run_inputs: job ? await runInputsOf(row.source, job.input, storedUrlOf) : null }
        : {}),
    };
  }

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
    urlOf,
    ownedKeyOf,

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
     * GET /api/image/history/{userId}: own history only, newest first (spec 02 §3). The page
     * re-reads it while it polls a job (spec 02 §4.1), and it rarely changed in between: a page's
     * answer is kept for HISTORY_PAGE_MS and handed out again (the same frozen object, so the
     * route's JSON memo stringifies it once) while the database's stamp of that page
     * (images.repository.ts historyStamp: ids, statuses, update times, originals) is unchanged.
     * The stamp is read on every request, so a change made by any process shows at once.
     */
    async history(
      user: Pick<UserRow, "id">,
      userId: number,
      query: THistoryQuery,
    ): Promise<THistoryResponse> {
      if (userId !== user.id) throw new AppError(403, "FORBIDDEN", "You can only see your own images.");
      // A history row is one job with all its images, so a grouped page is a page of rows.
      const { grouped, limit, offset } = historyPage(query);
      const filter = { ...query, limit, offset };
      const key = JSON.stringify([user.id, query.source, query.status, query.q, grouped, limit, offset]);
      // Read before the rows: a write in between leaves a stamp older than the answer, which only
      // costs the next request a rebuild.
      const stamp = await store.images.historyStamp(user.id, filter);
      const nowMs = clock.now().getTime();
      const kept = historyPages.get(key);
      if (kept && kept.stamp === stamp && kept.until > nowMs) return kept.answer;
      const rows = await store.images.listHistory(user.id, filter);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      const nextOffset = hasMore ? offset + page.length : null;
      const answer: THistoryResponse = Object.freeze({
        success: true,
        images: await Promise.all(page.map(toHistoryItem)),
        pagination: {
          hasMore,
          nextOffset,
          ...(grouped ? { groupHasMore: hasMore, nextGroupOffset: nextOffset } : {}),
        },
        ...(grouped ? { grouped: true } : {}),
      } as const);
      historyPages.delete(key);
      if (historyPages.size >= HISTORY_PAGES_KEPT) historyPages.delete(historyPages.keys().next().value!);
      historyPages.set(key, { stamp, answer, until: nowMs + HISTORY_PAGE_MS });
      return answer;
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

    /** POST /api/image/presign-download: a short signed URL that downloads as gyeol-<id>.jpg. */
    async presignDownload(user: Pick<UserRow, "id">, url: string) {
      const key = await ownedKeyOf(user, url);
      // A row can outlive its file (a purge between its two steps, a lost object): a link is
      // signed only for bytes that are there, or the browser downloads an error page.
      if (!(await storage.exists(key))) throw imageNotFound();
      const extension = key.endsWith(".png") ? "png" : "jpg";
      const filename = `gyeol-${key.slice(key.lastIndexOf("/") + 1, key.lastIndexOf(".")).slice(0, 12)}.${extension}`;
      return {
        success: true as const,
        downloadUrl: await storage.signedUrl(key, DOWNLOAD_TTL_SECONDS, { downloadName: filename }),
        filename,
      };
    },

    /** GET /api/image/download?url=: the bytes of one of our own files this user may read. */
    async download(user: Pick<UserRow, "id">, url: string) {
      const key = await ownedKeyOf(user, url);
      const bytes = await storage.get(key);
      if (!bytes) throw imageNotFound();
      const type = detectImageType(bytes);
      const extension = type?.extension ?? "jpg";
      const filename = `gyeol-${key.slice(key.lastIndexOf("/") + 1, key.lastIndexOf(".")).slice(0, 12)}.${extension}`;
      return { bytes, mime: type?.mime ?? "application/octet-stream", filename };
    },

    /** POST /api/image/regions: the detected regions over an uploaded photo, cached per upload. */
    async regions(user: Pick<UserRow, "id">, imageUrl: string) {
      const key = await ownedKeyOf(user, imageUrl);
      const upload = await store.images.findUpload(key);
      if (upload?.overlay_key && upload.faces_found !== null) {
        return {
          success: true as const,
          facesFound: upload.faces_found,
          overlayUrl: await urlOf(upload.overlay_key),
        };
      }
      const bytes = await storage.get(key);
      if (!bytes) throw imageNotFound();
      const { png, facesFound } = await regionsEngine.overlay(bytes);
      const overlayKey = await storage.put({
        visibility: "private",
        folder: `overlays/${user.id}`,
        extension: "png",
        contentType: "image/png",
        bytes: png,
      });
      if (upload) await store.images.setOverlay(key, overlayKey, facesFound);
      return {
        success: true as const,
        facesFound,
        overlayUrl: await urlOf(overlayKey),
      };
    },

    /** POST /api/image/ensure-cloudfront-cookies: signed cookies for the CDN, when configured. */
    cdnCookies(): CdnCookie[] | null {
      return storage.issueCdnCookies(CDN_COOKIE_TTL_SECONDS);
    },
  };
}
