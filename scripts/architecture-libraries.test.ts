/**
 * ARCHITECTURE.md names only libraries that are installed (issue 26): every package written in
 * backticks in its "Chosen libraries" section is a dependency of the root or of a workspace.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function declaredPackages(): Set<string> {
  const manifests = [path.join(root, "package.json")];
  for (const group of ["apps", "packages"])
    for (const name of readdirSync(path.join(root, group)))
      manifests.push(path.join(root, group, name, "package.json"));
  const names = new Set<string>();
  for (const file of manifests) {
    let manifest: Record<string, Record<string, string> | undefined>;
    try {
      manifest = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"])
      for (const name of Object.keys(manifest[field] ?? {})) names.add(name);
  }
  return names;
}

function namedLibraries(markdown: string): string[] {
  const start = markdown.indexOf("## Chosen libraries");
  if (start < 0) return [];
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/`(@?[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9._-]+)?)`/g)]
    .map((match) => match[1]!)
    .filter((name) => !/\.(ts|md|json)$/.test(name))
    .flatMap((name) => (name.startsWith("@") ? [name] : name.split("/")));
}

describe("ARCHITECTURE.md's chosen libraries", () => {
  it("reads the package names of the section, and only those", () => {
    const text =
      "## Chosen libraries\n`fastify`, `@fastify/static`, the `i18next`/`react-i18next` API.\n## Next\n`other`";
    expect(namedLibraries(text)).toEqual(["fastify", "@fastify/static", "i18next", "react-i18next"]);
  });

  it("names only packages some workspace depends on", () => {
    const named = namedLibraries(readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8"));
    expect(named.length).toBeGreaterThan(30);
    const declared = declaredPackages();
    expect(named.filter((name) => !declared.has(name))).toEqual([]);
  });
});

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourcesOf(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [file] : [];
  });
}

describe("workspaces declare the workspaces they import (issue 26: @gyeol/shared in both apps)", () => {
  it("finds every @gyeol/* import in a workspace's package.json", () => {
    const missing: string[] = [];
    for (const group of ["apps", "packages"])
      for (const name of readdirSync(path.join(root, group))) {
        const dir = path.join(root, group, name);
        let manifest: {
          name?: string;
          dependencies?: Record<string, string>;
          devDependencies?: Record<string, string>;
        };
        try {
          manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
        } catch {
          continue;
        }
        const declared = new Set([
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.devDependencies ?? {}),
        ]);
        const imported = new Set<string>();
        for (const file of sourcesOf(path.join(dir, "src")))
          for (const match of readFileSync(file, "utf8").matchAll(/["'](@gyeol\/[a-z-]+)(?:\/[^"']*)?["']/g))
            imported.add(match[1]!);
        for (const dependency of imported)
          if (dependency !== manifest.name && !declared.has(dependency))
            missing.push(`${manifest.name} → ${dependency}`);
      }
    expect(missing).toEqual([]);
  });
});
