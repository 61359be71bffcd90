/**
 * The database port. The dialect is chosen once, here, from the validated config
 * (ARCHITECTURE "Choose a driver once at boot"); everything above sees a Kysely<DB>.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { TDatabaseTarget } from "../../config.ts";
import type { TDialectName } from "../../db/migrations/migration-helpers.ts";
import type { DB } from "../../db/schema.ts";

export interface Database {
  kysely: Kysely<DB>;
  dialect: TDialectName;
  destroy(): Promise<void>;
  /**
   * Runs `fn` on a connection without DATABASE_STATEMENT_TIMEOUT_MS (issue 26): the migrations,
   * whose advisory lock waits for another process's migration as long as that one takes, and whose
   * own statements may run long. Every other query keeps the bound.
   */
  unbounded<T>(fn: (kysely: Kysely<DB>) => Promise<T>): Promise<T>;
}

/** How long a SQLite writer waits for another connection's lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Distinct SQL texts kept prepared; the app issues a few hundred at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which the bench:api profile showed at 7 % of
 * the samples on status polling. better-sqlite3 statements are reusable, so keep them by SQL
 * text (least recently used out first). A statement still iterating (`busy`) is never handed out
 * twice: the caller gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

function openSqlite(file: string): Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers (the CLI, a second process) work while the API writes.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: "sqlite", destroy: () => kysely.destroy(), unbounded: (fn) => fn(kysely) };
}

/** A PostgreSQL that does not accept a connection fails the request after this (503, issue 28). */
const PG_CONNECT_TIMEOUT_MS = 5000;

/** The client's own bound past the server's statement_timeout (a server that stopped answering). */
const PG_QUERY_TIMEOUT_MARGIN_MS = 5000;

function openPostgres(url: string, statementTimeoutMs = 0): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // A frozen query (a lock never released, a runaway plan) is cancelled by the server, and a
    // connection that stops answering is given up by the client: the request answers 503.
    ...(statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + PG_QUERY_TIMEOUT_MARGIN_MS,
        }
      : {}),
  });
  // An idle connection dropped by a restart or failover is reported here (the pool discards it
  // and opens a new one on the next query); unheard, the 'error' event would end the process.
  pool.on("error", () => {});
  // The same for a connection in use when it drops: its query fails (503, the error handler), and
  // the 'error' event pg also emits on the client must not end the process either.
  pool.on("connect", (client) => client.on("error", () => {}));
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: "postgres",
    async destroy() {
      await kysely.destroy();
      // Kysely ends the pool only once it has run a query; with the migrations on their own
      // connection (unbounded) it may not have, and the pool must still be closed for good.
      if (!pool.ended) await pool.end();
    },
    async unbounded(fn) {
      if (!(statementTimeoutMs > 0)) return fn(kysely);
      // A pool of its own, one connection, neither the server's statement_timeout nor the client's
      // query_timeout: a second process starting during a long migration waits for the lock.
      const own = new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      });
      own.on("error", () => {});
      own.on("connect", (client) => client.on("error", () => {}));
      const unboundedKysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: own }) });
      try {
        return await fn(unboundedKysely);
      } finally {
        await unboundedKysely.destroy();
      }
    },
  };
}

export function openDatabase(target: TDatabaseTarget): Database {
  return target.kind === "sqlite"
    ? openSqlite(target.file)
    : openPostgres(target.url, target.statementTimeoutMs);
}

/** A unique-constraint violation, in either dialect (used to turn races into clean answers). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
