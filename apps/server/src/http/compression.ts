/**
 * On-the-fly compression for the answers this server builds in memory: API JSON and the HTML the
 * SPA fallback sends (issue 17, Delivery). Built web assets are compressed once at build time
 * (apps/web/scripts/compress-dist.mjs) and @fastify/static picks the .br/.gz sibling, so streamed
 * file bodies are left alone here. Small answers (the status poll) go out as they are: below
 * COMPRESS_MIN_BYTES the headers would cost more than the bytes saved. Written on node:zlib rather
 * than @fastify/compress: the only parts needed are a size floor, a fast brotli level and leaving
 * static files to their precompressed siblings, about 60 lines, without another plugin's stream hooks.
 */
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const COMPRESS_MIN_BYTES = 1024;

/** Brotli's default quality (11) is for build time; 4 is about gzip's speed and still smaller. */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === "br") zlib.brotliCompress(body, BROTLI_OPTIONS, done);
    else zlib.gzip(body, done);
  });
}

/**
 * Bodies sent again and again as the very same Buffer (a kept status or history answer,
 * http/json-memo.ts: a history page is ~13–20 KB, ~120 µs of brotli) are compressed once per
 * encoding; the entry goes with the Buffer.
 */
const compressedOnce = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

function compressKept(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let kept = compressedOnce.get(body);
  if (!kept) {
    kept = {};
    compressedOnce.set(body, kept);
  }
  let compressed = kept[encoding];
  if (!compressed) {
    compressed = compress(body, encoding);
    kept[encoding] = compressed;
    compressed.catch(() => {
      if (kept[encoding] === compressed) delete kept[encoding];
    });
  }
  return compressed;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[a-z.+-]*\+(json|xml))|image\/svg\+xml)/i;

export type Encoding = "br" | "gzip";

/**
 * The encoding to use for an Accept-Encoding header: brotli before gzip among those the client
 * accepts with q > 0 (explicitly or through "*"), or null for the identity.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim().toLowerCase() === "q") {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    q.set(name, weight);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

function appendVary(reply: FastifyReply) {
  const vary = reply.getHeader("vary");
  const current = Array.isArray(vary) ? vary.join(", ") : vary === undefined ? "" : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header("vary", current ? `${current}, Accept-Encoding` : "Accept-Encoding");
}

/** The body's size in bytes, or -1 for what this hook leaves alone (streams, nothing). */
function sizeOf(payload: unknown): number {
  if (typeof payload === "string") return Buffer.byteLength(payload);
  return Buffer.isBuffer(payload) ? payload.length : -1;
}

async function compressPayload(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string | Buffer,
): Promise<string | Buffer> {
  if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (reply.getHeader("content-encoding")) return payload;
  const type = String(reply.getHeader("content-type") ?? "");
  if (!COMPRESSIBLE.test(type)) return payload;
  if (/no-transform/i.test(String(reply.getHeader("cache-control") ?? ""))) return payload;
  appendVary(reply);
  const encoding = negotiateEncoding(request.headers["accept-encoding"]);
  if (!encoding) return payload;
  const compressed =
    typeof payload === "string"
      ? await compress(Buffer.from(payload), encoding)
      : await compressKept(payload, encoding);
  reply.header("content-encoding", encoding);
  reply.removeHeader("content-length");
  return compressed;
}

export function registerCompression(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    // Small answers (every status poll) and streams go on at once, with no promise and no copy.
    if (sizeOf(payload) < COMPRESS_MIN_BYTES) return done(null, payload);
    compressPayload(request, reply, payload as string | Buffer).then(
      (result) => done(null, result),
      (error: Error) => done(error),
    );
  });
}
