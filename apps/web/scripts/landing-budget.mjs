/**
 * The landing page's initial JavaScript budget (issue 17, Delivery): what a first visit to / loads
 * before the page can paint, read from the built manifest (dist/.vite/manifest.json): the entry,
 * the landing page's lazy chunk, the page language's core strings (main.tsx loads them before the
 * first render) and everything those import statically, counted in brotli bytes (the build's .br
 * siblings, as the server sends them). Fails over LANDING_CEILING_BYTES (the 120 KB), or
 * when a chunk carries code only another page needs (zod, pricing, legal, tool pages, the query
 * client, toasts, dialogs, the other language or the rest of the strings).
 *   node apps/web/scripts/landing-budget.mjs [distDir]   (after npm run build -w apps/web)
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { pageChunks } from "./page-chunks.mjs";

/** The target, enforced: measured 116.7 KB for / (Korean) after the cuts in README. */
export const LANDING_TARGET_BYTES = 120 * 1024;
export const LANDING_CEILING_BYTES = LANDING_TARGET_BYTES;
/** Sources that must not be on the landing's first load. */
export const FORBIDDEN_SOURCES = [
  /node_modules\/zod\//,
  /src\/features\/pricing\/components\//,
  /src\/features\/legal\/components\//,
  /src\/features\/(retouch|face-edit|image-edit|generation|chat|notices|mypage|account|payment)\/components\//,
  // Loaded when idle or by the pages that use them (lib/query-client-loader.ts, lazy-shell-parts.tsx).
  /node_modules\/@tanstack\/query-core\//,
  /node_modules\/react-hot-toast\//,
  /node_modules\/@radix-ui\//,
  // Replaced by the app's own translator (lib/i18n/i18n.ts); the strings load per language and part.
  /node_modules\/(react-)?i18next\//,
  /^(\.\.\/)*src\/lib\/i18n\/(ko|en)\.ts$/,
  /gyeol-strings\/(ko|en)-rest/,
];

function brotliSize(file) {
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return zlib.brotliCompressSync(readFileSync(file)).length;
}

/**
 * The landing's initial chunks: manifest keys reached by static imports from the entry, the page
 * and the page language's core strings.
 */
export function landingChunks(manifest, locale = "ko") {
  return pageChunks(manifest, "landing", locale);
}

/** `locale`: ko for / (the default), en for /en. */
export function measureLanding(distDir, locale = "ko") {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"));
  const chunks = landingChunks(manifest, locale).map((chunk) => {
    const file = path.join(distDir, chunk.file);
    const mapFile = `${file}.map`;
    const sources = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, "utf8")).sources : [];
    // A chunk without a source map (the strings) is named by its manifest key.
    return {
      file: chunk.file,
      brotli: brotliSize(file),
      sources: sources.length > 0 ? sources : [chunk.key],
    };
  });
  const total = chunks.reduce((sum, chunk) => sum + chunk.brotli, 0);
  const forbidden = chunks.flatMap((chunk) =>
    chunk.sources
      .filter((source) => FORBIDDEN_SOURCES.some((pattern) => pattern.test(source)))
      .map((source) => `${chunk.file}: ${source.replace(/^(\.\.\/)+/, "")}`),
  );
  return { chunks, total, forbidden };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? path.join(here, "..", "dist"));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  let isOver = false;
  for (const [locale, page] of [
    ["ko", "/"],
    ["en", "/en"],
  ]) {
    const { chunks, total, forbidden } = measureLanding(dist, locale);
    const lines = chunks
      .sort((a, b) => b.brotli - a.brotli)
      .map((chunk) => `  ${kb(chunk.brotli).padStart(9)}  ${chunk.file}`);
    lines.push(
      `landing initial JS, ${page}: ${kb(total)} brotli (ceiling ${kb(LANDING_CEILING_BYTES)}, issue 17's target ${kb(LANDING_TARGET_BYTES)}${total > LANDING_TARGET_BYTES ? ": NOT MET" : ": met"})`,
    );
    for (const source of forbidden) lines.push(`  not for the landing: ${source}`);
    process.stdout.write(`${locale === "ko" ? lines.join("\n") : lines.at(-1)}\n`);
    if (total > LANDING_CEILING_BYTES || forbidden.length > 0) isOver = true;
  }
  if (isOver) process.exit(1);
}
