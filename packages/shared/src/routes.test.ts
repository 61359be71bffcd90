import { describe, expect, it } from "vitest";
import { barePath, isAppRoute, listRoutePatterns, localizePath, switchLocalePath } from "./routes.ts";

describe("route table", () => {
  it("mirrors every route under /en", () => {
    const patterns = listRoutePatterns();
    expect(patterns).toContain("/pricing");
    expect(patterns).toContain("/en/pricing");
    expect(patterns).toContain("/en");
    expect(patterns).toContain("/en/notice/:id/edit");
  });

  it("serves the English short legal forms only under /en", () => {
    expect(isAppRoute("/en/terms")).toBe(true);
    expect(isAppRoute("/terms")).toBe(false);
    expect(isAppRoute("/terms/kr")).toBe(true);
  });

  it("matches parameterised routes and refuses unknown paths", () => {
    expect(isAppRoute("/notice/12")).toBe(true);
    expect(isAppRoute("/en/notice/12/edit")).toBe(true);
    expect(isAppRoute("/payment/basic")).toBe(true);
    expect(isAppRoute("/nope")).toBe(false);
    expect(isAppRoute("/notice/1/2/3")).toBe(false);
  });
});

describe("barePath", () => {
  it("drops /en only where it is the language prefix", () => {
    expect(barePath("/en")).toBe("/");
    expect(barePath("/en/pricing")).toBe("/pricing");
    expect(barePath("/pricing/en")).toBe("/pricing/en");
    expect(barePath("/english")).toBe("/english");
    expect(barePath("/")).toBe("/");
  });
});

describe("KR|EN switch", () => {
  it("adds /en and keeps the path and query", () => {
    expect(switchLocalePath("/pricing", "?tab=packs", "en")).toBe("/en/pricing?tab=packs");
    expect(switchLocalePath("/", "", "en")).toBe("/en");
  });
  it("drops /en and keeps the path and query", () => {
    expect(switchLocalePath("/en/notice/3", "?page=2", "ko")).toBe("/notice/3?page=2");
    expect(switchLocalePath("/en", "", "ko")).toBe("/");
  });
  it("is idempotent for the current language", () => {
    expect(switchLocalePath("/en/login", "", "en")).toBe("/en/login");
    expect(switchLocalePath("/login", "", "ko")).toBe("/login");
  });
  it("localizes bare paths", () => {
    expect(localizePath("/upscale", "en")).toBe("/en/upscale");
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/upscale", "ko")).toBe("/upscale");
  });
});
