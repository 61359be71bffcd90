// Test setup for the web unit tests (jsdom).
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { setDraftBackend } from "../lib/drafts/drafts.ts";
import { i18n } from "../lib/i18n/i18n.ts";
import { loadQueryClient } from "../lib/query-client-loader.ts";
import { desktopMediaQuery, installMatchMedia } from "./match-media.ts";

// findBy*/waitFor wait for a condition; lazy routes on a machine at load 15 have taken over the
// default 1 s to appear, so give them room (a condition that never holds still fails).
configure({ asyncUtilTimeout: 10_000 });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(async () => {
  // Every string of both languages and the query client, as the app has them once any page besides
  // the landing loaded (lib/i18n/string-parts.ts, lib/query-client-loader.ts).
  await Promise.all([i18n.load("ko", "all"), i18n.load("en", "all"), i18n.loadAll(), loadQueryClient()]);
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
  // jsdom has no IndexedDB: drafts live in memory, a fresh store for each test.
  setDraftBackend(null);
  installMatchMedia(desktopMediaQuery);
});
