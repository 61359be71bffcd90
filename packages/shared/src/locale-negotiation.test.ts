import { describe, expect, it } from "vitest";
import { acceptedLanguages, isCrawler, negotiateLocale } from "./locale-negotiation.ts";

describe("the language of a page without /en (issue 30)", () => {
  it("reads Accept-Language by weight, then order, without q=0", () => {
    expect(acceptedLanguages("en-US,en;q=0.9,ko;q=0.8")).toEqual(["en-us", "en", "ko"]);
    expect(acceptedLanguages("ko;q=0.2, ja , en;q=0.5")).toEqual(["ja", "en", "ko"]);
    expect(acceptedLanguages("ko;q=0, en")).toEqual(["en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(" , ;q=1")).toEqual([]);
  });

  it("gives Korean to a Korean browser and English to any other (spec 01 §3)", () => {
    expect(negotiateLocale({ acceptLanguage: "ko-KR,ko;q=0.9,en-US;q=0.8" })).toBe("ko");
    expect(negotiateLocale({ acceptLanguage: "ko" })).toBe("ko");
    expect(negotiateLocale({ acceptLanguage: "en-GB,en;q=0.9" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "ja-JP,ko;q=0.9" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "kok" })).toBe("en");
  });

  it("lets the stored choice win, and falls back to Korean without a language or for a crawler", () => {
    expect(negotiateLocale({ cookie: "ko", acceptLanguage: "en-US" })).toBe("ko");
    expect(negotiateLocale({ cookie: "en", acceptLanguage: "ko-KR" })).toBe("en");
    expect(negotiateLocale({ cookie: "xx", acceptLanguage: "en-US" })).toBe("en");
    expect(negotiateLocale({})).toBe("ko");
    expect(negotiateLocale({ acceptLanguage: "*" })).toBe("ko");
    expect(
      negotiateLocale({ acceptLanguage: "en-US", userAgent: "Mozilla/5.0 (compatible; bingbot/2.0)" }),
    ).toBe("ko");
    // A stored choice is a person's: a crawler never has one, but it would still win.
    expect(negotiateLocale({ cookie: "en", userAgent: "Googlebot/2.1" })).toBe("en");
  });

  it("tells crawlers from people, in-app browsers included", () => {
    for (const agent of [
      "Googlebot/2.1",
      "Mozilla/5.0 (compatible; Yeti/1.1)",
      "Twitterbot/1.0",
      "kakaotalk-scrap/1.0",
    ])
      expect(isCrawler(agent), agent).toBe(true);
    for (const agent of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 KAKAOTALK 10.4.0",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 NAVER(inapp; search)",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36",
      undefined,
    ])
      expect(isCrawler(agent), String(agent)).toBe(false);
  });
});
