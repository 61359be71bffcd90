/**
 * Server configuration: one zod schema over the environment, validated once at boot into a frozen,
 * typed object (ARCHITECTURE "One codebase, two scales"). Nothing else reads process.env.
 *
 * | variable                 | default                        | meaning |
 * |--------------------------|--------------------------------|---------|
 * | PORT                     | 3000                           | TCP port the API listens on (role `api`). |
 * | HOST                     | 0.0.0.0                        | Interface the API binds to. |
 * | DATA_DIR                 | <repo>/data                    | Folder for the SQLite file and, later, local uploads. |
 * | DATABASE_URL             | sqlite file DATA_DIR/gyeol.sqlite | `postgres://` or `postgresql://` selects PostgreSQL; anything else is a SQLite file path (`file:` / `sqlite:` prefixes allowed). |
 * | REDIS_URL                | (unset)                        | Set: jobs go through BullMQ on this Redis (workers scale out); unset: the jobs table is polled in-process. |
 * | ROLES                    | api,worker,cron                | Comma-separated roles this process runs. |
 * | PUBLIC_ORIGIN            | (unset)                        | The public origin, e.g. https://gyeol.app: accepted by the Origin check, makes cookies Secure when https. |
 * | ALLOWED_ORIGINS          | (unset)                        | Extra comma-separated origins the Origin check accepts (e.g. a Vite dev server that rewrites Host). |
 * | TRUST_PROXY              | false                          | Fastify trustProxy: true (trust every hop), false, or comma-separated proxy addresses/CIDRs such as `loopback,10.0.0.0/8`. |
 * | SESSION_TTL_DAYS         | 30                             | Session lifetime in days; renewed (sliding) at most once a day. |
 * | COOKIE_SECURE            | auto                           | true/false; auto = true when PUBLIC_ORIGIN is https. |
 * | LOG_LEVEL                | info                           | pino level: fatal, error, warn, info, debug, trace, silent. |
 * | AUTH_RATE_LIMIT_MAX      | 10                             | Login and register attempts allowed per minute per IP (each route counted separately). |
 * | IMAGE_GENERATION_ENABLED | true                           | Server side of the image-generation flag (GET /api/feature/flags, spec 01 §3). |
 * | AFFILIATE_ENABLED        | true                           | Whether the affiliate programme is on (GET /api/affiliate/enabled). |
 * | WEB_DIST_DIR             | <repo>/apps/web/dist           | The built web app served as static files with the SPA fallback. |
 * | DEMO_MODE                | false (`npm run dev`: true)    | Demo mode (spec README: the original's localhost fake user, made explicit): visitors are signed in as a demo user (credits 999999, plan pro, tools free of charge). Off: no demo user is ever honoured, whatever host serves the page. |
 * | AUTH_SECRET              | random per boot                | HMAC key of the short-lived signed cookies of social sign-in (state, pending age confirmation, restore offer). Multi-process deployments MUST set it (32+ characters). |
 * | GOOGLE_CLIENT_ID         | (unset)                        | Google OAuth client id: the audience Google ID tokens must carry (POST /api/auth/google). Unset: Google sign-in answers PROVIDER_NOT_CONFIGURED. The web app needs the same id as VITE_GOOGLE_CLIENT_ID. |
 * | GOOGLE_CERTS_URL         | https://www.googleapis.com/oauth2/v1/certs | Google's ID-token signing certificates (PEM by key id); tests point it at the contract fake. |
 * | NAVER_CLIENT_ID / NAVER_CLIENT_SECRET | (unset)            | Naver Login application keys; both set = the Naver button works (GET /api/auth/naver). |
 * | NAVER_AUTH_BASE_URL      | https://nid.naver.com          | Naver's authorization and token host (/oauth2.0/authorize, /oauth2.0/token). |
 * | NAVER_API_BASE_URL       | https://openapi.naver.com      | Naver's profile API host (/v1/nid/me). |
 * | KAKAO_CLIENT_ID          | (unset)                        | Kakao REST API key; set = the Kakao button works (GET /api/auth/kakao). |
 * | KAKAO_CLIENT_SECRET      | (unset)                        | Kakao client secret, when the app has one switched on. |
 * | KAKAO_AUTH_BASE_URL      | https://kauth.kakao.com        | Kakao's authorization and token host (/oauth/authorize, /oauth/token). |
 * | KAKAO_API_BASE_URL       | https://kapi.kakao.com         | Kakao's user API host (/v2/user/me). |
 * | OAUTH_REDIRECT_BASE      | the request's origin           | Origin the providers send the browser back to (<base>/api/auth/naver/callback); register that URL with Naver and Kakao. |
 * | MAIL_DRIVER              | log                            | `log`: e-mails (password reset) are written to the log; `smtp`: sent through SMTP_URL. |
 * | SMTP_URL                 | (unset)                        | smtp(s)://user:pass@host:port (required with MAIL_DRIVER=smtp). |
 * | MAIL_FROM                | Gyeol <no-reply@gyeol.app>     | Sender of the e-mails. |
 * | SUPPORT_EMAIL            | (unset)                        | Support address written in the renewal reminder e-mails; unset = the line is left out. |
 * | FILE_URL_SECRET          | random per boot                | HMAC key of signed, expiring file URLs (local storage). Multi-process deployments MUST set it (32+ characters), or one process rejects another's links. |
 * | PAYMENT_PROVIDER         | sandbox                        | `sandbox`: the built-in test checkout with signed webhooks (no real money); `paddle`: Paddle Billing. |
 * | PADDLE_API_KEY           | (unset)                        | Paddle API key (required with paddle). |
 * | PADDLE_WEBHOOK_SECRET    | (unset)                        | Secret of the Paddle notification destination, for Paddle-Signature (required with paddle). |
 * | PADDLE_ENVIRONMENT       | sandbox                        | `sandbox` (sandbox-api.paddle.com) or `production` (api.paddle.com). |
 * | PADDLE_API_BASE_URL      | (unset)                        | Overrides the Paddle API host (the contract fake in tests). |
 * | PADDLE_PRICE_BASIC / _DELUXE / _PREMIUM | (unset)         | Paddle price ids (pri_…) of the monthly plans (required with paddle). |
 * | PADDLE_PRICE_PACKAGE1 … 5 | (unset)                       | Paddle price ids of the five credit packs (required with paddle). |
 * | SANDBOX_WEBHOOK_SECRET   | random per boot                | HMAC key the sandbox signs its events with. Set it when several processes share the sandbox. |
 * | AFFILIATE_WINDOW_DAYS    | 30                             | Referral window: the first-touch link cookie lives this long, and payments this long after the referral is recorded reward the sharer. |
 * | STORAGE_DRIVER           | local                          | `local`: files under DATA_DIR/files behind signed, expiring URLs; `s3`: an S3-compatible bucket (presigned PUT/GET). |
 * | S3_BUCKET                | (unset)                        | Bucket name (required with s3). |
 * | S3_REGION                | us-east-1                      | Region the requests are signed for. |
 * | S3_ENDPOINT              | (unset)                        | Endpoint of an S3-compatible service (MinIO, R2, s3rver); unset = AWS. |
 * | S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY | (unset)         | Static credentials; unset = the AWS SDK's default chain (instance role, env). |
 * | S3_FORCE_PATH_STYLE      | false                          | Path-style bucket URLs (most S3-compatible servers need true). |
 * | IMAGE_CDN_HOST           | (unset)                        | Image CDN host (e.g. img.gyeol.app): bucket URLs of public keys are rewritten to it; presigned URLs are left alone (spec 01 §7). |
 * | CLOUDFRONT_KEY_PAIR_ID   | (unset)                        | CloudFront key pair id for signed cookies (POST /api/image/ensure-cloudfront-cookies); with the private key, enables them. |
 * | CLOUDFRONT_PRIVATE_KEY   | (unset)                        | PEM private key of that key pair (`\n` escapes allowed). |
 * | CLOUDFRONT_COOKIE_DOMAIN | (unset)                        | Domain attribute of the CloudFront cookies (e.g. .gyeol.app); unset = host-only. |
 * | MAINTENANCE_MODE         | false                          | true: POST /api/runpod-upscale answers 503 { maintenance: true } (spec 02 §8). |
 * | UPLOAD_MAX_BYTES         | 26214400 (25 MB)               | Largest tool upload, enforced while the body streams. |
 * | UPLOAD_MAX_PIXELS        | 50000000                       | Largest tool upload in pixels, read from the header before any decoding. |
 * | RUNPOD_API_KEY           | (unset)                        | With RUNPOD_UPSCALE_ENDPOINT_ID, retouch runs on RunPod serverless instead of the built-in engine. |
 * | RUNPOD_UPSCALE_ENDPOINT_ID | (unset)                      | The RunPod serverless endpoint of the original retouch/upscale GPU worker. |
 * | RUNPOD_FACE_EDIT_ENDPOINT_ID | (unset)                    | With RUNPOD_API_KEY, face edit runs on this RunPod endpoint instead of the built-in refine. |
 * | RUNPOD_API_BASE_URL      | https://api.runpod.ai/v2       | RunPod API base (tests point it at the contract fake). |
 * | RUNPOD_POLL_INTERVAL_MS  | 2000                           | How often a worker asks RunPod for a running job's status. |
 * | WORKER_CONCURRENCY       | 1                              | Built-in (CPU) jobs one worker process runs at once (the built-in engine already uses every core). |
 * | REMOTE_WORKER_CONCURRENCY | 16                            | Jobs waiting on a vendor (RunPod, Kling, Seedream) one worker process runs at once. |
 * | JOB_USER_CONCURRENCY     | 1                              | Jobs of one user running at once across all workers (1–2 per the design). |
 * | JOB_MAX_ATTEMPTS         | 2                              | Runs a job may start (crash recovery re-queues below it; at it, the job fails and is refunded). |
 * | JOB_STALE_AFTER_SECONDS  | 120                            | A processing job whose heartbeat is older than this is taken as left by a crashed worker. |
 * | QUEUE_POLL_MS            | 500                            | How often the local queue polls the jobs table (also its sweep for stale jobs). |
 * | HTTP_HEADERS_TIMEOUT_MS  | 20000                          | A connection whose request headers are not complete this long after they began is closed (408). |
 * | HTTP_REQUEST_TIMEOUT_MS  | 120000                         | A request (headers and body) not fully received this long after it began is cut off (408). At least HTTP_HEADERS_TIMEOUT_MS. |
 * | HTTP_KEEP_ALIVE_TIMEOUT_MS | 72000                        | An idle keep-alive connection is closed after this; keep it above a load balancer's idle timeout (AWS ALB: 60 s). |
 * | HTTP_IDLE_TIMEOUT_MS     | 120000                         | A connection with no traffic either way for this long while a request is in progress is closed (slow readers, silent clients). |
 * | LLM_BASE_URL             | (unset)                        | An OpenAI-compatible API (…/v1: OpenAI, Ollama, vLLM, LM Studio, a gateway) for the prompt chat and helpers; with LLM_MODEL it switches them on. Unset: they say the operator has not connected a model. |
 * | LLM_API_KEY              | (unset)                        | Sent as `Authorization: Bearer`; Ollama and LM Studio need none. |
 * | LLM_MODEL                | (unset)                        | The chat model's name at that API (e.g. gpt-4o-mini, qwen2.5:7b). |
 * | LLM_VISION_MODEL         | LLM_MODEL                      | The model for messages with an image (e.g. llava:13b when LLM_MODEL reads text only). |
 * | LLM_TIMEOUT_MS           | 120000                         | Longest wait for one whole reply (504 LLM_TIMEOUT after it). |
 * | LLM_STREAM_IDLE_MS       | 30000                          | Longest silence between two streamed pieces of a reply. |
 * | LLM_MAX_RETRIES          | 2                              | Retries on 408/409/429/5xx and lost connections, with backoff (honouring retry-after). |
 * | LLM_TEST_PROVIDER        | false                          | Marks the model as a stand-in (`npm run dev` sets it when it starts the local fake): the chat page says "test provider". |
 * | KLING_ACCESS_KEY         | (unset)                        | With KLING_SECRET_KEY, reference-image generation (/image-generation) runs on Kling's image API; unset, the page says no provider is connected. |
 * | KLING_SECRET_KEY         | (unset)                        | Signs the HS256 token sent with every Kling request. |
 * | KLING_BASE_URL           | https://api-singapore.klingai.com | Kling's API (api-beijing… in China; tests point it at the contract fake). |
 * | KLING_MODEL              | kling-v1-5                     | model_name of single-image tasks (the multi-reference endpoint takes kling-v2 or kling-v2-1). |
 * | KLING_POLL_INTERVAL_MS   | 3000                           | How often a worker asks Kling for a task's status. |
 * | KLING_RETRY_BASE_MS      | 1000                           | First wait after Kling's 1302/1303 (too many tasks), doubled per retry. |
 * | KLING_TIMEOUT_MS         | 900000                         | Longest a Kling task may take before its job fails (refunded). |
 * | KLING_TEST_PROVIDER      | false                          | Marks Kling as the stand-in `npm run dev` starts: the page says "test provider". |
 * | CHAT_CHARGE_ENABLED      | false                          | true: a chat message costs 3 credits, refunded if the model fails (spec 02 §9); false: the free beta. |
 * | IMAGE_EDIT_PROVIDER      | seedream if SEEDREAM_API_KEY, else openai if OPENAI_IMAGES_API_KEY | Who runs image edit (issue 15): `seedream` (BytePlus ModelArk) or `openai` (Images API). Neither key: the page says no provider is connected. |
 * | SEEDREAM_API_KEY         | (unset)                        | BytePlus ModelArk API key (Bearer). |
 * | SEEDREAM_BASE_URL        | https://ark.ap-southeast.bytepluses.com/api/v3 | ModelArk base URL (a key belongs to one region). |
 * | SEEDREAM_MODEL           | seedream-4-0-250828            | Model or endpoint id (ep-…). |
 * | OPENAI_IMAGES_API_KEY    | (unset)                        | OpenAI API key for POST /images/edits. |
 * | OPENAI_IMAGES_BASE_URL   | https://api.openai.com/v1      | OpenAI-compatible Images API base. |
 * | OPENAI_IMAGES_MODEL      | gpt-image-1                    | The edits model. |
 * | IMAGE_EDIT_TIMEOUT_MS    | 300000                         | Longest wait for one provider request (it answers when every image is done). |
 * | IMAGE_EDIT_MAX_RETRIES   | 2                              | Retries on 429, 5xx and lost connections (never on sensitive-content or parameter errors). |
 * | IMAGE_EDIT_TEST_PROVIDER | false                          | Marks the provider as a stand-in (`npm run dev` sets it when it starts the local fake). |
 *
 * Relative paths given by the operator resolve against the working directory; the defaults are
 * anchored at the repository root so `npm start` from the root and `npm start -w` share one DB.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TCreditPackage, TPaidPlan } from "@gyeol/shared/plans";
import type { TKlingConfig } from "./drivers/ai/kling.ts";
import { z } from "zod";

/** apps/server/src/config.ts → repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const ROLE_NAMES = ["api", "worker", "cron"] as const;
export type TRole = (typeof ROLE_NAMES)[number];

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

function zBool(defaultValue: boolean) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return defaultValue;
      if (TRUE_WORDS.has(value)) return true;
      if (FALSE_WORDS.has(value)) return false;
      ctx.addIssue({ code: "custom", message: `expected true or false, got "${value}"` });
      return z.NEVER;
    });
}

function zInt(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return defaultValue;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `expected a whole number from ${min} to ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return n;
    });
}

const zOptionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

function toOrigin(value: string, ctx: z.RefinementCtx): string {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    return url.origin;
  } catch {
    ctx.addIssue({
      code: "custom",
      message: `expected an http(s) origin like https://gyeol.app, got "${value}"`,
    });
    return z.NEVER;
  }
}

const EnvSchema = z.object({
  /** TCP port of the HTTP API. */
  PORT: zInt(3000, 1, 65535),
  /** Interface to bind; 0.0.0.0 for containers, 127.0.0.1 to keep it local. */
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  /** Where the embedded defaults keep their files (SQLite database, later local storage). */
  DATA_DIR: zOptionalText,
  /** postgres:// or postgresql:// → PostgreSQL; otherwise a SQLite file path. */
  DATABASE_URL: zOptionalText,
  /** Redis for BullMQ; unset = the local queue (the jobs table polled in-process). */
  REDIS_URL: zOptionalText,
  /** Which process roles to run here: api, worker, cron (default all in one process). */
  ROLES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? "")
        .split(",")
        .map((r) => r.trim().toLowerCase())
        .filter(Boolean);
      if (names.length === 0) return [...ROLE_NAMES];
      const unknown = names.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `unknown role(s) ${unknown.join(", ")}; use api, worker, cron`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as TRole[];
    }),
  /** The site's public origin; the Origin check accepts it and https makes cookies Secure. */
  PUBLIC_ORIGIN: zOptionalText.transform((v, ctx) => (v === undefined ? undefined : toOrigin(v, ctx))),
  /** More origins the Origin check accepts, comma-separated. */
  ALLOWED_ORIGINS: zOptionalText.transform((v, ctx) =>
    (v ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => toOrigin(o, ctx)),
  ),
  /** Passed to Fastify's trustProxy so request.ip / protocol come from X-Forwarded-* behind a proxy. */
  TRUST_PROXY: zOptionalText.transform((value): boolean | string => {
    if (value === undefined) return false;
    const lower = value.toLowerCase();
    if (TRUE_WORDS.has(lower)) return true;
    if (FALSE_WORDS.has(lower)) return false;
    return value;
  }),
  /** Session lifetime in days (sliding). */
  SESSION_TTL_DAYS: zInt(30, 1, 3650),
  /** Secure attribute of cookies: true, false or auto (https PUBLIC_ORIGIN). */
  COOKIE_SECURE: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "" || value === "auto") return "auto" as const;
      if (TRUE_WORDS.has(value)) return true;
      if (FALSE_WORDS.has(value)) return false;
      ctx.addIssue({ code: "custom", message: `expected true, false or auto, got "${value}"` });
      return z.NEVER;
    }),
  /** pino log level. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** Login / register attempts per minute per IP. */
  AUTH_RATE_LIMIT_MAX: zInt(10, 1, 1_000_000),
  /** Server flag for image generation (spec 01 §3 Feature flags response). */
  IMAGE_GENERATION_ENABLED: zBool(true),
  /** Affiliate programme switch (spec 01 §1, §7). */
  AFFILIATE_ENABLED: zBool(true),
  /** The built SPA (npm run build). */
  WEB_DIST_DIR: zOptionalText,
  /** Explicit demo mode replacing the original's localhost fake user (spec README, modules/users/demo-user.ts). */
  DEMO_MODE: zBool(false),
  /** Key of the signed social sign-in cookies; random per boot when unset (one process only). */
  AUTH_SECRET: zOptionalText.pipe(z.string().min(32, "use at least 32 characters").optional()),
  /** Social sign-in (issue 7): a provider works once its keys are set. */
  GOOGLE_CLIENT_ID: zOptionalText,
  GOOGLE_CERTS_URL: z.url().default("https://www.googleapis.com/oauth2/v1/certs"),
  NAVER_CLIENT_ID: zOptionalText,
  NAVER_CLIENT_SECRET: zOptionalText,
  NAVER_AUTH_BASE_URL: z.url().default("https://nid.naver.com"),
  NAVER_API_BASE_URL: z.url().default("https://openapi.naver.com"),
  KAKAO_CLIENT_ID: zOptionalText,
  KAKAO_CLIENT_SECRET: zOptionalText,
  KAKAO_AUTH_BASE_URL: z.url().default("https://kauth.kakao.com"),
  KAKAO_API_BASE_URL: z.url().default("https://kapi.kakao.com"),
  OAUTH_REDIRECT_BASE: zOptionalText.transform((v, ctx) => (v === undefined ? undefined : toOrigin(v, ctx))),
  /** E-mail driver, chosen once at boot (ARCHITECTURE "e-mail"). */
  MAIL_DRIVER: z.enum(["log", "smtp"]).default("log"),
  SMTP_URL: zOptionalText,
  MAIL_FROM: z.string().trim().min(3).default("Gyeol <no-reply@gyeol.app>"),
  /** Support contact the e-mails give (renewal reminders); the web app's is VITE_SUPPORT_EMAIL. */
  SUPPORT_EMAIL: zOptionalText.pipe(z.email().optional()),
  /**
   * Key for the HMAC of signed file URLs. The random default only works while one process serves
   * every request: with several API processes (or a restart between link and click) set it.
   */
  FILE_URL_SECRET: zOptionalText.pipe(z.string().min(32, "use at least 32 characters").optional()),
  /** Payment driver, chosen once at boot (ARCHITECTURE "payments"). */
  PAYMENT_PROVIDER: z.enum(["sandbox", "paddle"]).default("sandbox"),
  /** Paddle Billing API key; required when PAYMENT_PROVIDER=paddle. */
  PADDLE_API_KEY: zOptionalText,
  /** Secret key of the Paddle notification destination (webhook signatures). */
  PADDLE_WEBHOOK_SECRET: zOptionalText,
  /** Which Paddle API host: sandbox or production. */
  PADDLE_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
  /** A different Paddle API host (tests point it at the contract fake). */
  PADDLE_API_BASE_URL: zOptionalText.pipe(z.url().optional()),
  /** Paddle price ids of the plans and packs (packages/shared plans.ts). */
  PADDLE_PRICE_BASIC: zOptionalText,
  PADDLE_PRICE_DELUXE: zOptionalText,
  PADDLE_PRICE_PREMIUM: zOptionalText,
  PADDLE_PRICE_PACKAGE1: zOptionalText,
  PADDLE_PRICE_PACKAGE2: zOptionalText,
  PADDLE_PRICE_PACKAGE3: zOptionalText,
  PADDLE_PRICE_PACKAGE4: zOptionalText,
  PADDLE_PRICE_PACKAGE5: zOptionalText,
  /** HMAC key of the sandbox's signed events; random per boot when unset. */
  SANDBOX_WEBHOOK_SECRET: zOptionalText.pipe(z.string().min(16, "use at least 16 characters").optional()),
  /** Affiliate attribution window in days (affiliate.service.ts). */
  AFFILIATE_WINDOW_DAYS: zInt(30, 1, 3650),
  /** File storage driver, chosen once at boot (ARCHITECTURE "files"). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: zOptionalText,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ENDPOINT: zOptionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: zOptionalText,
  S3_SECRET_ACCESS_KEY: zOptionalText,
  S3_FORCE_PATH_STYLE: zBool(false),
  /** The image CDN host public bucket URLs are rewritten to (spec 01 §7, spec 02 §7). */
  IMAGE_CDN_HOST: zOptionalText,
  CLOUDFRONT_KEY_PAIR_ID: zOptionalText,
  CLOUDFRONT_PRIVATE_KEY: zOptionalText,
  CLOUDFRONT_COOKIE_DOMAIN: zOptionalText,
  /** spec 02 §8: the maintenance switch of the retouch tool. */
  MAINTENANCE_MODE: zBool(false),
  UPLOAD_MAX_BYTES: zInt(25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: zInt(50_000_000, 1, 1_000_000_000),
  /** RunPod serverless (ARCHITECTURE "retouch and face engines"); both set = RunPod driver. */
  RUNPOD_API_KEY: zOptionalText,
  RUNPOD_UPSCALE_ENDPOINT_ID: zOptionalText,
  RUNPOD_FACE_EDIT_ENDPOINT_ID: zOptionalText,
  RUNPOD_API_BASE_URL: zOptionalText.pipe(z.url().optional()),
  RUNPOD_POLL_INTERVAL_MS: zInt(2000, 10, 600_000),
  /** The job queue's limits (modules/jobs): slots of the `engine` class (built-in, CPU) per worker. */
  WORKER_CONCURRENCY: zInt(1, 1, 64),
  /** Slots of the `remote` class (jobs waiting on a vendor: RunPod, Kling, Seedream) per worker. */
  REMOTE_WORKER_CONCURRENCY: zInt(16, 1, 256),
  JOB_USER_CONCURRENCY: zInt(1, 1, 16),
  JOB_MAX_ATTEMPTS: zInt(2, 1, 10),
  JOB_STALE_AFTER_SECONDS: zInt(120, 1, 86_400),
  QUEUE_POLL_MS: zInt(500, 10, 60_000),
  /** Slow-client limits of the HTTP server (issue 11); tests shorten them. */
  HTTP_HEADERS_TIMEOUT_MS: zInt(20_000, 50, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: zInt(120_000, 50, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: zInt(72_000, 50, 600_000),
  HTTP_IDLE_TIMEOUT_MS: zInt(120_000, 50, 3_600_000),
  /** The language-model port (issue 14, drivers/llm): an OpenAI-compatible API. */
  LLM_BASE_URL: zOptionalText.pipe(z.url().optional()),
  LLM_API_KEY: zOptionalText,
  LLM_MODEL: zOptionalText,
  LLM_VISION_MODEL: zOptionalText,
  LLM_TIMEOUT_MS: zInt(120_000, 100, 3_600_000),
  LLM_STREAM_IDLE_MS: zInt(30_000, 100, 600_000),
  LLM_MAX_RETRIES: zInt(2, 0, 10),
  LLM_TEST_PROVIDER: zBool(false),
  /** Reference-image generation on Kling (issue 16, drivers/ai/kling.ts). */
  KLING_ACCESS_KEY: zOptionalText,
  KLING_SECRET_KEY: zOptionalText,
  KLING_BASE_URL: zOptionalText.pipe(z.url().optional()),
  KLING_MODEL: zOptionalText,
  KLING_POLL_INTERVAL_MS: zInt(3000, 10, 600_000),
  KLING_RETRY_BASE_MS: zInt(1000, 1, 600_000),
  KLING_TIMEOUT_MS: zInt(900_000, 1000, 3_600_000),
  KLING_TEST_PROVIDER: zBool(false),
  /** spec 02 §4.6, §9: chat messages cost credits only when this is on. */
  CHAT_CHARGE_ENABLED: zBool(false),
  /** Image edit's provider (issue 15, drivers/image-edit). */
  IMAGE_EDIT_PROVIDER: zOptionalText.pipe(z.enum(["seedream", "openai"]).optional()),
  SEEDREAM_API_KEY: zOptionalText,
  SEEDREAM_BASE_URL: zOptionalText.pipe(z.url().optional()),
  SEEDREAM_MODEL: zOptionalText,
  OPENAI_IMAGES_API_KEY: zOptionalText,
  OPENAI_IMAGES_BASE_URL: zOptionalText.pipe(z.url().optional()),
  OPENAI_IMAGES_MODEL: zOptionalText,
  IMAGE_EDIT_TIMEOUT_MS: zInt(300_000, 100, 3_600_000),
  IMAGE_EDIT_MAX_RETRIES: zInt(2, 0, 10),
  IMAGE_EDIT_TEST_PROVIDER: zBool(false),
});

export type TDatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: TDatabaseTarget;
  redisUrl: string | undefined;
  roles: readonly TRole[];
  publicOrigin: string | undefined;
  allowedOrigins: readonly string[];
  trustProxy: boolean | string;
  sessionTtlDays: number;
  cookieSecure: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  authRateLimitMax: number;
  imageGenerationEnabled: boolean;
  affiliateEnabled: boolean;
  webDistDir: string;
  demoMode: boolean;
  auth: TAuthProvidersConfig;
  mail: TMailConfig;
  supportEmail: string | undefined;
  fileUrlSecret: string;
  payments: TPaymentsConfig;
  affiliateWindowDays: number;
  storage: TStorageConfig;
  maintenanceMode: boolean;
  uploads: Readonly<{ maxBytes: number; maxPixels: number }>;
  retouchEngine: TRetouchEngineConfig;
  /** RunPod's API, one client for every endpoint; undefined without RUNPOD_API_KEY. */
  runpod: TRunpodConfig | undefined;
  faceEditEngine: TFaceEditEngineConfig;
  jobs: Readonly<{
    /** Worker slots per queue class (JobDefinition.queue). */
    concurrency: Readonly<{ engine: number; remote: number }>;
    userConcurrency: number;
    maxAttempts: number;
    staleAfterSeconds: number;
    pollMs: number;
  }>;
  http: THttpTimeouts;
  /** The language model of the chat and prompt helpers; undefined = not connected (issue 14). */
  llm: TLlmConfig | undefined;
  /** Kling's image API for reference-image generation; undefined: not connected. */
  kling: TKlingConfig | undefined;
  chatChargeEnabled: boolean;
  /** Image edit's provider; undefined = not connected (the page says so, issue 15). */
  imageEdit: TImageEditConfig | undefined;
}

