/**
 * Debian's Chromium and the flags this machine needs (root: no sandbox; no background network:
 * none is reachable), for the journeys (browser.ts), bench:web and scripts/measure-fallback-widths.ts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
