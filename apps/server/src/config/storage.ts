/** File storage (ARCHITECTURE "files"): local files behind signed URLs, or an S3-compatible bucket. */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { definePort, issues, zBool, zOptionalText } from "./env.ts";

export type TStorageConfig =
  | { driver: "local" }
  | {
      driver: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      cdnHost: string | undefined;
      cloudFront: { keyPairId: string; privateKey: string; cookieDomain: string | undefined } | undefined;
    };

export interface TStoragePortConfig {
  storage: TStorageConfig;
  /** HMAC key of signed file URLs (local storage); random per boot when unset (one process only). */
  fileUrlSecret: string;
}

export const storagePort = definePort(
  "storage",
  {
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    FILE_URL_SECRET: zOptionalText.pipe(z.string().min(32, "use at least 32 characters").optional()),
    S3_BUCKET: zOptionalText,
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ENDPOINT: zOptionalText.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: zOptionalText,
    S3_SECRET_ACCESS_KEY: zOptionalText,
    S3_FORCE_PATH_STYLE: zBool(false),
    IMAGE_CDN_HOST: zOptionalText,
    CLOUDFRONT_KEY_PAIR_ID: zOptionalText,
    CLOUDFRONT_PRIVATE_KEY: zOptionalText,
    CLOUDFRONT_COOKIE_DOMAIN: zOptionalText,
  },
  (e) => {
    const fileUrlSecret = e.FILE_URL_SECRET ?? randomBytes(32).toString("base64url");
    if (e.STORAGE_DRIVER === "local") {
      return {
        storage: Object.freeze({ driver: "local" as const }),
        fileUrlSecret,
      } satisfies TStoragePortConfig;
    }
    if (!e.S3_BUCKET) return issues("S3_BUCKET: required when STORAGE_DRIVER=s3");
    const cloudFront =
      e.CLOUDFRONT_KEY_PAIR_ID && e.CLOUDFRONT_PRIVATE_KEY
        ? {
            keyPairId: e.CLOUDFRONT_KEY_PAIR_ID,
            privateKey: e.CLOUDFRONT_PRIVATE_KEY.replaceAll("\\n", "\n"),
            cookieDomain: e.CLOUDFRONT_COOKIE_DOMAIN,
          }
        : undefined;
    const storage: TStorageConfig = {
      driver: "s3",
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      cdnHost: e.IMAGE_CDN_HOST?.replace(/^https?:\/\//, "").replace(/\/+$/, ""),
      cloudFront,
    };
    return { storage: Object.freeze(storage), fileUrlSecret } satisfies TStoragePortConfig;
  },
);