export interface TImageEditConfig {
  provider: "seedream" | "openai";
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  isTestProvider: boolean;
}

/** The chosen provider's key, base URL and model; an explicit provider without its key is an error. */
function resolveImageEdit(e: z.infer<typeof EnvSchema>): TImageEditConfig | undefined | string[] {
  const provider =
    e.IMAGE_EDIT_PROVIDER ??
    (e.SEEDREAM_API_KEY ? "seedream" : e.OPENAI_IMAGES_API_KEY ? "openai" : undefined);
  if (!provider) return undefined;
  const common = {
    timeoutMs: e.IMAGE_EDIT_TIMEOUT_MS,
    maxRetries: e.IMAGE_EDIT_MAX_RETRIES,
    isTestProvider: e.IMAGE_EDIT_TEST_PROVIDER,
  };
  if (provider === "seedream") {
    if (!e.SEEDREAM_API_KEY) return ["  SEEDREAM_API_KEY: required when IMAGE_EDIT_PROVIDER=seedream"];
    return {
      provider,
      apiKey: e.SEEDREAM_API_KEY,
      baseUrl: (e.SEEDREAM_BASE_URL ?? "https://ark.ap-southeast.bytepluses.com/api/v3").replace(/\/+$/, ""),
      model: e.SEEDREAM_MODEL ?? "seedream-4-0-250828",
      ...common,
    };
  }
  if (!e.OPENAI_IMAGES_API_KEY) return ["  OPENAI_IMAGES_API_KEY: required when IMAGE_EDIT_PROVIDER=openai"];
  return {
    provider,
    apiKey: e.OPENAI_IMAGES_API_KEY,
    baseUrl: (e.OPENAI_IMAGES_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, ""),
    model: e.OPENAI_IMAGES_MODEL ?? "gpt-image-1",
    ...common,
  };
}

