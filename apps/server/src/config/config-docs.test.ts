/**
 * Each server variable is described once, in the README's Configuration tables: every variable a
 * port's schema reads has exactly one row, and every row names a variable some port reads (or one
 * the web build or the engine reads on its own).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./env.ts";
import { CONFIG_PORTS } from "./index.ts";

/** The first cell's `NAME`s of every row of every "| Variable |" table. */
function documentedNames(readme: string): string[] {
  const names: string[] = [];
  let inTable = false;
  for (const line of readme.split("\n")) {
    if (line.startsWith("| Variable |")) {
      inTable = true;
      continue;
    }
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    if (!inTable || line.startsWith("|---")) continue;
    const firstCell = line.split("|")[1] ?? "";
    names.push(...[...firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
  }
  return names;
}

/** Read outside the server's config: the web app's build (VITE_*) and the engine's pool size. */
const READ_ELSEWHERE = /^(VITE_|ENGINE_)/;

describe("configuration documentation", () => {
  const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const documented = documentedNames(readme);
  const read = CONFIG_PORTS.flatMap((port) => Object.keys(port.schema.shape));

  it("reads each variable in one port only", () => {
    expect(read.filter((name, i) => read.indexOf(name) !== i)).toEqual([]);
  });

  it("describes every variable the ports read exactly once", () => {
    const counts = new Map<string, number>();
    for (const name of documented) counts.set(name, (counts.get(name) ?? 0) + 1);
    expect(read.filter((name) => !counts.has(name))).toEqual([]);
    expect([...counts].filter(([, n]) => n > 1).map(([name]) => name)).toEqual([]);
  });

  it("documents no server variable that nothing reads", () => {
    expect(documented.filter((name) => !READ_ELSEWHERE.test(name) && !read.includes(name))).toEqual([]);
  });
});
