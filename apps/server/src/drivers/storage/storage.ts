/**
 * The file storage port (ARCHITECTURE "files": a local folder with signed, expiring URLs by
 * default; an S3-compatible bucket at scale). The driver is chosen once at boot; services only
 * see this interface. Keys are made here from a folder and the extension we recognised from the
 * bytes: a user's file name never reaches the file system or the bucket.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** public/… keys are served to anyone with long caching; private/… only through signed URLs. */
export type TFileVisibility = "public" | "private";

export interface PutFileInput {
  visibility: TFileVisibility;
  /** A fixed folder name of ours, such as "notices" (lowercase letters, digits, dashes, slashes). */
  folder: string;
  /** The extension recognised from the bytes (lib/image-type.ts). */
  extension: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface SignedUrlOptions {
  /** Serve as an attachment with this name (made by us, e.g. gyeol-12.jpg; never a user's name). */
  downloadName?: string;
}

export interface PresignUploadInput {
  contentType: string;
  contentLength: number;
  /** SHA-256 of the bytes, base64 (S3's x-amz-checksum-sha256 form). */
  checksumSha256: string;
}

export interface PresignedUpload {
  /** Where the browser PUTs the raw bytes. */
  url: string;
  /** Headers that PUT must carry (they are part of the signature). */
  requiredHeaders: Record<string, string>;
}

export interface CdnCookie {
  name: string;
  value: string;
  domain: string | undefined;
  expires: Date;
}

export interface FileStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(input: PutFileInput): Promise<string>;
  /** Stores bytes at a key the caller made (fileKeyFor): a job run twice writes the same file. */
  putAt(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes of a key, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Whether a file is stored at the key, without reading it (before signing a link to it). */
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error (deletes may be retried). */
  delete(key: string): Promise<void>;
  /** The lasting URL of a public/… key (cacheable for a year: keys are never rewritten). */
  publicUrl(key: string): string;
  /** A URL of any key that stops working after `ttlSeconds` (presigned; never CDN-rewritten). */
  signedUrl(key: string, ttlSeconds: number, options?: SignedUrlOptions): Promise<string>;
  /** The key behind one of our public URLs, or null for any other URL. */
  keyFromPublicUrl(url: string): string | null;
  /** The key behind any URL of ours (public, signed, bucket or CDN host), or null. */
  keyFromUrl(url: string): string | null;
  /** A URL the browser can PUT exactly these bytes to, for a while. */
  presignUpload(key: string, input: PresignUploadInput, ttlSeconds: number): Promise<PresignedUpload>;
  /** CloudFront signed cookies for the image CDN; null when the driver has none configured. */
  issueCdnCookies(ttlSeconds: number): CdnCookie[] | null;
  /**
   * Throws when the store cannot be reached (/readyz): the local folder is not writable, or the
   * bucket does not answer a HEAD within `timeoutMs`.
   */
  ping(timeoutMs: number): Promise<void>;
  /** Routes the driver needs on the API (the local driver serves files; a bucket driver none). */
  registerRoutes(app: FastifyInstance): void;
}

const FOLDER_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
const EXTENSION_PATTERN = /^[a-z0-9]{2,5}$/;

/** Every key a driver accepts back: what `createFileKey` makes and nothing else (no "..", no names). */
export const FILE_KEY_PATTERN = /^(public|private)\/[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

export function createFileKey(visibility: TFileVisibility, folder: string, extension: string): string {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`invalid storage folder "${folder}"`);
  if (!EXTENSION_PATTERN.test(extension)) throw new Error(`invalid storage extension "${extension}"`);
  return `${visibility}/${folder}/${randomBytes(16).toString("hex")}.${extension}`;
}

export function isFileKey(key: string): boolean {
  return FILE_KEY_PATTERN.test(key);
}

/** A key from an id the caller already has (32 hex digits, e.g. a job's uuid without dashes). */
export function fileKeyFor(
  visibility: TFileVisibility,
  folder: string,
  id32: string,
  extension: string,
): string {
  const key = `${visibility}/${folder}/${id32}.${extension}`;
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key "${key}"`);
  return key;
}

/** Our download names only: gyeol-<id>.<ext>. */
export const DOWNLOAD_NAME_PATTERN = /^[a-z0-9-]{1,80}\.(jpg|png)$/;

/** Hex or base64 SHA-256 → base64 (S3's checksum header form); null when it is neither. */
export function normalizeSha256(value: string): string | null {
  if (/^[a-f0-9]{64}$/i.test(value)) return Buffer.from(value, "hex").toString("base64");
  const bytes = Buffer.from(value, "base64");
  return bytes.length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(value) ? value : null;
}