export interface TLlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  visionModel: string;
  timeoutMs: number;
  streamIdleMs: number;
  maxRetries: number;
  isTestProvider: boolean;
}

/** Both Kling keys, or neither. */
function resolveKling(e: z.infer<typeof EnvSchema>): TKlingConfig | undefined | string[] {
  if (!e.KLING_ACCESS_KEY && !e.KLING_SECRET_KEY) return undefined;
  if (!e.KLING_ACCESS_KEY) return ["  KLING_ACCESS_KEY: required with KLING_SECRET_KEY"];
  if (!e.KLING_SECRET_KEY) return ["  KLING_SECRET_KEY: required with KLING_ACCESS_KEY"];
  return {
    accessKey: e.KLING_ACCESS_KEY,
    secretKey: e.KLING_SECRET_KEY,
    baseUrl: (e.KLING_BASE_URL ?? "https://api-singapore.klingai.com").replace(/\/+$/, ""),
    model: e.KLING_MODEL ?? "kling-v1-5",
    pollIntervalMs: e.KLING_POLL_INTERVAL_MS,
    retryBaseMs: e.KLING_RETRY_BASE_MS,
    timeoutMs: e.KLING_TIMEOUT_MS,
    isTestProvider: e.KLING_TEST_PROVIDER,
  };
}

