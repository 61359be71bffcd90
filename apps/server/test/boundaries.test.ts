import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * SQL lives in repositories, db/ and drivers/ (ARCHITECTURE "Server layout"): a service, a route
 * or a job never imports Kysely, so each module's queries stay in its one *.repository.ts.
 */
const SRC = resolve(__dirname, "../src");
const KYSELY_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']kysely(?:\/[^"']*)?["']/;

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function isKyselyAllowed(path: string): boolean {
  return path.endsWith(".repository.ts") || path.startsWith("db/") || path.startsWith("drivers/");
}

function findKyselyOutsideRepositories(root: string): string[] {
  return listSources(root)
    .map((file) => relative(root, file).split(sep).join("/"))
    .filter((path) => !isKyselyAllowed(path) && KYSELY_IMPORT.test(readFileSync(join(root, path), "utf8")));
}

describe("Kysely stays in repositories, db/ and drivers/", () => {
  it("knows where it may be imported", () => {
    expect(isKyselyAllowed("modules/jobs/jobs.repository.ts")).toBe(true);
    expect(isKyselyAllowed("db/store.ts")).toBe(true);
    expect(isKyselyAllowed("drivers/db/database.ts")).toBe(true);
    expect(isKyselyAllowed("modules/jobs/jobs.service.ts")).toBe(false);
    expect(isKyselyAllowed("services.ts")).toBe(false);
    expect(KYSELY_IMPORT.test('import type { Kysely } from "kysely";')).toBe(true);
    expect(KYSELY_IMPORT.test("import { sql } from 'kysely/helpers/postgres';")).toBe(true);
    expect(KYSELY_IMPORT.test('import { x } from "./kysely-notes.ts";')).toBe(false);
  });

  it("is imported nowhere else under src/", () => {
    expect(findKyselyOutsideRepositories(SRC)).toEqual([]);
  });
});
