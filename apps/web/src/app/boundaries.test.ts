import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web app's layers (ARCHITECTURE "Web layout"): app → features → components, lib. A feature
 * never imports another feature (cross-tool moves go through lib/handoff.ts, shared pieces through
 * components/ and lib/), and components/ and lib/ never import a feature or app/. Biome's import
 * patterns match strings, and `../../pricing/x` from inside a feature names no feature at every
 * depth, so this test resolves each relative import to the file it reaches.
 */
const SRC = resolve(__dirname, "..");

/** The one sanctioned exception: the i18n catalogue assembles every feature's strings. */
const ALLOWED = [/^lib\/i18n\/(ko|en)\.ts -> features\/[^/]+\/i18n\//];

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bimport\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** "features/retouch", "lib", "components", "app", "test" … for a path under src/. */
function areaOf(path: string): string {
  const [top, next] = path.split("/");
  return top === "features" ? `features/${next}` : (top ?? "");
}

function findBoundaryViolations(root: string = SRC): string[] {
  const violations: string[] = [];
  for (const file of listSources(root)) {
    const from = relative(root, file).split(sep).join("/");
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const to = relative(root, resolve(dirname(file), match[1] ?? ""))
        .split(sep)
        .join("/");
      const source = areaOf(from);
      const target = areaOf(to);
      const isCrossFeature =
        source.startsWith("features/") && target.startsWith("features/") && source !== target;
      const isLowerToUpper =
        (source === "lib" || source === "components") && (target.startsWith("features/") || target === "app");
      const edge = `${from} -> ${to}`;
      if ((isCrossFeature || isLowerToUpper) && !ALLOWED.some((rule) => rule.test(edge))) {
        violations.push(edge);
      }
    }
  }
  return violations;
}

describe("the web app's import boundaries", () => {
  it("catches every kind of crossing, at any folder depth", () => {
    const root = mkdtempSync(join(tmpdir(), "boundaries-"));
    const files: Record<string, string> = {
      "features/a/components/deep/page.tsx":
        'import { x } from "../../../b/api/x.ts";\nimport { y } from "../../../../lib/y.ts";',
      "features/a/hooks/use-a.ts": 'const m = await import("../../b/index.ts");',
      "features/a/lazy.test.ts": 'vi.mock("../c/thing.ts");',
      "lib/y.ts": 'export { z } from "../features/a/z.ts";',
      "components/tool/card.tsx": 'import "../../app/router.tsx";',
      "lib/i18n/ko.ts": 'import { aKo } from "../../features/a/i18n/ko.ts";',
      "app/router.tsx": 'import { page } from "../features/a/page.tsx";',
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      expect(findBoundaryViolations(root).sort()).toEqual(
        [
          "features/a/components/deep/page.tsx -> features/b/api/x.ts",
          "features/a/hooks/use-a.ts -> features/b/index.ts",
          "features/a/lazy.test.ts -> features/c/thing.ts",
          "lib/y.ts -> features/a/z.ts",
          "components/tool/card.tsx -> app/router.tsx",
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("has no feature importing another feature, and no lib/ or components/ importing features or app", () => {
    expect(findBoundaryViolations()).toEqual([]);
  });
});
