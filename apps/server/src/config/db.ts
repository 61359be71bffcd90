/** The database: PostgreSQL for a postgres:// URL, otherwise a SQLite file (in DATA_DIR by default). */
import path from "node:path";
import { definePort, zOptionalText } from "./env.ts";

export type TDatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface TDbConfig {
  database: TDatabaseTarget;
}

function resolveDatabase(url: string | undefined, dataDir: string, cwd: string): TDatabaseTarget {
  if (url === undefined) return { kind: "sqlite", file: path.join(dataDir, "gyeol.sqlite") };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", url };
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (bare === ":memory:") return { kind: "sqlite", file: bare };
  return { kind: "sqlite", file: path.resolve(cwd, bare) };
}

export const dbPort = definePort(
  "db",
  { DATABASE_URL: zOptionalText },
  (e, { cwd, dataDir }): TDbConfig => ({
    database: Object.freeze(resolveDatabase(e.DATABASE_URL, dataDir, cwd)),
  }),
);
