// Test setup for the web unit tests (jsdom).
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { i18n } from "../lib/i18n/i18n.ts";

/** jsdom has no matchMedia: answer as a desktop with a mouse, 1280 px wide, unless a test says otherwise. */
export function installMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

export function desktopMediaQuery(query: string): boolean {
  if (query.includes("hover: none")) return false;
  if (query.includes("hover: hover")) return true;
  if (query.includes("max-width")) return false;
  return false;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
});

installMatchMedia(desktopMediaQuery);
if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  document.documentElement.lang = "";
  await i18n.changeLanguage("en");
  window.localStorage.clear();
  installMatchMedia(desktopMediaQuery);
});
