/**
 * What crawlers and link previews read (issue 17, Delivery): the public pages, their head tags
 * (title, description, canonical, hreflang alternates between /x and /en/x, Open Graph, Twitter,
 * JSON-LD), sitemap.xml and robots.txt. The web build prerenders the public pages with these
 * (apps/web/scripts/prerender.mjs); the server fills in the origin and gives notice detail pages
 * their own title and description at request time (apps/server/src/http/web-app.ts).
 */
import { escapeHtml, jsonForScript } from "./html.ts";
import { localizePath, matchAppRoute, type TRouteId } from "./routes.ts";

export type TSeoLocale = "ko" | "en";

/** Written where the site's origin goes in prerendered pages; the server puts the real one in. */
export const ORIGIN_TOKEN = "%GYEOL_ORIGIN%";

export const SITE_NAME: Record<TSeoLocale, string> = { ko: "결 Gyeol", en: "Gyeol" };
export const OG_LOCALE: Record<TSeoLocale, string> = { ko: "ko_KR", en: "en_US" };
/** The preview picture: a finished retouch from the landing's samples. */
export const OG_IMAGE_PATH = "/samples/korean_basic-after.jpg";

export interface PublicPage {
  id: TRouteId;
  /** The Korean page and its English mirror (/x and /en/x). */
  paths: Record<TSeoLocale, string>;
  /**
   * Its prerendered view waits for data the app fetches (the notice list shows "loading"): the app
   * starts right after the first paint, unless the server sends the page with that data filled in
   * (the board's first page: notice-board.ts, which then marks it to wait like the others). Every
   * other page is whole as HTML, and its app starts on the visitor's first sign of use or after a
   * few idle seconds (prerendered-boot.js).
   */
  waitsForData?: true;
}

/** Pages prerendered at build time in both languages and listed in the sitemap. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { id: "landing", paths: { ko: "/", en: "/en" } },
  { id: "pricing", paths: { ko: "/pricing", en: "/en/pricing" } },
  { id: "noticeList", paths: { ko: "/notice", en: "/en/notice" }, waitsForData: true },
  // The English documents' own address is the short form under /en (spec 01 §2); /terms/en,
  // /en/terms/kr and /en/terms/en show the same page and name it as their canonical.
  { id: "terms", paths: { ko: "/terms/kr", en: "/en/terms" } },
  { id: "privacy", paths: { ko: "/privacy/kr", en: "/en/privacy" } },
  { id: "refund", paths: { ko: "/refund/kr", en: "/en/refund" } },
];

/** Where a prerendered page is written under the web build (a dot folder: never served as a file). */
export const PRERENDER_DIR = ".prerendered";
/**
 * A prerendered page's file. A page without /en whose language follows the visitor (`/`,
 * `/pricing`, `/notice`) is also rendered in English at its own path, for visitors whose language
 * is English (`variant` "en"; issue 30).
 */
export function prerenderFileName(pathname: string, variant?: "en"): string {
  const name = pathname === "/" ? "index.html" : `${pathname.slice(1).replaceAll("/", "__")}.html`;
  return variant ? `${variant}~${name}` : name;
}

/** True for a public page whose path has no language of its own (no /en, no /kr): it follows the visitor. */
export function isLanguageNegotiated(pathname: string): boolean {
  const match = matchAppRoute(pathname);
  return match !== undefined && !match.isEnglishMirror && match.route.fixedLocale === undefined;
}

/** The head's texts of every route, per language: written by the web build next to the pages. */
export const HEAD_STRINGS_FILE = "heads.json";
export type THeadStrings = Record<
  TSeoLocale,
  Partial<Record<TRouteId, { title: string; description: string }>>
>;

/** Pages a search engine should not list: signed-in pages, editors and one-time steps. */
const NOINDEX_ROUTES: ReadonlySet<TRouteId> = new Set<TRouteId>([
  "socialSignup",
  "resetPassword",
  "paymentSuccess",
  "paymentFailed",
  "paymentReturn",
  "upscale",
  "imageEdit",
  "faceEdit",
  "mypage",
  "imageGeneration",
  "noticeEdit",
  "noticeWrite",
]);

export interface PageHeadTarget {
  routeId: TRouteId;
  /** The language the page is shown in. */
  locale: TSeoLocale;
  /** The page in each language: canonical and hreflang. */
  paths: Record<TSeoLocale, string>;
  isNoindex: boolean;
}

/**
 * What a path's head says (issue 30: every page of the route table has its own): its language
 * (/en, a language in the path, else `negotiated`), and its Korean and English addresses. Pages
 * listed in PUBLIC_PAGES use theirs, so /pricing/en, /terms/en and /en/terms/kr name /en/pricing
 * and /en/terms as canonical.
 */
