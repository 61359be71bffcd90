import { listRoutePatterns } from "@gyeol/shared/routes";
import { describe, expect, it } from "vitest";
import { expandRoutes } from "./route-table.ts";

describe("route table", () => {
  const paths = expandRoutes().map((route) => route.path);

  it("serves exactly the shared list of patterns, each once", () => {
    expect([...paths].sort()).toEqual([...listRoutePatterns()].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("mirrors every page under /en", () => {
    expect(paths).toContain("/en");
    expect(paths).toContain("/en/upscale");
    expect(paths).toContain("/en/notice/:id/edit");
    expect(paths).toContain("/en/pricing/kr");
  });

  it("keeps the short legal forms English-only", () => {
    expect(paths).toContain("/en/terms");
    expect(paths).not.toContain("/terms");
    expect(expandRoutes().find((route) => route.path === "/en/terms")?.fixedLocale).toBe("en");
  });

  it("fixes every page under /en to English, /en/terms/kr and /en/pricing/kr too", () => {
    const mirrored = expandRoutes().filter((route) => route.isEnglishMirror && route.fixedLocale);
    expect(mirrored.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/en/terms/kr", "/en/pricing/kr"]),
    );
    for (const route of mirrored) expect(route.fixedLocale, route.path).toBe("en");
    expect(expandRoutes().find((route) => route.path === "/terms/kr")?.fixedLocale).toBe("ko");
  });
});
