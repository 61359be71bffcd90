/** The HTTP API: where it listens, which origins and proxies it trusts, cookies, slow clients, upload limits. */
import { z } from "zod";
import {
  definePort,
  FALSE_WORDS,
  issues,
  TRUE_WORDS,
  toOrigin,
  zInt,
  zOptionalOrigin,
  zOptionalText,
} from "./env.ts";

/** How long the HTTP server waits on a client, in milliseconds (app.ts hands them to Node). */
export interface THttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface THttpConfig {
  port: number;
  host: string;
  publicOrigin: string | undefined;
  allowedOrigins: readonly string[];
  trustProxy: boolean | string;
  sessionTtlDays: number;
  cookieSecure: boolean;
  authRateLimitMax: number;
  http: THttpTimeouts;
  uploads: Readonly<{ maxBytes: number; maxPixels: number }>;
  /**
   * Prometheus metrics (issue 28): `token` opens GET /metrics on the API port to
   * `Authorization: Bearer <token>`; `port` serves /metrics, unauthenticated, on its own listener
   * at `host` (any role, the worker's too). Neither: no metrics are collected or served.
   */
  metrics: Readonly<{ token: string | undefined; port: number | undefined; host: string }>;
}

export const httpPort = definePort(
  "http",
  {
    PORT: zInt(3000, 1, 65535),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_ORIGIN: zOptionalOrigin,
    ALLOWED_ORIGINS: zOptionalText.transform((v, ctx) =>
      (v ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) => toOrigin(o, ctx)),
    ),
    /** Fastify's trustProxy: request.ip / protocol come from X-Forwarded-* behind a proxy. */
    TRUST_PROXY: zOptionalText.transform((value): boolean | string => {
      if (value === undefined) return false;
      const lower = value.toLowerCase();
      if (TRUE_WORDS.has(lower)) return true;
      if (FALSE_WORDS.has(lower)) return false;
      return value;
    }),
    SESSION_TTL_DAYS: zInt(30, 1, 3650),
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
    AUTH_RATE_LIMIT_MAX: zInt(10, 1, 1_000_000),
    HTTP_HEADERS_TIMEOUT_MS: zInt(20_000, 50, 600_000),
    HTTP_REQUEST_TIMEOUT_MS: zInt(120_000, 50, 3_600_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: zInt(72_000, 50, 600_000),
    HTTP_IDLE_TIMEOUT_MS: zInt(120_000, 50, 3_600_000),
    UPLOAD_MAX_BYTES: zInt(25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: zInt(50_000_000, 1, 1_000_000_000),
    METRICS_TOKEN: zOptionalText.pipe(z.string().min(16, "use at least 16 characters").optional()),
    /** 0: no separate metrics listener. */
    METRICS_PORT: zInt(0, 0, 65535),
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  },
  (e): THttpConfig | ReturnType<typeof issues> => {
    // Node refuses a headers timeout longer than the request timeout; say so before it throws.
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
      return issues("HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS");
    }
    const isHttpsOrigin = e.PUBLIC_ORIGIN?.startsWith("https://") ?? false;
    return {
      port: e.PORT,
      host: e.HOST,
      publicOrigin: e.PUBLIC_ORIGIN,
      allowedOrigins: Object.freeze(e.ALLOWED_ORIGINS),
      trustProxy: e.TRUST_PROXY,
      sessionTtlDays: e.SESSION_TTL_DAYS,
      cookieSecure: e.COOKIE_SECURE === "auto" ? isHttpsOrigin : e.COOKIE_SECURE,
      authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
      http: Object.freeze({
        headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      }),
      uploads: Object.freeze({ maxBytes: e.UPLOAD_MAX_BYTES, maxPixels: e.UPLOAD_MAX_PIXELS }),
      metrics: Object.freeze({
        token: e.METRICS_TOKEN,
        port: e.METRICS_PORT || undefined,
        host: e.METRICS_HOST,
      }),
    };
  },
);
