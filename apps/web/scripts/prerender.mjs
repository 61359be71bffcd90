/**
 * Build step (issue 17, Delivery): renders the public pages (shared/seo.ts PUBLIC_PAGES) in Korean
 * and English into dist/.prerendered/, each the built index.html with the page's HTML in #root
 * (hydrated by main.tsx) and its own head: <html lang>, title, description, canonical, hreflang,
 * Open Graph, Twitter and JSON-LD. The server sends these for those paths, with the origin filled
 * in (ORIGIN_TOKEN). Runs after `vite build`, before compress-dist.mjs.
 *
 * A prerendered page paints from its HTML and CSS alone, then starts the app and the web font
 * (prerendered-boot.js, which takes the module entry's place), and declares "Pretendard Subset":
 * the glyphs of its own text cut from the variable font (weights 400-800, what the app uses), so the
 * font it needs is one small file rather than a dozen unicode-range slices.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { build } from "vite";
import { criticalCss } from "./critical-css.mjs";
import { pageChunks } from "./page-chunks.mjs";

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
const {
  PUBLIC_PAGES,
  PRERENDER_DIR,
  HEAD_STRINGS_FILE,
  prerenderFileName,
  injectPage,
  isLanguageNegotiated,
  NOTICE_BOARD_FILE,
} = await import(pathToFileURL(path.join(ssrOut, "entry-server.js")).href);
const built = await readFile(path.join(dist, "index.html"), "utf8");
const stylesheet = built.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
if (!stylesheet)
  throw new Error("index.html no longer links the app's stylesheet that prerender.mjs inlines");
const fullCss = await readFile(path.join(dist, stylesheet[1]), "utf8");
const template = withFallbackFaces(
  paintFirst(built.replace(stylesheet[0], ""), { boot: await writeBoot(), css: stylesheet[1] }),
  await readFile(path.join(webRoot, "scripts", "fallback-faces.js"), "utf8"),
);
const outDir = path.join(dist, PRERENDER_DIR);
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

/** React puts hoisted tags (image preloads) first in a prerendered fragment: they belong in <head>. */
function splitHoisted(html) {
  const match = html.match(/^(?:<link [^>]*>)+/);
  return match ? { hoisted: match[0], body: html.slice(match[0].length) } : { hoisted: "", body: html };
}

/** dist/assets/<name>-<hash><ext>, written once per content; returns its URL. */
async function writeAsset(name, ext, content) {
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
  const file = `${name}-${hash}${ext}`;
  await writeFile(path.join(dist, "assets", file), content);
  return `/assets/${file}`;
}

/** The boot script (zod's CSP switch first, as its own deferred script did) as a hashed asset. */
async function writeBoot() {
  const zodJitless = await readFile(path.join(dist, "zod-jitless.js"), "utf8");
  const boot = await readFile(path.join(webRoot, "scripts", "prerendered-boot.js"), "utf8");
  return writeAsset("prerendered-boot", ".js", `${zodJitless}\n${boot}`);
}

/**
 * The built index.html as a prerendered page's template: the page's critical CSS inline instead
 * of the stylesheet, and prerendered-boot.js instead of the module entry and Vite's modulepreload
 * links: it loads the stylesheet and the web font after the first paint, and starts the app then
 * or on the visitor's first sign of use (data-start, set per page below). zod-jitless.js rides in
 * the boot script.
 */
