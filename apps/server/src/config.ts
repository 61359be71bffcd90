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
 * | REDIS_URL                | (unset)                        | Redis for the BullMQ job queue; read now, used from the jobs issue on. |
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
 * | DEMO_MODE                | false                          | Explicit demo mode (spec README: the original's localhost fake user); flag only for now. |
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
 *
 * Relative paths given by the operator resolve against the working directory; the defaults are
 * anchored at the repository root so `npm start` from the root and `npm start -w` share one DB.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TCreditPackage, TPaidPlan } from "@gyeol/shared/plans";
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
  /** Redis for BullMQ; optional, the queue driver arrives with the jobs issue. */
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
  /** Explicit demo mode replacing the original's localhost fake user (spec README); flag only for now. */
  DEMO_MODE: zBool(false),
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
  fileUrlSecret: string;
  payments: TPaymentsConfig;
  affiliateWindowDays: number;
}

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
    fileUrlSecret: e.FILE_URL_SECRET ?? randomBytes(32).toString("base64url"),
    payments: Object.freeze(payments),
    affiliateWindowDays: e.AFFILIATE_WINDOW_DAYS,
  });
}
