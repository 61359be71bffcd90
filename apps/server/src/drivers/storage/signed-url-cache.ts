/**
 * Signed URLs reused for a while instead of signed on every answer. The status and history polls
 * (spec 02 §4.1) put the same few keys in every answer; signing each time cost an HMAC (or an S3
 * presign) per URL per poll, and gave the browser a new URL, so a new download, every time.
 * Each URL is signed to live `ttlSeconds + reuseSeconds` and handed out for `reuseSeconds`, so
 * every URL a client receives still has at least `ttlSeconds` to live.
 */
import type { Clock } from "../../lib/clock.ts";
import type { FileStorage } from "./storage.ts";

export interface SignedUrlCache {
  get(key: string): Promise<string>;
}

export interface SignedUrlCacheOptions {
  ttlSeconds: number;
  reuseSeconds: number;
  /** Most keys remembered; the oldest entries go first. */
  limit?: number;
}

export function createSignedUrlCache(
  storage: Pick<FileStorage, "signedUrl">,
  clock: Clock,
  { ttlSeconds, reuseSeconds, limit = 20_000 }: SignedUrlCacheOptions,
): SignedUrlCache {
  // Insertion order is age order; a pending signature is shared by concurrent callers.
  const entries = new Map<string, { url: Promise<string>; until: number }>();
  return {
    get(key) {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.url;
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value!);
      const url = storage.signedUrl(key, ttlSeconds + reuseSeconds);
      entries.set(key, { url, until: now + reuseSeconds * 1000 });
      url.catch(() => {
        if (entries.get(key)?.url === url) entries.delete(key);
      });
      return url;
    },
  };
}
