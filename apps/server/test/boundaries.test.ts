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
  // A repository's own test beside it (e.g. images.repository.test.ts) builds queries too.
  return /\.repository(\.test)?\.ts$/.test(path) || path.startsWith("db/") || path.startsWith("drivers/");
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

/** The module a file under src/ belongs to (`modules/<name>/…`), or null outside modules/. */
function moduleOf(file: string): string | null {
  const parts = relative(SRC, file).split(sep);
  return parts[0] === "modules" && parts.length > 2 ? parts[1]! : null;
}

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

/** Which modules each module imports (type-only imports too: a cycle of types is a cycle of design). */
function moduleGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of listSources(join(SRC, "modules"))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = moduleOf(file)!;
    for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const to = moduleOf(resolve(file, "..", match[1]!));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), relative(SRC, file)]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's path (a → … → a), found by depth-first search; empty when the graph is acyclic. */
function cyclesOf(graph: Map<string, Map<string, string[]>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) return void cycles.push([...path.slice(at), node]);
    if (done.has(node)) return;
    for (const next of graph.get(node)?.keys() ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

describe("server modules import each other one way (issue 26)", () => {
  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["images", new Map([["notices", ["images.service.ts"]]])],
      ["notices", new Map([["images", ["notices.service.ts"]]])],
      ["jobs", new Map([["images", ["x.ts"]]])],
    ]);
    expect(cyclesOf(graph)).toEqual([["images", "notices", "images"]]);
    expect(cyclesOf(new Map([["jobs", new Map([["images", ["x.ts"]]])]]))).toEqual([]);
  });

  it("has no import cycle between modules (images ↔ notices, images ↔ retouch, auth ↔ users were)", () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(cyclesOf(graph)).toEqual([]);
  });
});

describe("@gyeol/engine is reached only through the engine drivers and the composition root", () => {
  const ENGINE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']@gyeol\/engine(?:\/[^"']*)?["']/;
  const allowed = (path: string) =>
    path.startsWith("drivers/engines/") || path === "process.ts" || path === "services.ts";

  it("is imported nowhere else under src/", () => {
    const offenders = listSources(SRC)
      .map((file) => relative(SRC, file).split(sep).join("/"))
      .filter((path) => !/\.test\.tsx?$/.test(path))
      .filter((path) => !allowed(path) && ENGINE_IMPORT.test(readFileSync(join(SRC, path), "utf8")));
    expect(offenders).toEqual([]);
    expect(ENGINE_IMPORT.test('import { x } from "@gyeol/engine/retouch";')).toBe(true);
  });
});