function paintFirst(html, { boot, css }) {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  const jitless = '<script defer src="/zod-jitless.js"></script>';
  if (!entry || !html.includes(jitless) || !/<html lang="[^"]*">/.test(html))
    throw new Error(
      "index.html no longer has the module entry, zod-jitless.js or <html lang> prerender.mjs rewrites",
    );
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const bootTag = `<script defer src="${boot}" data-entry="${entry[1]}" data-preload="${preloads.map((link) => link[1]).join(" ")}" data-css="${css}"></script>`;
  return preloads
    .reduce((page, link) => page.replace(link[0], ""), html)
    .replace(entry[0], bootTag)
    .replace(jitless, "")
    .replace(/<html (lang="[^"]*")>/, '<html $1 data-fonts="after-paint">');
}

/**
 * fallback-faces.js inline as the body's first child: it must run before the first paint, which a
 * script fetched from the server would hold up. Its comments and indentation are left out (each
 * page carries it); the server allows it by its hash (web-app.ts).
 */
function withFallbackFaces(html, source) {
  const script = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"))
    .join("\n");
  if (script.includes("</")) throw new Error("fallback-faces.js would close its <script> element");
  new Function(script); // a SyntaxError here: leaving the comments out broke it
  if (!/<body>/.test(html)) throw new Error("index.html no longer has the <body> prerender.mjs writes into");
  // A function, so no "$" in the script is read as a replacement pattern.
  return html.replace("<body>", () => `<body><script>${script}</script>`);
}

const fontFile = await readFile(
  createRequire(import.meta.url).resolve("pretendard/dist/web/variable/woff2/PretendardVariable.woff2"),
);
/** Printable ASCII is always in: numbers and Latin that the app fills in after hydrating stay in one file. */
const ASCII = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join("");

/** What a page shows as text: text nodes, button values and placeholders, entities decoded. */
function visibleText(html) {
  const attributes = [...html.matchAll(/\s(?:placeholder|value)="([^"]*)"/g)].map((match) => match[1]);
  const text = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ").replace(/<[^>]*>/g, " ");
  return [text, ...attributes]
    .join(" ")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(
      /&(quot|amp|lt|gt|nbsp);/g,
      (_, name) => ({ quot: '"', amp: "&", lt: "<", gt: ">", nbsp: "\u00a0" })[name],
    );
}

/** U+AC00-AC02, U+B144: the code points as CSS unicode-range runs. */
function unicodeRange(codePoints) {
  const hex = (code) => code.toString(16).toUpperCase();
  const runs = [];
  for (const code of codePoints) {
    const last = runs.at(-1);
    if (last && code === last[1] + 1) last[1] = code;
    else runs.push([code, code]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(",");
}

/** The page's own Pretendard: a woff2 of exactly its glyphs, declared inline in its head. */
async function pageFont(html) {
  const codePoints = [...new Set([...`${visibleText(html)}${ASCII}`].map((char) => char.codePointAt(0)))]
    .filter((code) => code > 0x1f)
    .sort((a, b) => a - b);
  const text = String.fromCodePoint(...codePoints);
  const woff2 = await subsetFont(fontFile, text, {
    targetFormat: "woff2",
    variationAxes: { wght: { min: 400, max: 800 } },
  });
  const url = await writeAsset("pretendard-subset", ".woff2", woff2);
  const face = [
    'font-family:"Pretendard Subset"',
    "font-style:normal",
    "font-weight:400 800",
    "font-display:swap",
    `src:url(${url}) format("woff2-variations")`,
    `unicode-range:${unicodeRange(codePoints)}`,
  ].join(";");
  return { style: `<style>@font-face{${face}}</style>`, bytes: woff2.length };
}

/**
 * What to render: each public page in Korean and English at its own path, and a page whose path
 * has no language of its own (/, /pricing, /notice) also in English at its Korean path, for visitors
 * whose language is English (issue 30: the server picks by the stored choice or Accept-Language).
 */
const renders = PUBLIC_PAGES.flatMap((page) => [
  { page, locale: "ko", pathname: page.paths.ko, file: prerenderFileName(page.paths.ko) },
  { page, locale: "en", pathname: page.paths.en, file: prerenderFileName(page.paths.en) },
  ...(isLanguageNegotiated(page.paths.ko)
    ? [{ page, locale: "en", pathname: page.paths.ko, file: prerenderFileName(page.paths.ko, "en") }]
    : []),
]);

const manifest = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8"));
const bootTag = / data-entry="([^"]+)" data-preload="([^"]*)"/.exec(template);
if (!bootTag) throw new Error("the prerendered template has no boot script with data-entry and data-preload");
const bootScripts = new Set([bootTag[1], ...bootTag[2].split(" ")]);
/**
 * The scripts a page's app waits for beyond the entry and its modulepreload list (which the boot
 * tag already names): the page's chunk, its language's strings and what they import. The boot
 * script fetches them ahead with the entry, so the app's start waits for no round trip.
 */
function pageScripts(page, locale) {
  return pageChunks(manifest, page.id, locale)
    .map((chunk) => `/${chunk.file}`)
    .filter((file) => file.endsWith(".js") && !bootScripts.has(file));
}

/** The board as the server sends it with two pages of notices, pinned and not, and the empty row. */
function boardForCss(html, board, locale) {
  const item = { title: "-", author_name: null, created_at: "2026-01-01T00:00:00.000Z" };
  const list = {
    success: true,
    items: [
      { ...item, id: 1, pinned: true },
      { ...item, id: 2, pinned: false },
    ],
    page: 1,
    totalPages: 2,
  };
  const filled = server.fillNoticeBoard(html, board, list, locale);
  if (!filled) throw new Error("the notice board's pieces do not fit its prerendered page");
  return filled.replace("</body>", `<table><tbody>${board.empty}</tbody></table></body>`);
}

let pages = 0;
const fontBytes = [];
/** The notice board's pieces by page file: the server fills in its rows (shared/notice-board.ts). */
const noticeBoards = {};
for (const { page, locale, pathname, file } of renders) {
  const { hoisted, body } = splitHoisted(await server.renderPage(pathname, locale));
  const board = page.id === "noticeList" ? await server.noticeBoardTemplate(pathname, locale) : undefined;
  if (board) noticeBoards[file] = board;
  const head = await server.publicPageHead(page, locale);
  const font = await pageFont(`${body} ${await server.textShownAfterHydration(locale, page)}`);
  fontBytes.push(font.bytes);
  const withHead = injectPage(template, { locale, head: `${head}${hoisted}${font.style}`, body })
    // When the app starts (prerendered-boot.js): on the visitor's first sign of use, or right after
    // the paint for a page whose view waits for the app's data (the notice board, unless the server
    // sends it filled in: then it waits for use too).
    .replace(
      " data-entry=",
      ` data-start="${page.waitsForData ? "paint" : "intent"}" data-page="${pageScripts(page, locale).join(" ")}" data-entry=`,
    );
  // The CSS of what the server may put in the page too: the board filled in, and its empty state.
  const critical = criticalCss(fullCss, board ? boardForCss(withHead, board, locale) : withHead);
  if (critical.includes("</")) throw new Error(`${pathname}: its CSS would close the <style> element`);
  const html = withHead.replace("</head>", `<style>${critical}</style></head>`);
  await writeFile(path.join(outDir, file), html);
  pages += 1;
}
// Every route's title and description in both languages: the server's head for pages it sends
// without prerendering (issue 30).
await writeFile(path.join(outDir, HEAD_STRINGS_FILE), JSON.stringify(await server.routeHeadStrings()));
await writeFile(path.join(outDir, NOTICE_BOARD_FILE), JSON.stringify(noticeBoards));
process.stdout.write(
  `prerendered ${pages} pages into dist/${PRERENDER_DIR}, each with its own font subset (${Math.min(...fontBytes)}-${Math.max(...fontBytes)} bytes)\n`,
);