/** Both LLM_BASE_URL and LLM_MODEL, or neither. */
function resolveLlm(e: z.infer<typeof EnvSchema>): TLlmConfig | undefined | string[] {
  if (!e.LLM_BASE_URL && !e.LLM_MODEL) return undefined;
  if (!e.LLM_BASE_URL) return ["  LLM_BASE_URL: required with LLM_MODEL (e.g. http://localhost:11434/v1)"];
  if (!e.LLM_MODEL) return ["  LLM_MODEL: required with LLM_BASE_URL (the model's name at that API)"];
  return {
    baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ""),
    apiKey: e.LLM_API_KEY,
    model: e.LLM_MODEL,
    visionModel: e.LLM_VISION_MODEL ?? e.LLM_MODEL,
    timeoutMs: e.LLM_TIMEOUT_MS,
    streamIdleMs: e.LLM_STREAM_IDLE_MS,
    maxRetries: e.LLM_MAX_RETRIES,
    isTestProvider: e.LLM_TEST_PROVIDER,
  };
}

/** How long the HTTP server waits on a client, in milliseconds (app.ts hands them to Node). */
export interface THttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface TAuthProvidersConfig {
  secret: string;
  redirectBase: string | undefined;
  google: { clientId: string; certsUrl: string } | undefined;
  naver: { clientId: string; clientSecret: string; authBaseUrl: string; apiBaseUrl: string } | undefined;
  kakao:
    | { clientId: string; clientSecret: string | undefined; authBaseUrl: string; apiBaseUrl: string }
    | undefined;
}

