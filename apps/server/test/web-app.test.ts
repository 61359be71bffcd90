import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import {
  NOTICE_BOARD_FILE,
  NOTICE_LIST_DATA_ID,
  NOTICE_TOTAL_TOKEN,
  noticeRowToken,
  type TNoticeBoardTemplate,
} from "@gyeol/shared/notice-board";
import { ORIGIN_TOKEN } from "@gyeol/shared/seo";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A page as sent, less the operator's details block every page carries (page-language.test.ts). */
function withoutOperatorBlock(html: string): string {
  return html.replace(/<script type="application\/json" id="gyeol-operator">[^<]*<\/script>/, "");
}

/** A stand-in for apps/web/dist: the index page, a hashed bundle and two public files. */
function writeWebDist(dir: string): string {
  const dist = path.join(dir, "web-dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  mkdirSync(path.join(dist, "samples"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(path.join(dist, "samples", "korean_basic.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dist;
}

describe("the web app and its SPA fallback", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWithDist() {
    const base = await createTestApp();
    await base.close();
    // A second app whose WEB_DIST_DIR exists before it registers @fastify/static.
    const dist = writeWebDist(base.dir);
    return createTestApp({ env: { WEB_DIST_DIR: dist } });
  }

  it("serves index.html with 200 for app routes and 404 for unknown pages", async () => {
    t = await appWithDist();
    for (const url of ["/pricing", "/en", "/terms/kr", "/en/terms", "/payment/basic?payment=success"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(INDEX_HTML);
    }
    // A notice that does not exist is a missing page too (issue 17: crawlers see the truth).
    for (const url of ["/does-not-exist", "/en/notice/3"]) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers["content-type"], url).toMatch(/^text\/html/);
      expect(missing.body, url).toBe(INDEX_HTML);
    }
    expect((await t.app.inject({ method: "HEAD", url: "/pricing" })).statusCode).toBe(200);
  });

  it("serves the root, static files and hashed assets with the right cache headers", async () => {
    t = await appWithDist();
    const root = await t.app.inject({ url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.headers["cache-control"]).toBe("no-cache");
    const asset = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sample = await t.app.inject({ url: "/samples/korean_basic.jpg" });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-type"]).toBe("image/jpeg");
    expect((await t.app.inject({ url: "/favicon.svg" })).statusCode).toBe(200);
  });

  it("keeps unknown /api paths JSON", async () => {
    t = await appWithDist();
    const response = await t.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: "NOT_FOUND", error: "Not found." });
    const post = await t.app.inject({ method: "POST", url: "/pricing" });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe("NOT_FOUND");
  });

  it("tells the operator to build the web app when the dist folder is missing", async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: "/pricing" });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain("npm run build");
    expect((await t.app.inject({ url: "/api/nope" })).json().code).toBe("NOT_FOUND");
  });
});

/** An index page over 1 KB (as the built one is), so the SPA fallback compresses it. */
const BIG_INDEX_HTML = `<!doctype html><html><head><title>결</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(200)}</body></html>`;
const BUNDLE = `console.log(${JSON.stringify("결 Gyeol ".repeat(400))});`;

function writeCompressedDist(dir: string): string {
  const dist = path.join(dir, "web-dist-compressed");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), BIG_INDEX_HTML);
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), BUNDLE);
  // What apps/web/scripts/compress-dist.mjs leaves beside each file.
  writeFileSync(path.join(dist, "assets", "index-abc123.js.br"), zlib.brotliCompressSync(BUNDLE));
  writeFileSync(path.join(dist, "assets", "index-abc123.js.gz"), zlib.gzipSync(BUNDLE));
  writeFileSync(path.join(dist, "index.html.br"), zlib.brotliCompressSync(BIG_INDEX_HTML));
  writeFileSync(path.join(dist, "index.html.gz"), zlib.gzipSync(BIG_INDEX_HTML));
  return dist;
}

