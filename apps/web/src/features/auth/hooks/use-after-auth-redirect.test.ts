import { describe, expect, it } from "vitest";
import { safeNextPath } from "./use-after-auth-redirect.ts";

describe("next path after login", () => {
  it("accepts a path on this site, with its query", () => {
    expect(safeNextPath("/upscale")).toBe("/upscale");
    expect(safeNextPath("/en/mypage?tab=2")).toBe("/en/mypage?tab=2");
  });

  it("refuses other sites and odd forms", () => {
    expect(safeNextPath("https://evil.example")).toBeNull();
    expect(safeNextPath("//evil.example")).toBeNull();
    expect(safeNextPath("/\\evil.example")).toBeNull();
    expect(safeNextPath("javascript:alert(1)")).toBeNull();
    expect(safeNextPath("/ok\n")).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });

  it("does not send the user back to the login or signup page", () => {
    expect(safeNextPath("/login")).toBeNull();
    expect(safeNextPath("/en/signup?x=1")).toBeNull();
    expect(safeNextPath("/login-help")).toBe("/login-help");
  });
});
