import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, REPO_ROOT } from "./config.ts";

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({}, "/srv/gyeol");
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.join(REPO_ROOT, "data"),
      database: { kind: "sqlite", file: path.join(REPO_ROOT, "data", "gyeol.sqlite") },
      redisUrl: undefined,
      roles: ["api", "worker", "cron"],
      publicOrigin: undefined,
      trustProxy: false,
      sessionTtlDays: 30,
      cookieSecure: false,
      logLevel: "info",
      authRateLimitMax: 10,
      imageGenerationEnabled: true,
      affiliateEnabled: true,
      webDistDir: path.join(REPO_ROOT, "apps", "web", "dist"),
      demoMode: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("resolves operator paths against the working directory and puts SQLite in DATA_DIR", () => {
    const config = loadConfig({ DATA_DIR: "./var", WEB_DIST_DIR: "web" }, "/srv/gyeol");
    expect(config.dataDir).toBe("/srv/gyeol/var");
    expect(config.database).toEqual({ kind: "sqlite", file: "/srv/gyeol/var/gyeol.sqlite" });
    expect(config.webDistDir).toBe("/srv/gyeol/web");
    expect(loadConfig({ DATABASE_URL: "file:db/x.sqlite" }, "/srv").database).toEqual({
      kind: "sqlite",
      file: "/srv/db/x.sqlite",
    });
  });

  it("selects PostgreSQL for postgres:// and postgresql:// URLs", () => {
    for (const url of ["postgres://u@h/db", "postgresql://u@h:5432/db"]) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
        kind: "postgres",
        url,
        statementTimeoutMs: 30_000,
      });
    }
  });

  it("makes cookies Secure automatically behind an https PUBLIC_ORIGIN, unless told otherwise", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://gyeol.app/path" })).toMatchObject({
      publicOrigin: "https://gyeol.app",
      cookieSecure: true,
    });
    expect(loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000" }).cookieSecure).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: "https://gyeol.app", COOKIE_SECURE: "false" }).cookieSecure).toBe(
      false,
    );
    expect(loadConfig({ COOKIE_SECURE: "true" }).cookieSecure).toBe(true);
  });

  it("parses roles, booleans and proxy trust", () => {
    const config = loadConfig({
      ROLES: " worker , CRON ",
      IMAGE_GENERATION_ENABLED: "off",
      DEMO_MODE: "yes",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
      ALLOWED_ORIGINS: "http://localhost:5173, http://127.0.0.1:5173",
    });
    expect(config.roles).toEqual(["worker", "cron"]);
    expect(config.imageGenerationEnabled).toBe(false);
    expect(config.demoMode).toBe(true);
    expect(config.trustProxy).toBe("loopback, 10.0.0.0/8");
    expect(config.allowedOrigins).toEqual(["http://localhost:5173", "http://127.0.0.1:5173"]);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it("fails fast, naming every bad variable", () => {
    const load = () =>
      loadConfig({
        PORT: "eighty",
        ROLES: "api,web",
        LOG_LEVEL: "loud",
        SESSION_TTL_DAYS: "0",
        PUBLIC_ORIGIN: "gyeol",
      });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "ROLES", "LOG_LEVEL", "SESSION_TTL_DAYS", "PUBLIC_ORIGIN"]) {
        expect(message).toContain(name);
      }
      expect(message).toContain('got "eighty"');
    }
  });

  it("names the bad variables of every port at once: payments, storage and mail", () => {
    let message = "";
    try {
      loadConfig({
        PAYMENT_PROVIDER: "paddle",
        PADDLE_API_KEY: "pdl_key",
        STORAGE_DRIVER: "s3",
        MAIL_DRIVER: "smtp",
        LLM_MODEL: "llama3.2",
        PORT: "eighty",
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const line of [
      "PADDLE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=paddle",
      "PADDLE_PRICE_PACKAGE5: required when PAYMENT_PROVIDER=paddle",
      "S3_BUCKET: required when STORAGE_DRIVER=s3",
      "SMTP_URL: required when MAIL_DRIVER=smtp",
      "LLM_BASE_URL: required with LLM_MODEL",
      'PORT: expected a whole number from 1 to 65535, got "eighty"',
    ]) {
      expect(message).toContain(line);
    }
    expect(message).not.toContain("PADDLE_API_KEY");
  });

  it("bounds slow clients by default and refuses a headers timeout longer than the request timeout", () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 120_000,
    });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "500", HTTP_REQUEST_TIMEOUT_MS: "500" }).http).toMatchObject(
      {
        headersTimeoutMs: 500,
        requestTimeoutMs: 500,
      },
    );
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "600", HTTP_REQUEST_TIMEOUT_MS: "500" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
    // 0 would switch Node's deadline off: the whole point is that there always is one.
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: "0" })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
  });
});
