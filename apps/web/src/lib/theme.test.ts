import { THEME_COOKIE } from "@gyeol/shared/theme";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyThemeChoice, chooseTheme, readThemeChoice, useThemeChoice } from "./theme.ts";

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clears what chooseTheme wrote, the way it wrote it.
  document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0`;
  document.documentElement.removeAttribute("data-theme");
});

describe("the theme choice in the browser", () => {
  it("remembers light or dark in the cookie the server reads and marks <html> at once", () => {
    chooseTheme("dark");
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(readThemeChoice()).toBe("dark");
    chooseTheme("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(readThemeChoice()).toBe("light");
  });

  it("forgets the cookie and the attribute for system, so the OS decides", () => {
    chooseTheme("dark");
    chooseTheme("system");
    expect(document.cookie).not.toContain(THEME_COOKIE);
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(readThemeChoice()).toBe("system");
  });

  it("colours the browser bar with the chosen canvas, and by the OS again for system", () => {
    const colours = () =>
      [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map(
        (meta) => `${meta.media || "all"} ${meta.content}`,
      );
    chooseTheme("dark");
    expect(colours()).toEqual(["all #1a1517"]);
    chooseTheme("light");
    expect(colours()).toEqual(["all #faf7f4"]);
    chooseTheme("system");
    expect(colours()).toEqual(["(prefers-color-scheme: dark) #1a1517", "all #faf7f4"]);
  });

  it("tells components when the choice changes", () => {
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current).toBe("system");
    act(() => chooseTheme("dark"));
    expect(result.current).toBe("dark");
  });

  it("applies a choice to a given root", () => {
    const root = document.createElement("html");
    applyThemeChoice("light", root);
    expect(root.getAttribute("data-theme")).toBe("light");
    applyThemeChoice("system", root);
    expect(root.hasAttribute("data-theme")).toBe(false);
  });
});
