import { isEnglishPath, listRoutePatterns } from "@gyeol/shared/routes";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  detectLocale,
  fixedLocaleForPath,
  getLocale,
  localeSwitchTarget,
  resolvePageLocale,
  setDocumentLanguage,
  setStoredLocale,
  syncLocaleCookie,
} from "./locale.ts";

function forgetLocaleCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes what the app wrote the same way.
  document.cookie = "gyeol_locale=; Max-Age=0; Path=/";
}

describe("locale detection", () => {
  it("uses the stored choice when there is one", () => {
    expect(detectLocale("en", "ko-KR")).toBe("en");
    expect(detectLocale("ko", "en-US")).toBe("ko");
  });

  it("falls back to the browser language: Korean gives ko, anything else en", () => {
    expect(detectLocale(null, "ko-KR")).toBe("ko");
    expect(detectLocale(null, "ko")).toBe("ko");
    expect(detectLocale(null, "en-US")).toBe("en");
    expect(detectLocale(null, "ja-JP")).toBe("en");
    expect(detectLocale("fr", undefined)).toBe("en");
  });

  it("reads and writes localStorage 'locale'", () => {
    setStoredLocale("en");
    expect(window.localStorage.getItem("locale")).toBe("en");
    expect(getLocale()).toBe("en");
  });

  it("mirrors the stored choice into the cookie the server reads for the first frame (issue 30)", () => {
    setStoredLocale("en");
    expect(document.cookie).toContain("gyeol_locale=en");
    setStoredLocale("ko");
    expect(document.cookie).toContain("gyeol_locale=ko");
    // A choice stored before the cookie existed is mirrored at start.
    forgetLocaleCookie();
    window.localStorage.setItem("locale", "en");
    syncLocaleCookie();
    expect(document.cookie).toContain("gyeol_locale=en");
    forgetLocaleCookie();
  });

  afterEach(() => window.localStorage.clear());
});

describe("page language", () => {
  it("is English under /en or when the locale is en", () => {
    expect(resolvePageLocale("/en/pricing", "ko")).toBe("en");
    expect(resolvePageLocale("/en", "ko")).toBe("en");
    expect(resolvePageLocale("/pricing", "en")).toBe("en");
    expect(resolvePageLocale("/pricing", "ko")).toBe("ko");
    expect(resolvePageLocale("/english", "ko")).toBe("ko");
  });

  it("follows the language a page fixes in its path", () => {
    expect(fixedLocaleForPath("/terms/kr")).toBe("ko");
    expect(resolvePageLocale("/terms/kr", "en")).toBe("ko");

    expect(resolvePageLocale("/privacy/en", "ko")).toBe("en");
    expect(resolvePageLocale("/en/refund", "ko")).toBe("en");
    // The short legal forms only exist under /en.
    expect(fixedLocaleForPath("/terms")).toBeUndefined();
  });
});

describe("the /en mirror", () => {
  it("is English on every page of the route table, whatever a path segment or the stored choice says", () => {
    const english = listRoutePatterns().filter(isEnglishPath);
    expect(english).toContain("/en/terms/kr");
    expect(english).toContain("/en/pricing/kr");
    for (const pattern of english) {
      const path = pattern.replaceAll(":id", "3").replaceAll(":plan", "basic");
      expect(resolvePageLocale(path, "ko"), path).toBe("en");
      expect(resolvePageLocale(`${path}/`, "ko"), `${path}/`).toBe("en");
    }
  });

  it("keeps the language of an unprefixed page that fixes it", () => {
    expect(resolvePageLocale("/terms/kr", "en")).toBe("ko");
    expect(resolvePageLocale("/pricing/kr", "en")).toBe("ko");
    expect(resolvePageLocale("/pricing/en", "ko")).toBe("en");
  });
});

describe("KR|EN switch target", () => {
  it("adds or drops /en and keeps the rest of the path and the query", () => {
    expect(localeSwitchTarget("/upscale", "?a=1", "en")).toBe("/en/upscale?a=1");
    expect(localeSwitchTarget("/en/upscale", "?a=1", "ko")).toBe("/upscale?a=1");
    expect(localeSwitchTarget("/", "", "en")).toBe("/en");
    expect(localeSwitchTarget("/en", "", "ko")).toBe("/");
    expect(localeSwitchTarget("/notice/3", "?page=2", "en")).toBe("/en/notice/3?page=2");
  });

  it("lands on the matching language version of a language page", () => {
    // The other language's own address, the one its head names as canonical (issue 30).
    expect(localeSwitchTarget("/terms/kr", "", "en")).toBe("/en/terms");
    expect(localeSwitchTarget("/terms/en", "", "ko")).toBe("/terms/kr");
    expect(localeSwitchTarget("/en/terms", "", "ko")).toBe("/terms/kr");
    expect(localeSwitchTarget("/en/privacy/kr", "", "ko")).toBe("/privacy/kr");
    expect(localeSwitchTarget("/en/pricing/en", "", "ko")).toBe("/pricing");
    expect(localeSwitchTarget("/pricing/kr", "?tab=packs", "en")).toBe("/en/pricing?tab=packs");
  });
});

describe("setDocumentLanguage", () => {
  it("writes <html lang> only when it changes (every write restyles the whole page in Chromium)", () => {
    const root = document.createElement("html");
    root.lang = "ko";
    const write = vi.spyOn(root, "lang", "set");
    setDocumentLanguage("ko", root);
    expect(write).not.toHaveBeenCalled();
    setDocumentLanguage("en", root);
    expect(write).toHaveBeenCalledTimes(1);
    expect(root.lang).toBe("en");
  });
});