export type TMailConfig = { driver: "log"; from: string } | { driver: "smtp"; from: string; smtpUrl: string };

function resolveAuthProviders(e: z.infer<typeof EnvSchema>): TAuthProvidersConfig {
  const trim = (url: string) => url.replace(/\/+$/, "");
  return {
    secret: e.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    redirectBase: e.OAUTH_REDIRECT_BASE,
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, certsUrl: e.GOOGLE_CERTS_URL } : undefined,
    naver:
      e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET
        ? {
            clientId: e.NAVER_CLIENT_ID,
            clientSecret: e.NAVER_CLIENT_SECRET,
            authBaseUrl: trim(e.NAVER_AUTH_BASE_URL),
            apiBaseUrl: trim(e.NAVER_API_BASE_URL),
          }
        : undefined,
    kakao: e.KAKAO_CLIENT_ID
      ? {
          clientId: e.KAKAO_CLIENT_ID,
          clientSecret: e.KAKAO_CLIENT_SECRET,
          authBaseUrl: trim(e.KAKAO_AUTH_BASE_URL),
          apiBaseUrl: trim(e.KAKAO_API_BASE_URL),
        }
      : undefined,
  };
}

function resolveMail(e: z.infer<typeof EnvSchema>): TMailConfig | string[] {
  if (e.MAIL_DRIVER === "log") return { driver: "log", from: e.MAIL_FROM };
  if (!e.SMTP_URL) return ["  SMTP_URL: required when MAIL_DRIVER=smtp"];
  return { driver: "smtp", from: e.MAIL_FROM, smtpUrl: e.SMTP_URL };
}

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

