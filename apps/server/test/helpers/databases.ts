/**
 * The databases integration suites run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL
 * is set. Each test database is isolated: a temp SQLite file, or a fresh PostgreSQL schema
 * selected through the connection's search_path and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

export interface TestDatabaseKind {
  name: "sqlite" | "postgres";
}

export const TEST_DATABASES: TestDatabaseKind[] = [
  { name: "sqlite" },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" as const }] : []),
];

export interface TestDatabase {
  /** The DATABASE_URL to hand to the config (and to the CLI). */
  url: string;
  drop(): Promise<void>;
}

function withSearchPath(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

export async function createTestDatabase(kind: TestDatabaseKind, dir: string): Promise<TestDatabase> {
  if (kind.name === "sqlite") return { url: path.join(dir, "gyeol.sqlite"), drop: async () => {} };
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `gyeol_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema "${schema}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withSearchPath(baseUrl, schema),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
