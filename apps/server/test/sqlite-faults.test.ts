/**
 * The embedded set-up's database failing (issue 28, item 1): SQLite locked by another process past
 * its busy timeout, and SQLite out of room (SQLITE_FULL, here by capping the file's pages on the
 * app's own connection, which is what a full disk looks like to SQLite). Calls that must write
 * answer 503 DEPENDENCY_UNAVAILABLE (database) within a bound, never 500; nothing is half-written
 * (no upload row without its file or file without its row, no job without its charge, no charge
 * without its job); reads keep working; when the lock goes or room comes back the same process
 * writes again.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import {
  createJobsTestApp,
  makeJpeg,
  startRetouch,
  uploadImage,
  upscaleInput,
  userWithCredits,
} from "./helpers/retouch.ts";
import type { TestApp } from "./helpers/test-app.ts";

function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, "files"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function expectDatabaseDown(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toMatchObject({
    success: false,
    code: "DEPENDENCY_UNAVAILABLE",
    details: { dependency: "database" },
  });
}

async function count(t: TestApp, table: "uploads" | "jobs" | "credit_ledger") {
  const row = await t.db.kysely
    .selectFrom(table as never)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number((row as { n: number }).n);
}

describe("SQLite locked or full (the embedded set-up)", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("answers 503 database while another process holds the write lock, writes nothing, and writes again once it is released", async () => {
    ({ t } = await createJobsTestApp({ name: "sqlite" }));
    const user = await userWithCredits(t, 1000);
    const jpeg = await makeJpeg();
    const first = await uploadImage(t.app, user.cookie, jpeg);
    expect(first.statusCode, first.body).toBe(200);
    const before = {
      files: storedFiles(t).length,
      uploads: await count(t, "uploads"),
      jobs: await count(t, "jobs"),
      ledger: await count(t, "credit_ledger"),
    };

    // Another process (the admin CLI, a backup gone wrong) takes the write lock and keeps it.
    const other = new SQLite(t.config.database.kind === "sqlite" ? t.config.database.file : "");
    other.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      const upload = await uploadImage(t.app, user.cookie, jpeg);
      expectDatabaseDown(upload);
      const job = await startRetouch(t.app, user.cookie, upscaleInput(first.json().imageUrl));
      expectDatabaseDown(job);
      // Two writes, each bounded by the busy timeout (5 s), not a hang.
      expect(Date.now() - started).toBeLessThan(15_000);
      // Reading still works (WAL): the session check and the balance.
      const check = await t.app.inject({ url: "/api/auth/check", headers: { cookie: user.cookie } });
      expect(check.statusCode).toBe(200);
      expect((await t.services.credits.balances(user.id)).total).toBe(1000);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    // Nothing half-written: no file without its row, no row, no charge, no job.
    expect(storedFiles(t).length).toBe(before.files);
    expect(await count(t, "uploads")).toBe(before.uploads);
    expect(await count(t, "jobs")).toBe(before.jobs);
    expect(await count(t, "credit_ledger")).toBe(before.ledger);

    const again = await uploadImage(t.app, user.cookie, jpeg);
    expect(again.statusCode, again.body).toBe(200);
    const job = await startRetouch(t.app, user.cookie, upscaleInput(again.json().imageUrl));
    expect(job.statusCode, job.body).toBe(200);
    expect((await t.services.credits.balances(user.id)).total).toBe(920);
  }, 60_000);

  it("answers 503 database when SQLite is full, keeps every row whole, and writes again once there is room", async () => {
    ({ t } = await createJobsTestApp({ name: "sqlite" }));
    const user = await userWithCredits(t, 100_000);
    const jpeg = await makeJpeg();
    const imageUrl = (await uploadImage(t.app, user.cookie, jpeg)).json().imageUrl as string;
    const db = t.db.kysely;
    // Fill every page the file may have, then start jobs and upload until SQLite says it is full.
    await sql`CREATE TABLE filler (x BLOB)`.execute(db);
    const pages = Number(
      (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0]!.page_count,
    );
    await sql.raw(`PRAGMA max_page_count = ${pages + 4}`).execute(db);
    for (const size of [3000, 1000, 200]) {
      for (;;) {
        try {
          await sql`INSERT INTO filler (x) VALUES (zeroblob(${size}))`.execute(db);
        } catch {
          break;
        }
      }
    }

    // Until both a job start and an upload have been refused for want of room.
    const refused = { job: 0, upload: 0 };
    for (let i = 0; i < 300 && (refused.job === 0 || refused.upload === 0); i++) {
      const kind = i % 2 === 0 ? "job" : "upload";
      const response =
        kind === "job"
          ? await startRetouch(t.app, user.cookie, upscaleInput(imageUrl))
          : await uploadImage(t.app, user.cookie, jpeg);
      if (response.statusCode === 503) {
        expectDatabaseDown(response);
        refused[kind] += 1;
      } else expect(response.statusCode, response.body).toBe(200);
    }
    expect(refused.job).toBeGreaterThan(0);
    expect(refused.upload).toBeGreaterThan(0);

    // Every job that exists was charged once, and every charge has its job; every upload row has
    // its file and every stored file its row.
    const jobs = await count(t, "jobs");
    const charges = (await t.services.credits.listLedger(user.id)).filter((line) => line.kind === "spend");
    expect(charges.length).toBe(jobs);
    expect((await t.services.credits.balances(user.id)).total).toBe(100_000 - 80 * jobs);
    const uploads = await db.selectFrom("uploads").select("key").execute();
    const files = storedFiles(t);
    // No worker runs here, so every stored file is an upload: one row each, no file left over.
    expect(files.length).toBe(uploads.length);
    for (const row of uploads) expect(files).toContain(path.basename(String(row.key)));

    // Room again (an operator freed the disk): the same process writes.
    await sql`DROP TABLE filler`.execute(db);
    await sql.raw("PRAGMA max_page_count = 1073741823").execute(db);
    const again = await startRetouch(t.app, user.cookie, upscaleInput(imageUrl));
    expect(again.statusCode, again.body).toBe(200);
    expect((await uploadImage(t.app, user.cookie, jpeg)).statusCode).toBe(200);
  }, 120_000);
});