export type TRetouchEngineConfig =
  | { kind: "builtin" }
  | { kind: "runpod"; apiKey: string; endpointId: string; baseUrl: string; pollIntervalMs: number };

export interface TRunpodConfig {
  apiKey: string;
  baseUrl: string;
  pollIntervalMs: number;
}

/** Face edit: the built-in refine, or the RunPod endpoint when it and RUNPOD_API_KEY are set. */
export type TFaceEditEngineConfig = { kind: "builtin" } | { kind: "runpod"; endpointId: string };

export type TPaymentsConfig =
  | { provider: "sandbox"; sandboxWebhookSecret: string }
  | {
      provider: "paddle";
      apiKey: string;
      webhookSecret: string;
      environment: "sandbox" | "production";
      apiBaseUrl: string | undefined;
      priceIds: Readonly<Record<TPaidPlan | TCreditPackage, string>>;
    };

/** With paddle, the key, the webhook secret and every price id must be set; all missing ones are named. */
function resolvePayments(e: z.infer<typeof EnvSchema>): TPaymentsConfig | string[] {
  if (e.PAYMENT_PROVIDER === "sandbox") {
    return {
      provider: "sandbox",
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString("base64url"),
    };
  }
  const priceIds = {
    basic: e.PADDLE_PRICE_BASIC,
    deluxe: e.PADDLE_PRICE_DELUXE,
    premium: e.PADDLE_PRICE_PREMIUM,
    package1: e.PADDLE_PRICE_PACKAGE1,
    package2: e.PADDLE_PRICE_PACKAGE2,
    package3: e.PADDLE_PRICE_PACKAGE3,
    package4: e.PADDLE_PRICE_PACKAGE4,
    package5: e.PADDLE_PRICE_PACKAGE5,
  };
  const missing = [
    ...(e.PADDLE_API_KEY ? [] : ["PADDLE_API_KEY"]),
    ...(e.PADDLE_WEBHOOK_SECRET ? [] : ["PADDLE_WEBHOOK_SECRET"]),
    ...Object.entries(priceIds)
      .filter(([, id]) => !id)
      .map(([item]) => `PADDLE_PRICE_${item.toUpperCase()}`),
  ].map((name) => `  ${name}: required when PAYMENT_PROVIDER=paddle`);
  if (missing.length > 0) return missing;
  return {
    provider: "paddle",
    apiKey: e.PADDLE_API_KEY!,
    webhookSecret: e.PADDLE_WEBHOOK_SECRET!,
    environment: e.PADDLE_ENVIRONMENT,
    apiBaseUrl: e.PADDLE_API_BASE_URL,
    priceIds: Object.freeze(priceIds as Record<TPaidPlan | TCreditPackage, string>),
  };
}