describe("compressed responses (issue 17)", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWithCompressedDist() {
    const base = await createTestApp();
    await base.close();
    return createTestApp({ env: { WEB_DIST_DIR: writeCompressedDist(base.dir) } });
  }

  it("sends the build's brotli or gzip sibling of an asset by Accept-Encoding, with Vary", async () => {
    t = await appWithCompressedDist();
    const br = await t.app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 4);

    const gz = await t.app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it("compresses the HTML of the root (its build sibling) and of app routes (on the fly), short-cached", async () => {
    t = await appWithCompressedDist();
    for (const url of ["/", "/pricing", "/en/notice"]) {
      const response = await t.app.inject({ url, headers: { "accept-encoding": "br;q=1, gzip;q=0.5" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(withoutOperatorBlock(zlib.brotliDecompressSync(response.rawPayload).toString()), url).toBe(
        BIG_INDEX_HTML,
      );
    }
    const refused = await t.app.inject({ url: "/pricing", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    expect(withoutOperatorBlock(zlib.gunzipSync(refused.rawPayload).toString())).toBe(BIG_INDEX_HTML);
  });

  it("compresses API JSON above 1 KB and leaves small answers alone", async () => {
    t = await createTestApp();
    const { body } = await register(t.app);
    const content = `<p>${"새 보정 엔진을 소개합니다. ".repeat(120)}</p>`;
    const id = await t.services.notices.create(
      { title: "긴 공지", content, pinned: false },
      [],
      body.user.id,
    );
    const plain = await t.app.inject({ url: `/api/notices/${id}` });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await t.app.inject({ url: `/api/notices/${id}`, headers: { "accept-encoding": "gzip, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(br.headers["content-length"]).toBe(String(br.rawPayload.length));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const flags = await t.app.inject({ url: "/api/feature/flags", headers: { "accept-encoding": "br" } });
    expect(flags.headers["content-encoding"]).toBeUndefined();
    expect(flags.json().paymentProvider).toBe("sandbox");
  });
});

/** The inline script a prerendered page starts its body with (apps/web/scripts/fallback-faces.js). */
const FALLBACK_FACES_STAND_IN = 'document.documentElement.dataset.fallback = "device";';

/** A built app with two prerendered pages, as apps/web/scripts/prerender.mjs writes them. */
const TEMPLATE =
  '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="description" content="generic"><title>결 Gyeol</title></head><body><div id="root"></div></body></html>';
function writePrerenderedDist(dir: string): string {
  const dist = path.join(dir, "web-dist-prerendered");
  mkdirSync(path.join(dist, ".prerendered"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), TEMPLATE);
  const page = (lang: string, title: string, canonical: string) =>
    `<!doctype html><html lang="${lang}"><head><title>${title}</title><link rel="canonical" href="${ORIGIN_TOKEN}${canonical}"></head><body><script>${FALLBACK_FACES_STAND_IN}</script><div id="root"><h1>${title}</h1></div></body></html>`;
  writeFileSync(path.join(dist, ".prerendered", "pricing.html"), page("ko", "요금제 · 결 Gyeol", "/pricing"));
  writeFileSync(path.join(dist, ".prerendered", "en.html"), page("en", "Gyeol", "/en"));
  writeFileSync(path.join(dist, ".prerendered", "index.html"), page("ko", "결 Gyeol — 홈", "/"));
  // The notice board, waiting for its rows, and its pieces (entry-server.tsx noticeBoardTemplate).
  const board = (lang: "ko" | "en") =>
    `<!doctype html><html lang="${lang}"><head><title>공지</title></head><body><script defer src="/boot.js" data-start="paint" data-entry="/e.js"></script><div id="root"><table><tbody>${BOARD.loading}</tbody></table>${BOARD.pager}</div></body></html>`;
  writeFileSync(path.join(dist, ".prerendered", "notice.html"), board("ko"));
  writeFileSync(path.join(dist, ".prerendered", "en__notice.html"), board("en"));
  writeFileSync(
    path.join(dist, ".prerendered", NOTICE_BOARD_FILE),
    JSON.stringify({ "notice.html": BOARD, "en__notice.html": { ...BOARD, authorFallback: "Admin" } }),
  );
  return dist;
}

const boardRow = (pinned: boolean) =>
  `<tr data-testid="notice-row" data-pinned="${pinned}"><td>${pinned ? "pin" : noticeRowToken("NUMBER")}</td><td><a href="/notice/${noticeRowToken("ID")}">${noticeRowToken("TITLE")}</a></td><td>${noticeRowToken("AUTHOR")}</td><td>${noticeRowToken("DATE")}</td></tr>`;
const BOARD: TNoticeBoardTemplate = {
  loading: '<tr><td data-testid="notice-loading">불러오는 중…</td></tr>',
  pager: '<nav><span data-testid="notice-page">1 / 1</span></nav>',
  pagerMany: `<nav><span data-testid="notice-page">1 / ${NOTICE_TOTAL_TOKEN}</span></nav>`,
  empty: '<tr><td data-testid="notice-empty">없음</td></tr>',
  pinnedRow: boardRow(true),
  row: boardRow(false),
  authorFallback: "관리자",
};

describe("pages for crawlers and link previews (issue 17)", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWithPrerenderedDist(env: Record<string, string> = {}) {
    const base = await createTestApp();
    await base.close();
    return createTestApp({ env: { WEB_DIST_DIR: writePrerenderedDist(base.dir), ...env } });
  }

  it("sends the prerendered page of a public path, the root included, with the origin filled in", async () => {
    t = await appWithPrerenderedDist({ PUBLIC_ORIGIN: "https://gyeol.example" });
    const pricing = await t.app.inject({ url: "/pricing/" });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.headers["cache-control"]).toBe("no-cache");
    expect(pricing.body).toContain("<h1>요금제 · 결 Gyeol</h1>");
    expect(pricing.body).toContain('<link rel="canonical" href="https://gyeol.example/pricing">');
    expect(pricing.body).not.toContain(ORIGIN_TOKEN);
    const root = await t.app.inject({ url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain("<h1>결 Gyeol — 홈</h1>");
    const en = await t.app.inject({ url: "/en" });
    expect(en.body).toContain('<html lang="en">');
    // Pages with nothing prerendered still get the app; the folder itself is not served.
    expect(withoutOperatorBlock((await t.app.inject({ url: "/login" })).body)).toBe(TEMPLATE);
    const hidden = await t.app.inject({ url: "/.prerendered/pricing.html" });
    expect(hidden.body).not.toContain("<h1>");
  });

  it("allows a prerendered page's own inline script by its hash, and no other page any", async () => {
    t = await appWithPrerenderedDist();
    const hash = `'sha256-${createHash("sha256").update(FALLBACK_FACES_STAND_IN).digest("base64")}'`;
    const pricing = await t.app.inject({ url: "/pricing" });
    const scriptSrc = (csp: unknown) =>
      String(csp)
        .split(";")
        .find((directive) => directive.trim().startsWith("script-src"));
    expect(scriptSrc(pricing.headers["content-security-policy"])).toBe(
      `script-src 'self' https://accounts.google.com ${hash}`,
    );
    // The rest of the policy is as on every page.
    const app = await t.app.inject({ url: "/login" });
    expect(scriptSrc(app.headers["content-security-policy"])).toBe(
      "script-src 'self' https://accounts.google.com",
    );
    expect(String(pricing.headers["content-security-policy"]).replace(` ${hash}`, "")).toBe(
      app.headers["content-security-policy"],
    );
    // A signed-in visitor gets the app, which has no inline script to allow.
    const signedIn = await t.app.inject({ url: "/pricing", headers: { cookie: "gyeol_session=abc" } });
    expect(signedIn.headers["content-security-policy"]).toBe(app.headers["content-security-policy"]);
  });

  it("sends a visitor with a session the app instead of the signed-out prerendered page", async () => {
    t = await appWithPrerenderedDist();
    const signedIn = await t.app.inject({ url: "/pricing", headers: { cookie: "gyeol_session=abc" } });
    expect(signedIn.statusCode).toBe(200);
    expect(withoutOperatorBlock(signedIn.body)).toBe(TEMPLATE);
    const visitor = await t.app.inject({ url: "/pricing", headers: { cookie: "gyeol_theme=dark" } });
    expect(visitor.body).toContain("<h1>요금제 · 결 Gyeol</h1>");
  });

  it("puts the visitor's theme cookie on <html> of every page it sends, so the first paint has it", async () => {
    t = await appWithPrerenderedDist();
    for (const url of ["/", "/en/pricing", "/login", "/does-not-exist"]) {
      const dark = await t.app.inject({ url, headers: { cookie: "gyeol_theme=dark" } });
      expect(dark.body, url).toMatch(/<html[^>]* data-theme="dark">/);
      expect(dark.headers.vary, url).toMatch(/cookie/i);
      const light = await t.app.inject({ url, headers: { cookie: "gyeol_theme=light" } });
      expect(light.body, url).toMatch(/<html[^>]* data-theme="light">/);
      // No choice, or one the server does not know: the stylesheet follows the OS.
      for (const cookie of [undefined, 'gyeol_theme="><b>']) {
        const system = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(system.body, url).not.toContain("data-theme");
      }
    }
  });

  it("sends the notice board with its first page filled in, and the list for the app to start from", async () => {
    t = await appWithPrerenderedDist();
    const empty = await t.app.inject({ url: "/notice" });
    expect(empty.body).toContain(BOARD.empty);
    expect(empty.body).toContain('data-start="intent"');
    const { body, cookie } = await register(t.app);
    for (let index = 1; index <= 12; index += 1)
      await t.services.notices.create(
        {
          title: index === 12 ? "점검 <안내> & 공지" : `공지 ${index}`,
          content: "<p>본문</p>",
          pinned: index === 1,
        },
        [],
        body.user.id,
      );
    const page = await t.app.inject({ url: "/notice" });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(BOARD.loading);
    const rows = page.body.match(/<tr data-testid="notice-row"[\s\S]*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(10);
    // The pinned notice first, then the newest, as GET /api/notices lists them.
    expect(rows[0]).toContain('data-pinned="true"');
    expect(rows[0]).toContain("공지 1</a>");
    expect(rows[1]).toContain("점검 &lt;안내&gt; &amp; 공지</a>");
    expect(rows[1]).toContain("<td>2</td>");
    expect(page.body).toContain('<span data-testid="notice-page">1 / 2</span>');
    // Whole as HTML: the app waits for the visitor's first sign of use.
    expect(page.body).toContain('data-start="intent"');
    expect(page.body).not.toContain('data-start="paint"');
    const block = page.body.match(
      new RegExp(`<script type="application/json" id="${NOTICE_LIST_DATA_ID}">([^<]*)</script>`),
    );
    const api = await t.app.inject({ url: "/api/notices?page=1" });
    expect(JSON.parse(block?.[1] ?? "null")).toEqual(api.json());
    // The English board: its own pieces, dates in English.
    const en = await t.app.inject({ url: "/en/notice" });
    expect(en.body).toMatch(/<td>\d\d\/\d\d\/\d{4}<\/td>/);
    // Another page of the board is sent as built: the app fetches it, starting after the paint.
    for (const url of ["/notice?page=2", "/en/notice?x=1"]) {
      const later = await t.app.inject({ url });
      expect(later.body, url).toContain(BOARD.loading);
      expect(later.body, url).toContain('data-start="paint"');
      expect(later.body, url).not.toContain(NOTICE_LIST_DATA_ID);
    }
    // A signed-in visitor gets the app, which fetches the board itself.
    const signedIn = await t.app.inject({ url: "/notice", headers: { cookie } });
    expect(signedIn.body).not.toContain(NOTICE_LIST_DATA_ID);
  });

  it("sends the board as built when its first page cannot be read", async () => {
    t = await appWithPrerenderedDist();
    t.services.notices.list = async () => {
      throw new Error("database down");
    };
    const page = await t.app.inject({ url: "/notice" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(BOARD.loading);
    expect(page.body).toContain('data-start="paint"');
  });

  it("gives a notice detail page its own title, description and alternates, and 404 for a missing one", async () => {
    t = await appWithPrerenderedDist();
    const { body } = await register(t.app);
    const id = await t.services.notices.create(
      {
        title: "5월 점검 <안내>",
        content: `<p>5월 3일 02:00-04:00 서비스를 점검합니다.</p>${"<p>자세한 내용</p>".repeat(40)}`,
        pinned: false,
      },
      [],
      body.user.id,
    );
    const page = await t.app.inject({ url: `/en/notice/${id}`, headers: { host: "gyeol.test" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain("<title>5월 점검 &lt;안내&gt; · Gyeol</title>");
    expect(page.body).not.toContain("generic");
    expect(page.body).toMatch(
      /<meta name="description" content="5월 3일 02:00-04:00 서비스를 점검합니다\. 자세한 내용[^"]*…">/,
    );
    expect(page.body).toContain(`<link rel="canonical" href="http://gyeol.test/en/notice/${id}">`);
    expect(page.body).toContain(`<link rel="alternate" hreflang="ko" href="http://gyeol.test/notice/${id}">`);
    expect(page.body).toContain('<meta property="og:type" content="article">');
    expect(page.body).toContain('"@type":"Article"');
    const ko = await t.app.inject({ url: `/notice/${id}` });
    expect(ko.body).toContain("<title>5월 점검 &lt;안내&gt; · 결 Gyeol</title>");
    expect((await t.app.inject({ url: "/notice/999999" })).statusCode).toBe(404);
  });

  it("serves robots.txt and a sitemap of the public pages in both languages and the notices", async () => {
    t = await appWithPrerenderedDist({ PUBLIC_ORIGIN: "https://gyeol.example" });
    const { body } = await register(t.app);
    const id = await t.services.notices.create(
      { title: "공지", content: "<p>본문</p>", pinned: false },
      [],
      body.user.id,
    );
    const robots = await t.app.inject({ url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body).toContain("Sitemap: https://gyeol.example/sitemap.xml");
    expect(robots.body).toContain("Disallow: /api/");
    const sitemap = await t.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toMatch(/^application\/xml/);
    for (const loc of [
      "https://gyeol.example/",
      "https://gyeol.example/en",
      "https://gyeol.example/en/pricing",
      `https://gyeol.example/notice/${id}`,
      `https://gyeol.example/en/notice/${id}`,
    ])
      expect(sitemap.body).toContain(`<loc>${loc}</loc>`);
    expect(sitemap.body).toContain('hreflang="en" href="https://gyeol.example/en/pricing"');
  });
});

describe.each(TEST_DATABASES)("health and flags on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("reports the process and the database healthy", async () => {
    t = await createTestApp({ database });
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("reports 503 when the database is gone", async () => {
    t = await createTestApp({ database });
    await t.app.ready();
    await t.db.destroy();
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "error", db: "error" });
    // Already destroyed above; a second pg Pool.end() would throw.
    t.db.destroy = async () => {};
  });

  it("serves the image-generation flag from the config", async () => {
    t = await createTestApp({ database, env: { IMAGE_GENERATION_ENABLED: "false" } });
    expect((await t.app.inject({ url: "/api/feature/flags" })).json()).toEqual({
      imageGenerationEnabled: false,
      paymentProvider: "sandbox",
      llmEnabled: false,
      llmTestProvider: false,
      // No Kling keys and no image-edit provider in the test config: both tools say so.
      generationEnabled: false,
      generationTestProvider: false,
      imageEditProvider: null,
      imageEditTestProvider: false,
      // No RunPod face-edit endpoint: the built-in reshape runs face edit.
      faceEditEngine: "builtin",
    });
    await t.close();
    t = await createTestApp({ database });
    expect((await t.app.inject({ url: "/api/feature/flags" })).json()).toEqual({
      imageGenerationEnabled: true,
      paymentProvider: "sandbox",
      llmEnabled: false,
      llmTestProvider: false,
      // No Kling keys and no image-edit provider in the test config: both tools say so.
      generationEnabled: false,
      generationTestProvider: false,
      imageEditProvider: null,
      imageEditTestProvider: false,
      // No RunPod face-edit endpoint: the built-in reshape runs face edit.
      faceEditEngine: "builtin",
    });
  });
});
