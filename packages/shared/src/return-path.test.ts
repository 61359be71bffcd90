/// <reference types="node" />
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OPEN_REDIRECT_CORPUS } from "./open-redirect.corpus.ts";
import { localeOfReturnPath, safeReturnPath } from "./return-path.ts";

const SITE = "https://gyeol.app";

describe("safeReturnPath", () => {
  it("keeps a page of this site, with its query and fragment, exactly as given", () => {
    for (const path of [
      "/",
      "/en",
      "/en/",
      "/upscale",
      "/en/upscale?x=1",
      "/en/mypage?tab=2&payment=success",
      "/notice/12",
      "/en/notice/12/edit",
      "/pricing?tab=packs#top",
      "/mypage?q=%ED%95%9C%EA%B8%80",
      "/upscale?next=%2F%2Fevil.example",
      "/payment/basic?payment=success",
    ]) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it.each(OPEN_REDIRECT_CORPUS)("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 1, ["/upscale"], { toString: () => "/upscale" }]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it("never lets anything out that leaves the site or starts a second slash (any input)", () => {
    const fragments = [
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2F",
      "%2e",
      "%5C",
      "?",
      "#",
      "en",
      "upscale",
      "notice",
      "12",
      "evil.example",
      ":",
      "@",
      "\t",
      " ",
      "\uFF0F",
      "https:",
      "a=b",
    ];
    const pieced = fc.array(fc.constantFrom(...fragments), { maxLength: 8 }).map((parts) => parts.join(""));
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.string({ unit: "grapheme" }),
      pieced,
      pieced.map((p) => `/${p}`),
    );
    fc.assert(
      fc.property(anyText, (value) => {
        const out = safeReturnPath(value);
        if (out === null) return;
        expect(out === "/" || /^\/[^/\\]/.test(out)).toBe(true);
        const url = new URL(out, SITE);
        expect(url.origin).toBe(SITE);
        // What the browser goes to is what was checked: nothing is normalised away.
        expect(`${url.pathname}${url.search}${url.hash}`).toBe(out);
        expect(safeReturnPath(out)).toBe(out);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("localeOfReturnPath", () => {
  it("reads the language from the path only", () => {
    expect(localeOfReturnPath("/en")).toBe("en");
    expect(localeOfReturnPath("/en?x=1")).toBe("en");
    expect(localeOfReturnPath("/en/upscale#a")).toBe("en");
    expect(localeOfReturnPath("/english")).toBe("ko");
    expect(localeOfReturnPath("/upscale?lang=/en")).toBe("ko");
  });
});
