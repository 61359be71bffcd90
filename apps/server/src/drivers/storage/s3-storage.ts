/**
 * The S3-compatible storage driver (ARCHITECTURE "files" at scale): objects in one bucket,
 * presigned PUT/GET, public keys answered on the image CDN host when one is set (spec 01 §7:
 * "Image URLs from the storage bucket are rewritten to an image CDN host; signed URLs are left as
 * they are"), and CloudFront signed cookies for a CDN that serves private keys too.
 */
import { createSign } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { TStorageConfig } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import { dependencyOf, dependencyUnavailable } from "../../lib/dependency-error.ts";
import {
  type CdnCookie,
  createFileKey,
  DOWNLOAD_NAME_PATTERN,
  type FileStorage,
  isFileKey,
} from "./storage.ts";

type S3Config = Extract<TStorageConfig, { driver: "s3" }>;

/** The bucket's own URL prefix (path-style or virtual-hosted), ending without a slash. */
export function bucketBaseUrl(config: S3Config): string {
  if (!config.endpoint) return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const endpoint = new URL(config.endpoint);
  const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, "");
  if (config.forcePathStyle) return `${base}/${config.bucket}`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, "")}`;
}

/** CloudFront's URL-safe base64 (+ → -, = → _, / → ~). */
function cloudFrontBase64(bytes: Buffer | string): string {
  return Buffer.from(bytes).toString("base64").replace(/\+/g, "-").replace(/=/g, "_").replace(/\//g, "~");
}

function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

const S3_CONNECT_TIMEOUT_MS = 2000;
const S3_IDLE_TIMEOUT_MS = 5000;
const S3_MAX_ATTEMPTS = 2;

/** The bucket not answering (refused, cut, timed out, 5xx) becomes 503 DEPENDENCY_UNAVAILABLE. */
function outage<T>(request: Promise<T>): Promise<T> {
  return request.catch((error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (dependencyOf(error) !== null || (typeof status === "number" && status >= 500))
      throw dependencyUnavailable("storage", error);
    throw error;
  });
}

export function createS3Storage(config: S3Config, clock: Clock): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Only checksums we ask for: presigned URLs stay plain and S3-compatible servers accept them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that refuses or stops answering fails a request within a bound (issue 28):
    // connect within 2 s, no 5 s without a byte either way, one retry.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_IDLE_TIMEOUT_MS },
    maxAttempts: S3_MAX_ATTEMPTS,
  });
  const base = bucketBaseUrl(config);
  const cdnBase = config.cdnHost ? `https://${config.cdnHost}` : null;

  function keyAfter(prefix: string, url: string): string | null {
    if (!url.startsWith(`${prefix}/`)) return null;
    const key = decodeURIComponent(url.slice(prefix.length + 1).split(/[?#]/)[0] ?? "");
    return isFileKey(key) ? key : null;
  }

  const storage: FileStorage = {
    async ping(timeoutMs) {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    },

    async put({ visibility, folder, extension, contentType, bytes }) {
      const key = createFileKey(visibility, folder, extension);
      await storage.putAt(key, bytes, contentType);
      return key;
    },

    async putAt(key, bytes, contentType) {
      if (!isFileKey(key)) throw new Error(`invalid storage key "${key}"`);
      await outage(
        client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            CacheControl: key.startsWith("public/")
              ? "public, max-age=31536000, immutable"
              : "private, max-age=300",
          }),
        ),
      );
    },

    async get(key) {
      if (!isFileKey(key)) return null;
      try {
        const object = await outage(client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key })));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      if (!isFileKey(key)) return false;
      try {
        await outage(client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key })));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      await outage(client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key })));
    },

    publicUrl: (key) => `${cdnBase ?? base}/${key}`,

    signedUrl(key, ttlSeconds, options = {}) {
      const name = options.downloadName;
      if (name !== undefined && !DOWNLOAD_NAME_PATTERN.test(name))
        throw new Error(`invalid download name "${name}"`);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: config.bucket,
          Key: key,
          ...(name ? { ResponseContentDisposition: `attachment; filename="${name}"` } : {}),
        }),
        { expiresIn: Math.max(1, Math.floor(ttlSeconds)) },
      );
    },

    keyFromPublicUrl(url) {
      const key = storage.keyFromUrl(url);
      return key?.startsWith("public/") ? key : null;
    },

    keyFromUrl(url) {
      return (cdnBase ? keyAfter(cdnBase, url) : null) ?? keyAfter(base, url);
    },

    async presignUpload(key, input, ttlSeconds) {
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          ContentType: input.contentType,
          ContentLength: input.contentLength,
          ChecksumSHA256: input.checksumSha256,
        }),
        {
          expiresIn: Math.max(1, Math.floor(ttlSeconds)),
          // Signed as headers, so S3 itself refuses other bytes (x-amz-checksum-sha256).
          signableHeaders: new Set(["content-type", "content-length", "x-amz-checksum-sha256"]),
          unhoistableHeaders: new Set(["x-amz-checksum-sha256"]),
        },
      );
      return {
        url,
        requiredHeaders: { "content-type": input.contentType, "x-amz-checksum-sha256": input.checksumSha256 },
      };
    },

    issueCdnCookies(ttlSeconds) {
      const cf = config.cloudFront;
      if (!cf || !cdnBase) return null;
      const expires = new Date(clock.now().getTime() + ttlSeconds * 1000);
      const policy = JSON.stringify({
        Statement: [
          {
            Resource: `${cdnBase}/*`,
            Condition: { DateLessThan: { "AWS:EpochTime": Math.floor(expires.getTime() / 1000) } },
          },
        ],
      });
      const signature = createSign("RSA-SHA1").update(policy).sign(cf.privateKey);
      return [
        { name: "CloudFront-Policy", value: cloudFrontBase64(policy), domain: cf.cookieDomain, expires },
        {
          name: "CloudFront-Signature",
          value: cloudFrontBase64(signature),
          domain: cf.cookieDomain,
          expires,
        },
        { name: "CloudFront-Key-Pair-Id", value: cf.keyPairId, domain: cf.cookieDomain, expires },
      ] satisfies CdnCookie[];
    },

    registerRoutes() {},
  };
  return storage;
}
