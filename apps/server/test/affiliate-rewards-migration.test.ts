/**
 * Rewards paid before the affiliate_rewards table (issue 30) are taken from the ledger, marked
 * announced, so My Page lists them and nobody is told about an old payment again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { migrateTo, migrateToLatest } from "../src/db/migrate.ts";
import { type Database, openDatabase } from "../src/drivers/db/database.ts";
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from "./helpers/databases.ts";

const BEFORE = "20261130000000_samples";

describe.each(TEST_DATABASES)("affiliate rewards migration on $name", (kind) => {
  let db: Database | undefined;
  let testDb: TestDatabase | undefined;
  let dir: string | undefined;

  afterEach(async () => {
    await db?.destroy();
    await testDb?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    db = testDb = dir = undefined;
  });

  it("takes earlier rewards from the ledger, already announced", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "gyeol-migration-"));
    testDb = await createTestDatabase(kind, dir);
    db = openDatabase(loadConfig({ DATABASE_URL: testDb.url, DATA_DIR: dir }).database);
    await migrateTo(db.kysely, db.dialect, BEFORE);
    const at = "2026-11-20T00:00:00.000Z";
    for (const email of ["a@example.com", "b@example.com"])
      await sql`insert into users (email, name, password_hash, role, plan, created_at, updated_at)
        values (${email}, 'M', null, 'user', 'free', ${at}, ${at})`.execute(db.kysely);
    const line = (key: string, kindName: string, delta: number, reason: string) =>
      sql`insert into credit_ledger (user_id, bucket, delta, kind, reason, idempotency_key, balance_after, created_at)
        values (1, 'bonus', ${delta}, ${kindName}, ${reason}, ${key}, ${delta}, ${at})`.execute(db!.kysely);
    await line("reward:txn_1", "reward", 1500, "affiliate reward (user 2)");
    await line("grant:x", "grant", 100, "support");

    await migrateToLatest(db.kysely, db.dialect);
    const rows = await db.kysely.selectFrom("affiliate_rewards").selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        referrer_user_id: 1,
        buyer_user_id: 2,
        transaction_id: "txn_1",
        purchase_credits: null,
        credits: 1500,
        created_at: at,
        seen_at: at,
      },
    ]);
  });
});
