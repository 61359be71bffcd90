import { describe, expect, it } from "vitest";
import { isAppRoute } from "./routes.ts";
import {
  buildHead,
  excerpt,
  injectPage,
  isLanguageNegotiated,
  PRERENDER_DIR,
  PUBLIC_PAGES,
  pageHeadTarget,
  prerenderFileName,
  robotsTxt,
  sitemapXml,
} from "./seo.ts";

describe("seo", () => {
  it("lists public pages that are app routes, /x with its English page under /en, each with its own file", () => {
    const files = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      expect(isAppRoute(page.paths.ko), page.paths.ko).toBe(true);
      expect(isAppRoute(page.paths.en), page.paths.en).toBe(true);
      // The English legal documents' own address is the short form (/terms/kr ↔ /en/terms).
      expect(page.paths.en).toBe(page.paths.ko === "/" ? "/en" : `/en${page.paths.ko.replace(/\/kr$/, "")}`);
      for (const path of [page.paths.ko, page.paths.en]) files.add(prerenderFileName(path));
      if (isLanguageNegotiated(page.paths.ko)) files.add(prerenderFileName(page.paths.ko, "en"));
    }
    // /, /pricing and /notice follow the visitor's language: an English file at their own path too.
    expect(files.size).toBe(PUBLIC_PAGES.length * 2 + 3);
    expect(PRERENDER_DIR.startsWith(".")).toBe(true);
  });

  it("says which language and addresses each page's head gives (issue 30)", () => {
    expect(pageHeadTarget("/", "en")).toMatchObject({ locale: "en", paths: { ko: "/", en: "/en" } });
    expect(pageHeadTarget("/terms/en", "ko")).toMatchObject({
      routeId: "terms",
      locale: "en",
      paths: { ko: "/terms/kr", en: "/en/terms" },
    });
    expect(pageHeadTarget("/en/pricing/kr/", "ko")).toMatchObject({
      locale: "en",
      paths: { en: "/en/pricing" },
    });
    expect(pageHeadTarget("/notice/7", "ko")).toMatchObject({
      routeId: "noticeDetail",
      paths: { ko: "/notice/7", en: "/en/notice/7" },
      isNoindex: false,
    });
    expect(pageHeadTarget("/en/mypage", "ko")).toMatchObject({ locale: "en", isNoindex: true });
    expect(pageHeadTarget("/terms", "ko")).toBeUndefined();
    expect(pageHeadTarget("/nope", "ko")).toBeUndefined();
    expect(isLanguageNegotiated("/login")).toBe(true);
    expect(isLanguageNegotiated("/terms/kr")).toBe(false);
    expect(isLanguageNegotiated("/en/login")).toBe(false);
  });

  it("escapes what it writes into the head, JSON-LD included", () => {
    const head = buildHead({
      locale: "ko",
      title: 'A "quoted" <title>',
      description: "x & y",
      paths: { ko: "/notice/1", en: "/en/notice/1" },
      origin: "https://gyeol.example",
      jsonLd: [{ headline: "</script><script>alert(1)</script>" }],
    });
    expect(head).toContain("<title>A &quot;quoted&quot; &lt;title&gt;</title>");
    expect(head).toContain('<meta name="description" content="x &amp; y">');
    expect(head).not.toContain("</script><script>");
    expect(head).toContain("\\u003c/script>");
    expect(head).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://gyeol.example/notice/1">',
    );
  });

  it("puts a page's head and body into the template, replacing the generic title and description", () => {
    const template =
      '<!doctype html><html lang="ko"><head><meta name="description" content="generic"><title>Gyeol</title></head><body><div id="root"></div></body></html>';
    const head = buildHead({
      locale: "en",
      title: "Pricing · Gyeol",
      description: "Plans",
      paths: { ko: "/pricing", en: "/en/pricing" },
      origin: "https://g.example",
    });
    const once = injectPage(template, { locale: "en", head, body: "<main>hi</main>" });
    const twice = injectPage(once, { locale: "en", head });
    for (const html of [once, twice]) {
      expect(html).toContain('<html lang="en">');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).not.toContain("generic");
    }
    expect(once).toContain('<div id="root"><main>hi</main></div>');
  });

  it("cuts an excerpt at a word, as plain text", () => {
    expect(excerpt("<p>Hello&nbsp;<b>world</b></p><script>x()</script>")).toBe("Hello world");
    const long = excerpt(`<p>${"word ".repeat(60)}</p>`, 30);
    expect(long.length).toBeLessThanOrEqual(31);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("writes a sitemap with alternates and robots rules that point at it", () => {
    const xml = sitemapXml("https://g.example", [
      { paths: { ko: "/pricing", en: "/en/pricing" }, lastModified: "2026-05-01T10:00:00Z" },
    ]);
    expect(xml).toContain("<loc>https://g.example/pricing</loc><lastmod>2026-05-01</lastmod>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://g.example/en/pricing"/>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    const robots = robotsTxt("https://g.example");
    expect(robots).toContain("Sitemap: https://g.example/sitemap.xml");
    expect(robots).toContain("Disallow: /en/mypage");
  });
});
