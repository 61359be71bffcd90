/**
 * Backups of the embedded set-up (issue 28): `admin backup --to DIR` while another process
 * writes without pause (a file, then a ledger line naming it), then `restore --from DIR`: every
 * ledger line committed before the backup began is back, the copy is one consistent moment (the
 * balance is the sum of its lines), every line's file is back with its bytes, restore refuses
 * while a process has the database open, and the data it replaces is moved aside, not deleted.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliIO, main } from "../src/cli/admin.ts";

const CHILD = fileURLToPath(new URL("./helpers/ledger-writer-child.ts", import.meta.url));
const REPO = path.resolve(path.dirname(CHILD), "../../../..");

async function admin(env: Record<string, string>, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t) };
  const code = await main(args, { env, io });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function until(condition: () => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The ledger writer: `lines` grows with each line it has committed (n → file key). */
function startWriter(env: Record<string, string>) {
  const lines = new Map<number, string>();
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  let err = "";
  child.stdout!.on("data", (chunk) => {
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop() ?? "";
    for (const line of parts) {
      const match = /^line (\d+) (\S+)$/.exec(line);
      if (match) lines.set(Number(match[1]), match[2]!);
    }
  });
  child.stderr!.on("data", (chunk) => (err += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, lines, exited, stderr: () => err };
}

/** What a restored (or backed-up) database holds: the writer's lines and the user's balance. */
function readLedger(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const user = db
      .prepare("select id, onetime_credits from users where email = 'ledger-writer@example.com'")
      .get() as { id: number; onetime_credits: number };
    const lines = db
      .prepare("select idempotency_key as key, reason, delta from credit_ledger where user_id = ?")
      .all(user.id) as Array<{ key: string; reason: string; delta: number }>;
    return { balance: user.onetime_credits, lines };
  } finally {
    db.close();
  }
}

describe("backup and restore of the embedded set-up", () => {
  let dir: string;
  let env: Record<string, string>;
  let writer: ReturnType<typeof startWriter> | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gyeol-backup-"));
    env = { DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" };
  });
  afterEach(async () => {
    if (writer && writer.child.exitCode === null) {
      writer.child.kill("SIGKILL");
      await writer.exited;
    }
    writer = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it("copies a consistent database and every file while a process writes, and restores them", async () => {
    writer = startWriter(env);
    const w = writer;
    await until(() => w.lines.size >= 30 || w.child.exitCode !== null, "the writer's first lines");
    expect(w.child.exitCode, w.stderr()).toBeNull();
    const committedBefore = new Map(w.lines);
    const backupDir = path.join(dir, "backup");
    const backedUp = await admin(env, "backup", "--to", backupDir);
    const writtenDuring = w.lines.size - committedBefore.size;
    expect(backedUp, backedUp.err).toMatchObject({ code: 0, err: "" });
    expect(writtenDuring).toBeGreaterThan(0);
    expect(backedUp.out).toMatch(/^Backed up the database \(\d+ bytes, migration \d+_\w+\) and \d+ files/);
    // The writer went on while the backup ran (the backup took a moment of its own).
    await until(() => w.lines.size > committedBefore.size + writtenDuring + 5, "writes after the backup");
    const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      format: "gyeol-backup/1",
      database: { file: "gyeol.sqlite", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      files: { dir: "files" },
    });

    // The service still has the database open: restore says so and changes nothing.
    const refused = await admin(env, "restore", "--from", backupDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is in use: a server, worker or cron process has it open/);
    expect(w.child.exitCode).toBeNull();

    w.child.kill("SIGKILL");
    await w.exited;
    const writtenInAll = w.lines.size;
    // Something only the live data has (moved aside by the restore, not deleted).
    await writeFile(path.join(env.DATA_DIR!, "files", "marker.txt"), "live");

    const restored = await admin(env, "restore", "--from", backupDir);
    expect(restored, restored.err).toMatchObject({ code: 0, err: "" });
    expect(restored.out).toMatch(/moved aside:/);
    const { balance, lines } = readLedger(path.join(env.DATA_DIR!, "gyeol.sqlite"));
    const restoredKeys = new Set(lines.map((line) => line.key));
    // Every line committed before the backup began is there; none written after the process stopped.
    for (const n of committedBefore.keys()) expect(restoredKeys.has(`writer:${n}`), `line ${n}`).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(committedBefore.size);
    expect(lines.length).toBeLessThanOrEqual(writtenInAll);
    // One moment: the balance is exactly the sum of the lines.
    expect(balance).toBe(lines.reduce((sum, line) => sum + line.delta, 0));
    // Every line's file, with its bytes.
    for (const line of lines) {
      const n = Number(line.key.split(":")[1]);
      const bytes = await readFile(path.join(env.DATA_DIR!, "files", ...line.reason.split("/")));
      expect(bytes.toString()).toBe(`file ${n}`);
    }

    // The data the restore replaced is kept beside it.
    const dataEntries = await readdir(env.DATA_DIR!);
    const asideFiles = dataEntries.find((name) => name.startsWith("files.before-restore-"));
    expect(asideFiles).toBeDefined();
    expect(await readFile(path.join(env.DATA_DIR!, asideFiles!, "marker.txt"), "utf8")).toBe("live");
    expect(existsSync(path.join(env.DATA_DIR!, "files", "marker.txt"))).toBe(false);
    const asideDb = dataEntries.find((name) => /^gyeol\.sqlite\.before-restore-[\w-]+$/.test(name));
    expect(asideDb).toBeDefined();
    expect(readLedger(path.join(env.DATA_DIR!, asideDb!)).lines.length).toBe(writtenInAll);
    // The restored data serves again: a new process opens, migrates and writes to it.
    writer = startWriter(env);
    const again = writer;
    await until(() => again.lines.size >= 1 || again.child.exitCode !== null, "a write after the restore");
    expect(again.child.exitCode, again.stderr()).toBeNull();
  }, 60_000);

  it("refuses a folder that is not empty, a folder that is not a backup, and PostgreSQL", async () => {
    writer = startWriter(env);
    const w = writer;
    await until(() => w.lines.size >= 1 || w.child.exitCode !== null, "the writer's first line");
    const full = path.join(dir, "full");
    await mkdir(full);
    await writeFile(path.join(full, "something"), "x");
    const notEmpty = await admin(env, "backup", "--to", full);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.err).toMatch(/is not empty/);
    expect(await readdir(full)).toEqual(["something"]);

    const notBackup = await admin(env, "restore", "--from", full);
    expect(notBackup.code).toBe(1);
    expect(notBackup.err).toMatch(/not a backup made by this command/);

    const missing = await admin(env, "backup");
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/--to DIR is required/);

    const postgres = await admin(
      { ...env, DATABASE_URL: "postgres://gyeol@127.0.0.1:9/gyeol" },
      "backup",
      "--to",
      path.join(dir, "pg"),
    );
    expect(postgres.code).toBe(1);
    expect(postgres.err).toMatch(/pg_dump/);
  });
});
