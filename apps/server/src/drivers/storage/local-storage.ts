/**
 * The embedded storage driver: files under DATA_DIR/files, served by this API. Public keys get a
 * year of caching; private keys only answer to an HMAC-signed URL that has not expired. Presigned
 * uploads are a signed PUT to this same path that must carry exactly the announced bytes.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { access, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { mimeForExtension } from "../../lib/image-type.ts";
import { createFileKey, DOWNLOAD_NAME_PATTERN, type FileStorage, isFileKey } from "./storage.ts";

/** Where the local driver's URLs live; outside /api so the API's no-store rule does not apply. */
export const LOCAL_FILES_PREFIX = "/files/";
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface LocalStorageOptions {
  /** DATA_DIR/files */
  root: string;
  /** config.fileUrlSecret */
  secret: string;
  clock: Clock;
  /** Largest presigned PUT body (config.uploads.maxBytes). */
  maxUploadBytes?: number;
}

const ZSignedQuery = z.object({
  expires: z.coerce.number().int().positive().optional(),
  sig: z.string().max(128).optional(),
  dl: z.string().max(100).optional(),
});

const ZPutQuery = z.object({
  expires: z.coerce.number().int().positive(),
  len: z.coerce.number().int().positive(),
  sha: z.string().max(64),
  sig: z.string().max(128),
});

function isSameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createLocalStorage({
  root,
  secret,
  clock,
  maxUploadBytes = DEFAULT_MAX_UPLOAD_BYTES,
}: LocalStorageOptions): FileStorage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  const hmac = (text: string) => createHmac("sha256", secret).update(text).digest("base64url");
  const sign = (key: string, expires: number, dl?: string) =>
    hmac(`${key}\n${expires}${dl ? `\n${dl}` : ""}`);
  const signPut = (key: string, expires: number, len: number, sha: string) =>
    hmac(`PUT\n${key}\n${expires}\n${len}\n${sha}`);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function hasValidSignature(key: string, query: z.infer<typeof ZSignedQuery>): boolean {
    const { expires, sig, dl } = query;
    if (expires === undefined || sig === undefined) return false;
    if (expires * 1000 < clock.now().getTime()) return false;
    return isSameText(sign(key, expires, dl), sig);
  }

  async function writeAtomically(key: string, bytes: Uint8Array) {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  const storage: FileStorage = {
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },

    async put({ visibility, folder, extension, bytes }) {
      const key = createFileKey(visibility, folder, extension);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // "wx": never overwrite; a random 128-bit key colliding would be a bug worth an error.
      await writeFile(file, bytes, { flag: "wx" });
      return key;
    },

    async putAt(key, bytes) {
      if (!isFileKey(key)) throw new Error(`invalid storage key "${key}"`);
      await writeAtomically(key, bytes);
    },

    async get(key) {
      if (!isFileKey(key)) return null;
      return readFile(fileOf(key)).catch(() => null);
    },

    async exists(key) {
      if (!isFileKey(key)) return false;
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() === true;
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      await rm(fileOf(key), { force: true });
    },

    publicUrl: (key) => `${LOCAL_FILES_PREFIX}${key}`,

    async signedUrl(key, ttlSeconds, options = {}) {
      const expires = nowSeconds() + Math.max(1, Math.floor(ttlSeconds));
      const dl = options.downloadName;
      if (dl !== undefined && !DOWNLOAD_NAME_PATTERN.test(dl))
        throw new Error(`invalid download name "${dl}"`);
      const dlPart = dl ? `&dl=${encodeURIComponent(dl)}` : "";
      return `${LOCAL_FILES_PREFIX}${key}?expires=${expires}${dlPart}&sig=${sign(key, expires, dl)}`;
    },

    keyFromPublicUrl(url) {
      const key = storage.keyFromUrl(url);
      return key?.startsWith("public/") ? key : null;
    },

    keyFromUrl(url) {
      // Our URLs are site-relative; an absolute one on any host is not ours to vouch for.
      if (!url.startsWith(LOCAL_FILES_PREFIX)) return null;
      const key = url.slice(LOCAL_FILES_PREFIX.length).split(/[?#]/)[0] ?? "";
      return isFileKey(key) ? key : null;
    },

    async presignUpload(key, input, ttlSeconds) {
      const expires = nowSeconds() + Math.max(1, Math.floor(ttlSeconds));
      const sha = Buffer.from(input.checksumSha256, "base64").toString("hex");
      const sig = signPut(key, expires, input.contentLength, sha);
      return {
        url: `${LOCAL_FILES_PREFIX}${key}?expires=${expires}&len=${input.contentLength}&sha=${sha}&sig=${sig}`,
        requiredHeaders: { "content-type": input.contentType },
      };
    },

    issueCdnCookies: () => null,

    registerRoutes(app: FastifyInstance) {
      app.get(`${LOCAL_FILES_PREFIX}*`, async (request, reply) => {
        const key = (request.params as { "*": string })["*"];
        const notFound = new AppError(404, "NOT_FOUND", "File not found.");
        if (!isFileKey(key)) throw notFound;
        const mime = mimeForExtension(key.slice(key.lastIndexOf(".") + 1));
        if (!mime) throw notFound;
        const parsed = ZSignedQuery.safeParse(request.query);
        const query = parsed.success ? parsed.data : {};
        let disposition = "inline";
        if (key.startsWith("private/") || query.dl !== undefined) {
          if (!hasValidSignature(key, query))
            throw new AppError(403, "FORBIDDEN", "This file link is invalid or has expired.");
          // Cache no longer than the link lives.
          const remaining = (query.expires ?? 0) - nowSeconds();
          reply.header("cache-control", `private, max-age=${Math.max(0, Math.min(300, remaining))}`);
          if (query.dl && DOWNLOAD_NAME_PATTERN.test(query.dl))
            disposition = `attachment; filename="${query.dl}"`;
        } else {
          reply.header("cache-control", PUBLIC_CACHE);
        }
        const file = fileOf(key);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) throw notFound;
        return reply
          .type(mime)
          .header("content-length", info.size)
          .header("content-disposition", disposition)
          .send(createReadStream(file));
      });

      // The presigned PUT: raw bytes, exactly the announced length and SHA-256, once per key.
      app.register(async (scope) => {
        scope.addContentTypeParser(
          ["image/jpeg", "image/png", "application/octet-stream"],
          { parseAs: "buffer", bodyLimit: maxUploadBytes },
          (_request, body, done) => done(null, body),
        );
        scope.put(`${LOCAL_FILES_PREFIX}*`, async (request, reply) => {
          const key = (request.params as { "*": string })["*"];
          const query = ZPutQuery.safeParse(request.query);
          const forbidden = new AppError(403, "FORBIDDEN", "This upload link is invalid or has expired.");
          if (!isFileKey(key) || !query.success) throw forbidden;
          const { expires, len, sha, sig } = query.data;
          if (expires < nowSeconds() || !isSameText(signPut(key, expires, len, sha), sig)) throw forbidden;
          const body = request.body;
          if (!Buffer.isBuffer(body))
            throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the raw image bytes.");
          if (body.length !== len || createHash("sha256").update(body).digest("hex") !== sha) {
            throw new AppError(
              400,
              "CHECKSUM_MISMATCH",
              "The bytes do not match the announced size and checksum.",
            );
          }
          await writeAtomically(key, body);
          return reply.code(200).send({ success: true });
        });
      });
    },
  };
  return storage;
}
