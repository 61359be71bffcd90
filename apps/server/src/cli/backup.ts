/**
 * Backups of the embedded set-up (issue 28): `npm run admin -- backup --to DIR` and
 * `restore --from DIR`.
 *
 * backup, while the service runs: the SQLite file through SQLite's online backup API
 * (better-sqlite3 `db.backup()`, every page in one step, so the copy is one consistent moment even
 * while the API and worker write), checked with `PRAGMA integrity_check`; then the files folder
 * (DATA_DIR/files). The database is copied first: every file a copied row names was written
 * before its row (uploads and results are stored, then recorded), so it is in the copy too; files
 * that arrive later are copied as well and are harmless. A manifest.json says what is there.
 *
 * restore, with the service stopped: refuses while any process has the database open (an idle
 * server keeps a lock SQLite shows to an exclusive-mode probe), checks the backup, then moves the
 * current database and files aside (`*.before-restore-<time>`, nothing is deleted) and puts the
 * backup's in their place.
 *
 * PostgreSQL and S3 are backed up with their own tools (README "Backups").
 */
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Config } from "../config.ts";

export const BACKUP_FORMAT = "gyeol-backup/1";
const DATABASE_NAME = "gyeol.sqlite";
const FILES_NAME = "files";
const MANIFEST_NAME = "manifest.json";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string; migration: string | null };
  /** null when files live in a bucket (STORAGE_DRIVER=s3): back the bucket up with S3 versioning. */
  files: { dir: string; count: number; bytes: number } | null;
}

/** A refusal the operator can act on: printed as it is, exit 1. */
export class BackupError extends Error {}

type Target = Pick<Config, "database" | "dataDir" | "storage">;

function sqliteFileOf(config: Target): string {
  if (config.database.kind === "postgres")
    throw new BackupError(
      "DATABASE_URL is PostgreSQL: back it up with pg_dump (or continuous archiving for point-in-time " +
        'recovery), as README "Backups" shows. This command copies the embedded SQLite set-up.',
    );
  if (config.database.file === ":memory:")
    throw new BackupError("An in-memory database has nothing to back up.");
  return config.database.file;
}

const filesRootOf = (config: Target) =>
  config.storage.driver === "local" ? path.join(config.dataDir, FILES_NAME) : null;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function isMissing(target: string): Promise<boolean> {
  try {
    await stat(target);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Copies a folder tree file by file. Files that vanish mid-copy (deleted by the running service)
 * and half-written temporaries (`*.tmp`, renamed into place when complete) are skipped.
 */
async function copyTree(from: string, to: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { count, bytes };
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const destination = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyTree(source, destination);
      count += inner.count;
      bytes += inner.bytes;
    } else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
      try {
        await copyFile(source, destination, constants.COPYFILE_EXCL);
        bytes += (await stat(destination)).size;
        count += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  return { count, bytes };
}

function checkIntegrity(file: string): string | null {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new BackupError(`The copy of the database is damaged: ${String(result)}`);
    const hasMigrations = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) return null;
    const last = db.prepare("select name from kysely_migration order by name desc limit 1").get() as
      | { name: string }
      | undefined;
    return last?.name ?? null;
  } finally {
    db.close();
  }
}

export async function backup(config: Target, to: string, now = new Date()): Promise<BackupManifest> {
  const source = sqliteFileOf(config);
  if (await isMissing(source)) throw new BackupError(`There is no database at ${source} to back up.`);
  const dir = path.resolve(to);
  if (!(await isMissing(dir)) && (await readdir(dir)).length > 0)
    throw new BackupError(`${dir} is not empty: give a new or empty folder, so no backup is overwritten.`);
  await mkdir(dir, { recursive: true });

  // The online backup API, every page in one step (better-sqlite3's first step copies none, the
  // progress callback sets the size of the next): one read transaction, one consistent moment,
  // however much the service writes meanwhile (a restart after a write by another process copies
  // everything again, in one step too).
  const databaseCopy = path.join(dir, DATABASE_NAME);
  const live = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  try {
    await live.backup(databaseCopy, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const migration = checkIntegrity(databaseCopy);

  const filesRoot = filesRootOf(config);
  const files = filesRoot
    ? { dir: FILES_NAME, ...(await copyTree(filesRoot, path.join(dir, FILES_NAME))) }
    : null;

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: now.toISOString(),
    database: {
      file: DATABASE_NAME,
      bytes: (await stat(databaseCopy)).size,
      sha256: await sha256Of(databaseCopy),
      migration,
    },
    files,
  };
  await writeFile(path.join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Throws BackupError when some process has the database open (see the file comment). */
export function assertNotInUse(file: string): void {
  let probe: SQLite.Database;
  try {
    probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
  } catch {
    return; // No database there yet: nothing can be using it.
  }
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
  } catch (error) {
    if (
      (error as { code?: string }).code?.startsWith("SQLITE_BUSY") ||
      (error as { code?: string }).code === "SQLITE_LOCKED"
    )
      throw new BackupError(
        `The database ${file} is in use: a server, worker or cron process has it open. Stop every ` +
          "process that uses this DATA_DIR / DATABASE_URL (npm start, ROLES=…), then run restore again.",
      );
    throw error;
  } finally {
    probe.close();
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_NAME), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(
      `${dir} holds no readable ${MANIFEST_NAME}: it is not a backup made by this command.`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${dir} is a backup of another format (${String(manifest.format)}).`);
  return manifest;
}

/** Moves `target` aside to `<target>.before-restore-<stamp>` when it exists; returns where. */
async function moveAside(target: string, stamp: string): Promise<string | null> {
  if (await isMissing(target)) return null;
  const aside = `${target}.before-restore-${stamp}`;
  await rename(target, aside);
  return aside;
}

export async function restore(
  config: Target,
  from: string,
  now = new Date(),
): Promise<{ manifest: BackupManifest; movedAside: string[] }> {
  const target = sqliteFileOf(config);
  const dir = path.resolve(from);
  const manifest = await readManifest(dir);
  const databaseCopy = path.join(dir, manifest.database.file);
  if ((await sha256Of(databaseCopy).catch(() => null)) !== manifest.database.sha256)
    throw new BackupError(
      `${databaseCopy} is missing or not the file the backup wrote (its checksum differs).`,
    );
  checkIntegrity(databaseCopy);
  const filesRoot = filesRootOf(config);
  if (manifest.files && !filesRoot)
    throw new BackupError(
      "The backup holds local files but STORAGE_DRIVER is s3: restore into the local set-up.",
    );

  assertNotInUse(target);

  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const movedAside: string[] = [];
  await mkdir(path.dirname(target), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) {
    const aside = await moveAside(`${target}${suffix}`, stamp);
    if (aside) movedAside.push(aside);
  }
  const incoming = `${target}.restoring`;
  await copyFile(databaseCopy, incoming);
  await rename(incoming, target);

  if (manifest.files && filesRoot) {
    const aside = await moveAside(filesRoot, stamp);
    if (aside) movedAside.push(aside);
    const staging = `${filesRoot}.restoring`;
    await rm(staging, { recursive: true, force: true });
    await copyTree(path.join(dir, manifest.files.dir), staging);
    await mkdir(staging, { recursive: true });
    await rename(staging, filesRoot);
  }
  return { manifest, movedAside };
}
