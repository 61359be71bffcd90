import { describe, expect, it } from "vitest";
import { parseThemeChoice, withThemeAttribute } from "./theme.ts";

describe("the theme choice", () => {
  it("reads light and dark from the cookie and anything else as system", () => {
    expect(parseThemeChoice("dark")).toBe("dark");
    expect(parseThemeChoice("light")).toBe("light");
    for (const value of [undefined, null, "", "system", "DARK", "dark; x", '"><script>']) {
      expect(parseThemeChoice(value)).toBe("system");
    }
  });

  it("puts an explicit choice on <html>, keeping its other attributes, and replaces an earlier one", () => {
    const page = '<!doctype html><html lang="en" class="x"><head></head><body></body></html>';
    expect(withThemeAttribute(page, "dark")).toBe(
      '<!doctype html><html lang="en" class="x" data-theme="dark"><head></head><body></body></html>',
    );
    expect(withThemeAttribute('<html data-theme="dark" lang="ko">', "light")).toBe(
      '<html lang="ko" data-theme="light">',
    );
    expect(withThemeAttribute("<html>", "dark")).toBe('<html data-theme="dark">');
  });

  it("makes the browser bar's colour follow an explicit choice", () => {
    const head =
      '<html><head><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1a1517" />\n' +
      '    <meta name="theme-color" content="#faf7f4" /></head></html>';
    const dark = withThemeAttribute(head, "dark");
    expect(dark).toContain('<meta name="theme-color" content="#1a1517" />');
    expect(dark.indexOf("#1a1517")).toBeLessThan(dark.indexOf("#faf7f4"));
    const light = withThemeAttribute(head, "light");
    expect(light).not.toContain("#1a1517");
    expect(light).toContain('<meta name="theme-color" content="#faf7f4" />');
    expect(withThemeAttribute(head, "system")).toBe(head);
  });

  it("leaves the page alone for system, so prefers-color-scheme decides", () => {
    const page = '<html lang="ko"><body></body></html>';
    expect(withThemeAttribute(page, "system")).toBe(page);
  });
});
