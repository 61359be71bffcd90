/** The database: PostgreSQL for a postgres:// URL, otherwise a SQLite file (in DATA_DIR by default). */
import path from "node:path";
import { definePort, zInt, zOptionalText } from "./env.ts";

export type TDatabaseTarget =
  | { kind: "sqlite"; file: string }
  | {
      kind: "postgres";
      url: string;
      /**
       * A statement that runs (or waits on a lock) longer is cancelled by PostgreSQL and the request
       * answers 503 database, instead of holding a connection and the user forever; 0 = no bound.
       */
      statementTimeoutMs?: number;
    };

export interface TDbConfig {
  database: TDatabaseTarget;
}

function resolveDatabase(
  url: string | undefined,
  dataDir: string,
  cwd: string,
  statementTimeoutMs: number,
): TDatabaseTarget {
  if (url === undefined) return { kind: "sqlite", file: path.join(dataDir, "gyeol.sqlite") };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", url, statementTimeoutMs };
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (bare === ":memory:") return { kind: "sqlite", file: bare };
  return { kind: "sqlite", file: path.resolve(cwd, bare) };
}

export const dbPort = definePort(
  "db",
  { DATABASE_URL: zOptionalText, DATABASE_STATEMENT_TIMEOUT_MS: zInt(30_000, 0, 3_600_000) },
  (e, { cwd, dataDir }): TDbConfig => ({
    database: Object.freeze(resolveDatabase(e.DATABASE_URL, dataDir, cwd, e.DATABASE_STATEMENT_TIMEOUT_MS)),
  }),
);
