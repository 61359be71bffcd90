/**
 * The embedded storage driver: files under DATA_DIR/files, served by this API. Public keys get a
 * year of caching; private keys only answer to an HMAC-signed URL that has not expired.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { mimeForExtension } from "../../lib/image-type.ts";
import { createFileKey, type FileStorage, isFileKey } from "./storage.ts";

/** Where the local driver's URLs live; outside /api so the API's no-store rule does not apply. */
export const LOCAL_FILES_PREFIX = "/files/";
const PUBLIC_CACHE = "public, max-age=31536000, immutable";

export interface LocalStorageOptions {
  /** DATA_DIR/files */
  root: string;
  /** config.fileUrlSecret */
  secret: string;
  clock: Clock;
}

const ZSignedQuery = z.object({
  expires: z.coerce.number().int().positive().optional(),
  sig: z.string().max(128).optional(),
});

export function createLocalStorage({ root, secret, clock }: LocalStorageOptions): FileStorage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  const sign = (key: string, expires: number) =>
    createHmac("sha256", secret).update(`${key}\n${expires}`).digest("base64url");

  function hasValidSignature(key: string, expires: number | undefined, sig: string | undefined): boolean {
    if (expires === undefined || sig === undefined) return false;
    if (expires * 1000 < clock.now().getTime()) return false;
    const expected = Buffer.from(sign(key, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  const storage: FileStorage = {
    async put({ visibility, folder, extension, bytes }) {
      const key = createFileKey(visibility, folder, extension);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // "wx": never overwrite; a random 128-bit key colliding would be a bug worth an error.
      await writeFile(file, bytes, { flag: "wx" });
      return key;
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      await rm(fileOf(key), { force: true });
    },

    publicUrl: (key) => `${LOCAL_FILES_PREFIX}${key}`,

    signedUrl(key, ttlSeconds) {
      const expires = Math.floor(clock.now().getTime() / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return `${LOCAL_FILES_PREFIX}${key}?expires=${expires}&sig=${sign(key, expires)}`;
    },

    keyFromPublicUrl(url) {
      if (!url.startsWith(LOCAL_FILES_PREFIX)) return null;
      const key = url.slice(LOCAL_FILES_PREFIX.length).split(/[?#]/)[0] ?? "";
      return isFileKey(key) && key.startsWith("public/") ? key : null;
    },

    registerRoutes(app: FastifyInstance) {
      app.get(`${LOCAL_FILES_PREFIX}*`, async (request, reply) => {
        const key = (request.params as { "*": string })["*"];
        const notFound = new AppError(404, "NOT_FOUND", "File not found.");
        if (!isFileKey(key)) throw notFound;
        const mime = mimeForExtension(key.slice(key.lastIndexOf(".") + 1));
        if (!mime) throw notFound;
        if (key.startsWith("private/")) {
          const query = ZSignedQuery.safeParse(request.query);
          const { expires, sig } = query.success ? query.data : {};
          if (!hasValidSignature(key, expires, sig))
            throw new AppError(403, "FORBIDDEN", "This file link is invalid or has expired.");
          // Cache no longer than the link lives.
          const remaining = (expires ?? 0) - Math.floor(clock.now().getTime() / 1000);
          reply.header("cache-control", `private, max-age=${Math.max(0, Math.min(300, remaining))}`);
        } else {
          reply.header("cache-control", PUBLIC_CACHE);
        }
        const file = fileOf(key);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) throw notFound;
        return reply
          .type(mime)
          .header("content-length", info.size)
          .header("content-disposition", "inline")
          .send(createReadStream(file));
      });
    },
  };
  return storage;
}
