/**
 * Build step (issue 17, Delivery): renders the public pages (shared/seo.ts PUBLIC_PAGES) in Korean
 * and English into dist/.prerendered/, each the built index.html with the page's HTML in #root
 * (hydrated by main.tsx) and its own head: <html lang>, title, description, canonical, hreflang,
 * Open Graph, Twitter and JSON-LD. The server sends these for those paths, with the origin filled
 * in (ORIGIN_TOKEN). Runs after `vite build`, before compress-dist.mjs.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(webRoot, "dist");
// Inside the package (the server bundle imports react-dom from node_modules), one per dist.
const ssrOut = path.join(
  webRoot,
  "node_modules",
  ".cache",
  process.env.WEB_DIST_DIR
    ? `gyeol-prerender-${createHash("sha1").update(dist).digest("hex").slice(0, 8)}`
    : "gyeol-prerender",
);

await build({
  configFile: path.join(webRoot, "vite.config.ts"),
  root: webRoot,
  logLevel: "warn",
  build: {
    ssr: "src/entry-server.tsx",
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});

const server = await import(pathToFileURL(path.join(ssrOut, "entry-server.js")).href);
const { PUBLIC_PAGES, PRERENDER_DIR, prerenderFileName, injectPage } = await import(
  pathToFileURL(path.join(ssrOut, "entry-server.js")).href
);
const template = await readFile(path.join(dist, "index.html"), "utf8");
const outDir = path.join(dist, PRERENDER_DIR);
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

/** React puts hoisted tags (image preloads) first in a prerendered fragment: they belong in <head>. */
function splitHoisted(html) {
  const match = html.match(/^(?:<link [^>]*>)+/);
  return match ? { hoisted: match[0], body: html.slice(match[0].length) } : { hoisted: "", body: html };
}

let pages = 0;
for (const page of PUBLIC_PAGES) {
  for (const locale of ["ko", "en"]) {
    const pathname = page.paths[locale];
    const { hoisted, body } = splitHoisted(await server.renderPage(pathname, locale));
    const head = await server.publicPageHead(page, locale);
    const html = injectPage(template, { locale, head: `${head}${hoisted}`, body });
    await writeFile(path.join(outDir, prerenderFileName(pathname)), html);
    pages += 1;
  }
}
process.stdout.write(`prerendered ${pages} pages into dist/${PRERENDER_DIR}\n`);