function resolveStorage(e: z.infer<typeof EnvSchema>): TStorageConfig | string[] {
  if (e.STORAGE_DRIVER === "local") return { driver: "local" };
  if (!e.S3_BUCKET) return ["  S3_BUCKET: required when STORAGE_DRIVER=s3"];
  const cloudFront =
    e.CLOUDFRONT_KEY_PAIR_ID && e.CLOUDFRONT_PRIVATE_KEY
      ? {
          keyPairId: e.CLOUDFRONT_KEY_PAIR_ID,
          privateKey: e.CLOUDFRONT_PRIVATE_KEY.replaceAll("\\n", "\n"),
          cookieDomain: e.CLOUDFRONT_COOKIE_DOMAIN,
        }
      : undefined;
  return {
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
}

function resolveRetouchEngine(e: z.infer<typeof EnvSchema>): TRetouchEngineConfig {
  if (!e.RUNPOD_API_KEY || !e.RUNPOD_UPSCALE_ENDPOINT_ID) return { kind: "builtin" };
  return {
    kind: "runpod",
    apiKey: e.RUNPOD_API_KEY,
    endpointId: e.RUNPOD_UPSCALE_ENDPOINT_ID,
    baseUrl: (e.RUNPOD_API_BASE_URL ?? "https://api.runpod.ai/v2").replace(/\/+$/, ""),
    pollIntervalMs: e.RUNPOD_POLL_INTERVAL_MS,
  };
}

function resolveRunpod(e: z.infer<typeof EnvSchema>): TRunpodConfig | undefined {
  if (!e.RUNPOD_API_KEY) return undefined;
  return Object.freeze({
    apiKey: e.RUNPOD_API_KEY,
    baseUrl: (e.RUNPOD_API_BASE_URL ?? "https://api.runpod.ai/v2").replace(/\/+$/, ""),
    pollIntervalMs: e.RUNPOD_POLL_INTERVAL_MS,
  });
}

function resolveFaceEditEngine(e: z.infer<typeof EnvSchema>): TFaceEditEngineConfig {
  if (!e.RUNPOD_API_KEY || !e.RUNPOD_FACE_EDIT_ENDPOINT_ID) return { kind: "builtin" };
  return { kind: "runpod", endpointId: e.RUNPOD_FACE_EDIT_ENDPOINT_ID };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function resolveDatabase(url: string | undefined, dataDir: string, cwd: string): TDatabaseTarget {
  if (url === undefined) return { kind: "sqlite", file: path.join(dataDir, "gyeol.sqlite") };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", url };
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (bare === ":memory:") return { kind: "sqlite", file: bare };
  return { kind: "sqlite", file: path.resolve(cwd, bare) };
}

/**
 * Build the config from an explicit environment (tests pass their own object). Throws a
 * ConfigError listing every bad variable, so the operator fixes them all in one go.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Readonly<Config> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const payments = resolvePayments(e);
  if (Array.isArray(payments)) throw new ConfigError(`Invalid configuration:\n${payments.join("\n")}`);
  const storage = resolveStorage(e);
  if (Array.isArray(storage)) throw new ConfigError(`Invalid configuration:\n${storage.join("\n")}`);
  const mail = resolveMail(e);
  if (Array.isArray(mail)) throw new ConfigError(`Invalid configuration:\n${mail.join("\n")}`);
  const llm = resolveLlm(e);
  if (Array.isArray(llm)) throw new ConfigError(`Invalid configuration:\n${llm.join("\n")}`);
  const imageEdit = resolveImageEdit(e);
  if (Array.isArray(imageEdit)) throw new ConfigError(`Invalid configuration:\n${imageEdit.join("\n")}`);
  const kling = resolveKling(e);
  if (Array.isArray(kling)) throw new ConfigError(`Invalid configuration:\n${kling.join("\n")}`);
  // Node refuses a headers timeout longer than the request timeout; say so before it throws.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      "Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS",
    );
  }
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(REPO_ROOT, "data");
  const isHttpsOrigin = e.PUBLIC_ORIGIN?.startsWith("https://") ?? false;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: Object.freeze(resolveDatabase(e.DATABASE_URL, dataDir, cwd)),
    redisUrl: e.REDIS_URL,
    roles: Object.freeze(e.ROLES),
    publicOrigin: e.PUBLIC_ORIGIN,
    allowedOrigins: Object.freeze(e.ALLOWED_ORIGINS),
    trustProxy: e.TRUST_PROXY,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE === "auto" ? isHttpsOrigin : e.COOKIE_SECURE,
    logLevel: e.LOG_LEVEL,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    imageGenerationEnabled: e.IMAGE_GENERATION_ENABLED,
    affiliateEnabled: e.AFFILIATE_ENABLED,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(cwd, e.WEB_DIST_DIR)
      : path.join(REPO_ROOT, "apps", "web", "dist"),
    demoMode: e.DEMO_MODE,
    auth: Object.freeze(resolveAuthProviders(e)),
    mail: Object.freeze(mail),
    supportEmail: e.SUPPORT_EMAIL,
    fileUrlSecret: e.FILE_URL_SECRET ?? randomBytes(32).toString("base64url"),
    payments: Object.freeze(payments),
    affiliateWindowDays: e.AFFILIATE_WINDOW_DAYS,
    storage: Object.freeze(storage),
    maintenanceMode: e.MAINTENANCE_MODE,
    uploads: Object.freeze({ maxBytes: e.UPLOAD_MAX_BYTES, maxPixels: e.UPLOAD_MAX_PIXELS }),
    retouchEngine: Object.freeze(resolveRetouchEngine(e)),
    runpod: resolveRunpod(e),
    faceEditEngine: Object.freeze(resolveFaceEditEngine(e)),
    jobs: Object.freeze({
      concurrency: Object.freeze({ engine: e.WORKER_CONCURRENCY, remote: e.REMOTE_WORKER_CONCURRENCY }),
      userConcurrency: e.JOB_USER_CONCURRENCY,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      staleAfterSeconds: e.JOB_STALE_AFTER_SECONDS,
      pollMs: e.QUEUE_POLL_MS,
    }),
    http: Object.freeze({
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    }),
    llm: llm ? Object.freeze(llm) : undefined,
    kling: kling ? Object.freeze(kling) : undefined,
    chatChargeEnabled: e.CHAT_CHARGE_ENABLED,
    imageEdit: imageEdit ? Object.freeze(imageEdit) : undefined,
  });
}
