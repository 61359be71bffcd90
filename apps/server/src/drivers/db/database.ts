/**
 * The database port. The dialect is chosen once, here, from the validated config
 * (ARCHITECTURE "Choose a driver once at boot"); everything above sees a Kysely<DB>.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { TDatabaseTarget } from "../../config.ts";
import type { TDialectName } from "../../db/migrations/migration-helpers.ts";
import type { DB } from "../../db/schema.ts";

export interface Database {
  kysely: Kysely<DB>;
  dialect: TDialectName;
  destroy(): Promise<void>;
}

/** How long a SQLite writer waits for another connection's lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

function openSqlite(file: string): Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers (the CLI, a second process) work while the API writes.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", destroy: () => kysely.destroy() };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: "postgres", destroy: () => kysely.destroy() };
}

export function openDatabase(target: TDatabaseTarget): Database {
  return target.kind === "sqlite" ? openSqlite(target.file) : openPostgres(target.url);
}

/** A unique-constraint violation, in either dialect (used to turn races into clean answers). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
