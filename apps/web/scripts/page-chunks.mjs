/**
 * What the app loads on a prerendered page before its first render, read from the client build's
 * manifest (dist/.vite/manifest.json): main.tsx waits for the page's own chunk and the page
 * language's core strings, and a page that loads with withPageNeeds (app/route-pages.tsx) also for
 * the rest of the strings and the query client; each with what it imports statically. Used by
 * prerender.mjs (prerendered-boot.js fetches these ahead, so the first tap waits for no round trip)
 * and landing-budget.mjs (the landing's JavaScript budget).
 */

/**
 * Each prerendered page's own module, as app/route-pages.tsx imports it for the page's route
 * (shared seo.ts PUBLIC_PAGES ids), and whether that import goes through withPageNeeds.
 * app-start.e2e.ts fails when a page's app fetches its chunk or strings anew.
 */
export const PAGE_MODULES = {
  landing: { src: "src/features/landing/components/landing-page.tsx", withPageNeeds: false },
  pricing: { src: "src/features/pricing/components/pricing-page.tsx", withPageNeeds: true },
  noticeList: { src: "src/features/notices/components/notice-list-page.tsx", withPageNeeds: true },
  terms: { src: "src/features/legal/components/legal-page.tsx", withPageNeeds: true },
  privacy: { src: "src/features/legal/components/legal-page.tsx", withPageNeeds: true },
  refund: { src: "src/features/legal/components/legal-page.tsx", withPageNeeds: true },
};

/** lib/i18n/string-parts.ts: a language's strings, "core" (every page's first render) or "rest". */
export const stringsSrc = (locale, part) => `virtual:gyeol-strings/${locale}-${part}`;
/** lib/query-client-loader.ts loads it with every page that queries. */
const QUERY_CLIENT_SRC = "src/lib/query-client.ts";

/**
 * The manifest entries (each with its `key`) the app loads on page `pageId` in `locale` before its
 * first render: the entry, the page, the strings and the query client it waits for, and their
 * static imports, entry first.
 */
export function pageChunks(manifest, pageId, locale) {
  const page = PAGE_MODULES[pageId];
  if (!page) throw new Error(`page-chunks.mjs has no module for the page ${pageId}`);
  const seen = new Set();
  const visit = (key) => {
    // A virtual module's key is relative to the directory Vite was started from.
    const found = key in manifest ? key : Object.keys(manifest).find((name) => name.endsWith(key));
    if (!found) throw new Error(`manifest has no ${key}`);
    if (seen.has(found)) return;
    seen.add(found);
    for (const imported of manifest[found].imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("manifest has no entry");
  visit(entry);
  visit(page.src);
  visit(stringsSrc(locale, "core"));
  if (page.withPageNeeds) {
    visit(stringsSrc(locale, "rest"));
    visit(QUERY_CLIENT_SRC);
  }
  return [...seen].map((key) => ({ ...manifest[key], key }));
}
