/**
 * The test app: a fresh database (temp SQLite file or PostgreSQL schema), a config built from an
 * explicit env object, and the real Fastify app driven with fastify.inject.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
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
  await migrateToLatest(db.kysely, db.dialect);
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

export async function createTestApp(options: TestContextOptions = {}): Promise<TestApp> {
  const context = await createTestContext(options);
  const app = await buildApp({
    config: context.config,
    db: context.db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.drivers ? { drivers: options.drivers } : {}),
  });
  return {
    ...context,
    app,
    async close() {
      await app.close();
      await context.close();
    },
  };
}
