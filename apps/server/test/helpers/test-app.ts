/**
 * The test app: a fresh database (temp SQLite file or PostgreSQL schema), a config built from an
 * explicit env object, and the real Fastify app driven with fastify.inject.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { OutgoingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { migrateDatabase } from "../../src/db/migrate.ts";
import { type Database, openDatabase } from "../../src/drivers/db/database.ts";
import type { Clock } from "../../src/lib/clock.ts";
import { createServices, type DriverOverrides, type Services } from "../../src/services.ts";
import { createTestDatabase, type TestDatabaseKind } from "./databases.ts";

export interface TestContextOptions {
  database?: TestDatabaseKind;
  /** Extra environment variables (they win over the test defaults). */
  env?: Record<string, string>;
  clock?: Clock;
  /** Drivers to use instead of the configured ones (a fake engine, an allow-all classifier). */
  drivers?: DriverOverrides;
}

export interface TestContext {
  db: Database;
  config: Readonly<Config>;
  /** The env the config was made from; hand it to the CLI to reach the same database. */
  env: Record<string, string>;
  services: Services;
  dir: string;
  close(): Promise<void>;
}

export interface TestApp extends TestContext {
  app: FastifyInstance;
}

/** A migrated database, config and services, without HTTP (for service tests). */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), "gyeol-test-"));
  const testDb = await createTestDatabase(options.database ?? { name: "sqlite" }, dir);
  const env: Record<string, string> = {
    DATA_DIR: dir,
    DATABASE_URL: testDb.url,
    LOG_LEVEL: "silent",
    // High by default so suites that sign in often are not throttled; the rate-limit test lowers it.
    AUTH_RATE_LIMIT_MAX: "10000",
    WEB_DIST_DIR: path.join(dir, "no-web-dist"),
    ...options.env,
  };
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateDatabase(db);
  const services = createServices({
    db,
    config,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.drivers ? { drivers: options.drivers } : {}),
  });
  return {
    db,
    config,
    env,
    services,
    dir,
    async close() {
      await db.destroy();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Methods a browser sends Origin on even to its own site (fetch spec, "append a request Origin header"). */
const METHODS_WITH_ORIGIN = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The API refuses writes that do not say they come from this site (http/origin-check.ts), and a
 * browser on this site always says so. So inject() here behaves like that browser: a POST, PUT,
 * PATCH or DELETE gets the app's own Origin (PUBLIC_ORIGIN, else http://<Host>) unless the test
 * set an `origin` header itself. `headers: { origin: undefined }` sends no Origin at all, for the
 * tests of what a script without one gets.
 */
function injectLikeOurBrowser(app: FastifyInstance, publicOrigin: string | undefined) {
  const inject = app.inject.bind(app) as (options?: InjectOptions | string, ...rest: unknown[]) => unknown;
  const withOrigin = (options: InjectOptions): InjectOptions => {
    const headers: OutgoingHttpHeaders = { ...options.headers };
    const originKey = Object.keys(headers).find((name) => name.toLowerCase() === "origin");
    if (originKey !== undefined) {
      if (headers[originKey] === undefined) delete headers[originKey];
      return { ...options, headers };
    }
    if (!METHODS_WITH_ORIGIN.has(String(options.method ?? "GET").toUpperCase())) return options;
    const host = Object.entries(headers).find(([name]) => name.toLowerCase() === "host")?.[1];
    return {
      ...options,
      headers: { ...headers, origin: publicOrigin ?? `http://${host ?? "localhost:80"}` },
    };
  };
  app.inject = ((options?: InjectOptions | string, ...rest: unknown[]) =>
    inject(
      typeof options === "object" ? withOrigin(options) : options,
      ...rest,
    )) as FastifyInstance["inject"];
}

export async function createTestApp(
  options: TestContextOptions & {
    logger?: FastifyBaseLogger;
    /** Key prefix of the app's own Redis keys (the shared rate limits) when REDIS_URL is set. */
    redisPrefix?: string;
  } = {},
): Promise<TestApp> {
  const context = await createTestContext(options);
  const app = await buildApp({
    config: context.config,
    db: context.db,
    services: context.services,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.redisPrefix ? { redisPrefix: options.redisPrefix } : {}),
  });
  injectLikeOurBrowser(app, context.config.publicOrigin);
  return {
    ...context,
    app,
    async close() {
      await app.close();
      await context.close();
    },
  };
}
