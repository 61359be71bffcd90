/**
 * Issue 26: the migrations a process runs at start are not bound by DATABASE_STATEMENT_TIMEOUT_MS.
 * A second process starting while another one migrates waits on the migration lock for as long as
 * that migration takes, then finds nothing left to do; it used to fail once the bound ran out.
 * PostgreSQL only (SQLite has no statement timeout); skipped without TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../src/db/migrate.ts";
import { openDatabase } from "../src/drivers/db/database.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/databases.ts";

const pgUrl = process.env.TEST_DATABASE_URL;
/** Kysely's migration lock (kysely/dist/esm/dialect/postgres/postgres-adapter.js LOCK_ID). */
const MIGRATION_LOCK_ID = "3853314791062309107";
/** The bound under test: far shorter than the time the lock is held below. */
const STATEMENT_TIMEOUT_MS = 200;
/** How long the second start must have waited before the lock goes: several bounds. */
const HELD_AT_LEAST_MS = 5 * STATEMENT_TIMEOUT_MS;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!pgUrl)("migrations at start on PostgreSQL (issue 26)", () => {
  let dir: string;
  let testDb: TestDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "gyeol-migration-lock-"));
    testDb = await createTestDatabase({ name: "postgres" }, dir);
  });
  afterAll(async () => {
    await testDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("wait for another process's migration lock past DATABASE_STATEMENT_TIMEOUT_MS, then succeed", async () => {
    const target = { kind: "postgres" as const, url: testDb.url, statementTimeoutMs: STATEMENT_TIMEOUT_MS };
    const db = openDatabase(target);
    // The other process, mid-migration: it holds the migration lock.
    const other = new pg.Client({ connectionString: testDb.url });
    const watcher = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    await watcher.connect();
    try {
      await other.query(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
      const otherPid = (await other.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
      let settled: "migrated" | Error | undefined;
      const start = migrateDatabase(db).then(
        () => {
          settled = "migrated";
        },
        (error: Error) => {
          settled = error;
        },
      );
      // The start is queued behind the lock, and has waited several statement timeouts.
      const waitedMs = await until("the second start to wait on the lock long enough", async () => {
        if (settled !== undefined)
          throw new Error(`the start ended while the lock was held: ${String(settled)}`);
        const { rows } = await watcher.query<{ waited_ms: number }>(
          `select extract(epoch from (now() - a.query_start)) * 1000 as waited_ms
             from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and not l.granted and l.pid <> $1`,
          [otherPid],
        );
        const waited = rows[0] ? Number(rows[0].waited_ms) : undefined;
        return waited !== undefined && waited >= HELD_AT_LEAST_MS ? waited : undefined;
      });
      expect(waitedMs).toBeGreaterThanOrEqual(HELD_AT_LEAST_MS);
      expect(settled).toBeUndefined();
      // The other process finishes; this one takes the lock and migrates.
      await other.query(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
      await start;
      expect(settled).toBe("migrated");
      const { rows } = await watcher.query<{ name: string }>(
        "select name from kysely_migration order by name desc limit 1",
      );
      expect(rows[0]?.name).toMatch(/^\d{14}_/);
    } finally {
      await other.end().catch(() => {});
      await watcher.end().catch(() => {});
      await db.destroy();
    }
  }, 40_000);

  it("keep the bound on every other query", async () => {
    const db = openDatabase({ kind: "postgres", url: testDb.url, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    try {
      await expect(
        sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS * 3) / 1000})`.execute(db.kysely),
      ).rejects.toThrow(/statement timeout/);
      // The unbounded session is not.
      await expect(
        db.unbounded((kysely) => sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS * 3) / 1000})`.execute(kysely)),
      ).resolves.toBeDefined();
    } finally {
      await db.destroy();
    }
  }, 20_000);
});