export function pageHeadTarget(pathname: string, negotiated: TSeoLocale): PageHeadTarget | undefined {
  const match = matchAppRoute(pathname);
  if (!match) return undefined;
  const { route, isEnglishMirror, bare } = match;
  const locale: TSeoLocale = isEnglishMirror ? "en" : (route.fixedLocale ?? negotiated);
  const paths = PUBLIC_PAGES.find((page) => page.id === route.id)?.paths ?? {
    ko: bare,
    en: localizePath(bare, "en"),
  };
  return { routeId: route.id, locale, paths, isNoindex: NOINDEX_ROUTES.has(route.id) };
}

export interface HeadInput {
  locale: TSeoLocale;
  title: string;
  description: string;
  /** This page in each language, as paths. */
  paths: Record<TSeoLocale, string>;
  /** The absolute origin, or ORIGIN_TOKEN at build time. */
  origin: string;
  ogType?: "website" | "article";
  jsonLd?: readonly object[];
  /** Keep the page out of search results. */
  isNoindex?: boolean;
}

/** Plain text of an HTML fragment, whitespace folded, cut at a word near `max` characters. */
export function excerpt(html: string, max = 150): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The head tags for a page, marked so a second injection replaces them. */
export function buildHead(input: HeadInput): string {
  const { locale, title, description, paths, origin } = input;
  const url = (path: string) => `${origin}${path}`;
  const canonical = url(paths[locale]);
  const image = url(OG_IMAGE_PATH);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...(input.isNoindex ? ['<meta name="robots" content="noindex">'] : []),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<link rel="alternate" hreflang="ko" href="${escapeHtml(url(paths.ko))}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(url(paths.en))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url(paths.ko))}">`,
    `<meta property="og:type" content="${input.ogType ?? "website"}">`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME[locale])}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[locale === "ko" ? "en" : "ko"]}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    ...(input.jsonLd ?? []).map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ];
  return `<!--seo-->${tags.join("")}<!--/seo-->`;
}

/**
 * Puts a page's head into the built index.html: sets <html lang>, drops the generic title and
 * description (and any earlier injection) and adds the page's tags before </head>; the body, when
 * given, goes into #root.
 */
export function injectPage(
  html: string,
  options: { locale: TSeoLocale; head: string; body?: string },
): string {
  let out = html
    .replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${options.locale}"`)
    .replace(/<!--seo-->[\s\S]*?<!--\/seo-->/g, "")
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/i, "")
    .replace("</head>", `${options.head}</head>`);
  if (options.body !== undefined)
    out = out.replace('<div id="root"></div>', `<div id="root">${options.body}</div>`);
  return out;
}

/** Product and Offer structured data for the plans (pricing page). */
export function plansJsonLd(
  origin: string,
  locale: TSeoLocale,
  description: string,
  plans: readonly { id: string; name: string; priceUsd: number; monthlyCredits: number }[],
): object {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: SITE_NAME[locale],
    description,
    image: `${origin}${OG_IMAGE_PATH}`,
    brand: { "@type": "Brand", name: SITE_NAME[locale] },
    offers: plans.map((plan) => ({
      "@type": "Offer",
      name: plan.name,
      description: `${plan.monthlyCredits.toLocaleString("en-US")} credits / month`,
      price: plan.priceUsd.toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${origin}${locale === "en" ? "/en" : ""}/pricing`,
    })),
  };
}

/** The site (landing page). */
export function siteJsonLd(origin: string, locale: TSeoLocale, description: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME[locale],
    url: `${origin}${locale === "en" ? "/en" : "/"}`,
    description,
    inLanguage: locale,
  };
}

export interface SitemapEntry {
  paths: Record<TSeoLocale, string>;
  lastModified?: string;
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    (["ko", "en"] as const).map((locale) => {
      const alternates = (["ko", "en"] as const)
        .map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeHtml(`${origin}${entry.paths[alt]}`)}"/>`,
        )
        .join("");
      const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${escapeHtml(`${origin}${entry.paths[locale]}`)}</loc>${lastmod}${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Signed-in and per-user pages are kept out of the index; the API is not for crawlers. */
export function robotsTxt(origin: string): string {
  const disallowed = ["/api/", "/mypage", "/payment", "/notice/write", "/sandbox/"];
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...disallowed.flatMap((path) => [`Disallow: ${path}`, `Disallow: /en${path}`]),
  ];
  return `${lines.join("\n")}\nSitemap: ${origin}/sitemap.xml\n`;
}
