/**
 * Our stored images as the outside sees them (issue 26, split from images.service.ts): the URL a
 * key is handed out as (public keys' CDN URL, private ones signed and reused), which keys a user
 * may read, downloads, the detected-regions preview and the CDN cookies. The key layout of tool
 * uploads, masks and notice-editor pictures lives here too, so every module asks one place.
 */
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { builtinRegionsEngine, type RegionsEngine } from "../../drivers/engines/regions-engine.ts";
import { createSignedUrlCache } from "../../drivers/storage/signed-url-cache.ts";
import type { CdnCookie, FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { detectImageType } from "../../lib/image-type.ts";

/** How long the signed URLs in answers live (the page polls and reloads history well within it). */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;
/** How long one signed URL is handed out again (signed-url-cache.ts). */
const SIGNED_URL_REUSE_SECONDS = 5 * 60;
const DOWNLOAD_TTL_SECONDS = 5 * 60;
const CDN_COOKIE_TTL_SECONDS = 12 * 60 * 60;

/** Inline pictures of the notice editor (public); the notices module reads their keys back. */
export const EDITOR_IMAGES_FOLDER = "editor";
export const uploadsFolder = (userId: number) => `uploads/${userId}`;
/** Masks drawn in the mask editor: tool uploads too (purged with them), told apart by the folder. */
export const masksFolder = (userId: number) => `uploads/${userId}/masks`;
/** Whether a key is one of this user's mask uploads (not a photo). */
export const isMaskKey = (userId: number, key: string) => key.startsWith(`private/${masksFolder(userId)}/`);
/** Every tool upload's key starts so (private, under uploads/<user id>/). */
export const TOOL_UPLOADS_PREFIX = "private/uploads/";

export interface ImageFilesDeps {
  store: Store;
  storage: FileStorage;
  /** The regions overlay (built in unless a test hands in another). */
  regions?: RegionsEngine;
  clock: Clock;
}

export type ImageFiles = ReturnType<typeof createImageFiles>;

export const imageNotFound = () => new AppError(404, "NOT_FOUND", "Image not found.");

export function createImageFiles({
  store,
  storage,
  regions: regionsEngine = builtinRegionsEngine,
  clock,
}: ImageFilesDeps) {
  const signedUrls = createSignedUrlCache(storage, clock, {
    ttlSeconds: SIGNED_URL_TTL_SECONDS,
    reuseSeconds: SIGNED_URL_REUSE_SECONDS,
  });

  /** What a client gets for a key: public keys' lasting (CDN) URL, private keys a signed one. */
  async function urlOf(key: string | null): Promise<string | null> {
    if (!key) return null;
    return key.startsWith("public/") ? storage.publicUrl(key) : signedUrls.get(key);
  }

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

  return {
    urlOf,
    ownedKeyOf,

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
