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

export interface FileStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(input: PutFileInput): Promise<string>;
  /** Removes the file; a missing file is not an error (deletes may be retried). */
  delete(key: string): Promise<void>;
  /** The lasting URL of a public/… key (cacheable for a year: keys are never rewritten). */
  publicUrl(key: string): string;
  /** A URL of any key that stops working after `ttlSeconds`. */
  signedUrl(key: string, ttlSeconds: number): string;
  /** The key behind one of our public URLs, or null for any other URL. */
  keyFromPublicUrl(url: string): string | null;
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
