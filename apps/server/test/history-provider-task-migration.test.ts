/**
 * The history's vendor columns (runpod_job_id, kling_task_id, seedream_task_id) become one
 * provider_task_id without losing an id, and the answer's vendor-named fields still say the same
 * (modules/images/vendor-task-fields.ts); down() puts each id back in its vendor's column.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { migrateTo, migrateToLatest } from "../src/db/migrate.ts";
import { type Database, openDatabase } from "../src/drivers/db/database.ts";
import { vendorTaskFields } from "../src/modules/images/vendor-task-fields.ts";
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from "./helpers/databases.ts";

const BEFORE = "20261128000000_ai_chat";

describe.each(TEST_DATABASES)("history provider task migration on $name", (kind) => {
  let db: Database | undefined;
  let testDb: TestDatabase | undefined;
  let dir: string | undefined;

  afterEach(async () => {
    await db?.destroy();
    await testDb?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    db = testDb = dir = undefined;
  });

  it("moves each vendor's id into provider_task_id and back", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "gyeol-migration-"));
    testDb = await createTestDatabase(kind, dir);
    db = openDatabase(loadConfig({ DATABASE_URL: testDb.url, DATA_DIR: dir }).database);
    await migrateTo(db.kysely, db.dialect, BEFORE);
    const at = "2026-11-20T00:00:00.000Z";
    await sql`insert into users (email, name, password_hash, role, plan, created_at, updated_at)
      values ('m@example.com', 'M', null, 'user', 'free', ${at}, ${at})`.execute(db.kysely);
    const rows: Array<[string, string, string | null, string | null, string | null]> = [
      ["upscale", "completed", "rp-1", null, null],
      ["kling", "completed", null, "kl-1", null],
      ["seedream", "completed", null, null, "sd-1"],
      ["upscale", "completed", null, null, null],
    ];
    for (const [source, status, runpod, kling, seedream] of rows) {
      await sql`insert into images (user_id, source, status, runpod_job_id, kling_task_id, seedream_task_id, created_at, updated_at)
        values (1, ${source}, ${status}, ${runpod}, ${kling}, ${seedream}, ${at}, ${at})`.execute(db.kysely);
    }

    await migrateToLatest(db.kysely, db.dialect);
    const after = await db.kysely.selectFrom("images").selectAll().orderBy("id").execute();
    expect(after.map((row) => row.provider_task_id)).toEqual(["rp-1", "kl-1", "sd-1", null]);
    expect(after.map((row) => vendorTaskFields(row))).toEqual([
      { runpod_job_id: "rp-1", kling_task_id: null, seedream_task_id: null },
      { runpod_job_id: null, kling_task_id: "kl-1", seedream_task_id: null },
      { runpod_job_id: null, kling_task_id: null, seedream_task_id: "sd-1" },
      { runpod_job_id: null, kling_task_id: null, seedream_task_id: null },
    ]);

    await migrateTo(db.kysely, db.dialect, BEFORE);
    const back = await sql<{
      runpod_job_id: string | null;
      kling_task_id: string | null;
      seedream_task_id: string | null;
    }>`select runpod_job_id, kling_task_id, seedream_task_id from images order by id`.execute(db.kysely);
    expect(back.rows.map((r) => [r.runpod_job_id, r.kling_task_id, r.seedream_task_id])).toEqual(
      rows.map(([, , runpod, kling, seedream]) => [runpod, kling, seedream]),
    );
  });
});
