/**
 * Serves the built single-page app and the fallback for client-side routes: paths in the route
 * table (packages/shared routes.ts, spec 01 §2) get index.html with 200, other paths get it with
 * 404 so the SPA shows its not-found page and crawlers see the truth. Unknown /api paths stay JSON.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { LOCALE_COOKIE, negotiateLocale } from "@gyeol/shared/locale-negotiation";
import {
  fillNoticeBoard,
  NOTICE_BOARD_FILE,
  type TNoticeBoardTemplates,
  type TServedNoticeList,
} from "@gyeol/shared/notice-board";
import {
  fillOperatorTokens,
  NO_OPERATOR_INFO,
  operatorScript,
  type TOperatorInfo,
} from "@gyeol/shared/operator";
import { isAppRoute, isEnglishPath, LANGUAGE_REDIRECTS } from "@gyeol/shared/routes";
import {
  buildHead,
  excerpt,
  HEAD_STRINGS_FILE,
  injectPage,
  isLanguageNegotiated,
  ORIGIN_TOKEN,
  PRERENDER_DIR,
  PUBLIC_PAGES,
  pageHeadTarget,
  prerenderFileName,
  robotsTxt,
  SITE_NAME,
  sitemapXml,
  type THeadStrings,
  type TSeoLocale,
} from "@gyeol/shared/seo";
import { parseThemeChoice, THEME_COOKIE, withThemeAttribute } from "@gyeol/shared/theme";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { SESSION_COOKIE } from "../modules/auth/session-cookie.ts";
import { sendFailure, toHttpFailure } from "./error-handler.ts";
import { allowInlineScripts } from "./helmet-options.ts";

/** Vite puts content-hashed bundles under /assets: they never change, so cache them for a year. */
const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const SHORT_CACHE = "public, max-age=3600";
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gyeol: web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The web app has not been built yet</h1>
<p>The API is running, but there is no built web app to serve. Run <code>npm run build</code> at the
repository root, then restart the server (or set <code>WEB_DIST_DIR</code> to the built folder).</p>
</body></html>`;

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function setStaticHeaders(reply: FastifyReply, filePath: string) {
  // A pre-compressed sibling (index.html.br) is cached as the file it stands for.
  const normalized = filePath
    .split(path.sep)
    .join("/")
    .replace(/\.(br|gz)$/, "");
  if (normalized.endsWith("/index.html")) reply.header("cache-control", "no-cache");
  else if (normalized.includes("/assets/")) reply.header("cache-control", IMMUTABLE_CACHE);
  else reply.header("cache-control", SHORT_CACHE);
}

/** What the pages need from the notices (the server's own service, or a stand-in in tests). */
export interface WebAppNotices {
  /** A notice's title and HTML, or null when there is none. */
  find(id: number): Promise<{ title: string; content: string; updated_at: string } | null>;
  /** The newest notices, for the sitemap. */
  recent(): Promise<{ id: number; updated_at?: string; created_at: string }[]>;
  /** The board's first page as GET /api/notices answers it: sent filled into /notice. */
  firstPage?(): Promise<TServedNoticeList>;
}

export interface WebAppOptions {
  webDistDir: string;
  /** PUBLIC_ORIGIN; without it, the request's own scheme and host. */
  publicOrigin?: string | undefined;
  notices?: WebAppNotices;
  /** Who runs the service (config OPERATOR_*): every page gets them, prerendered ones filled in. */
  operator?: TOperatorInfo;
}

/** Public pages by path, the /en mirror included, with their language. */
const PRERENDERED = new Map(
  PUBLIC_PAGES.flatMap((page) =>
    (["ko", "en"] as const).map((locale) => [page.paths[locale], locale] as const),
  ),
);
const NOTICE_DETAIL = /^(\/en)?\/notice\/(\d{1,9})$/;

function originOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin.replace(/\/+$/, "");
  return `${request.protocol}://${request.host}`;
}

/** A notice detail page's own head: its title and the start of its text (issue 17). */
async function noticePage(
  html: string,
  notices: WebAppNotices,
  match: RegExpMatchArray,
  origin: string,
  locale: TSeoLocale,
): Promise<string | null> {
  const id = Number(match[2]);
  const notice = await notices.find(id);
  if (!notice) return null;
  const description = excerpt(notice.content) || notice.title;
  const title = `${notice.title} · ${SITE_NAME[locale]}`;
  const head = buildHead({
    locale,
    title,
    description,
    paths: { ko: `/notice/${id}`, en: `/en/notice/${id}` },
    origin,
    ogType: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: notice.title,
        description,
        dateModified: notice.updated_at,
        inLanguage: locale,
        publisher: { "@type": "Organization", name: SITE_NAME[locale] },
      },
    ],
  });
  return injectPage(html, { locale, head });
}

/**
 * The head's texts of every route (written by the web build); read per page like the HTML, so a
 * rebuild is picked up without a restart. A build without them leaves the template's head.
 */
async function readHeadStrings(prerenderedDir: string): Promise<THeadStrings | undefined> {
  try {
    return JSON.parse(await readFile(path.join(prerenderedDir, HEAD_STRINGS_FILE), "utf8")) as THeadStrings;
  } catch {
    return undefined;
  }
}

/** The notice board's pieces (written by the web build), by prerendered file; none in an older build. */
async function readNoticeBoards(prerenderedDir: string): Promise<TNoticeBoardTemplates> {
  try {
    return JSON.parse(
      await readFile(path.join(prerenderedDir, NOTICE_BOARD_FILE), "utf8"),
    ) as TNoticeBoardTemplates;
  } catch {
    return {};
  }
}

/** A script element with no attributes: code in the page itself (data blocks have a type). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** Puts the operator's details block before </head> (the app reads it before its first render). */
function withOperatorScript(html: string, operator: TOperatorInfo): string {
  return html.replace("</head>", `${operatorScript(operator)}</head>`);
}

export async function registerWebApp(
  app: FastifyInstance,
  { webDistDir, publicOrigin, notices, operator = NO_OPERATOR_INFO }: WebAppOptions,
) {
  const indexFile = path.join(webDistDir, "index.html");
  const prerenderedDir = path.join(webDistDir, PRERENDER_DIR);

  app.get("/robots.txt", async (request, reply) =>
    reply
      .header("cache-control", SHORT_CACHE)
      .type("text/plain; charset=utf-8")
      .send(robotsTxt(originOf(request, publicOrigin))),
  );
  app.get("/sitemap.xml", async (request, reply) => {
    const origin = originOf(request, publicOrigin);
    const recent = notices ? await notices.recent() : [];
    const xml = sitemapXml(origin, [
      ...PUBLIC_PAGES.map((page) => ({ paths: page.paths })),
      ...recent.map((notice) => ({
        paths: { ko: `/notice/${notice.id}`, en: `/en/notice/${notice.id}` },
        lastModified: notice.updated_at ?? notice.created_at,
      })),
    ]);
    return reply.header("cache-control", SHORT_CACHE).type("application/xml; charset=utf-8").send(xml);
  });

  // The root is a prerendered page like the others (the static handler would send the raw template).
  app.get("/", (request, reply) => sendPage(request, reply, "/"));

  if (existsSync(webDistDir)) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: false,
      // Dot folders (.prerendered, .vite) hold build material, not files to send as they are.
      allowedPath: (pathName) => !pathName.split("/").some((part) => part.startsWith(".")),
      cacheControl: false,
      // The build writes .br and .gz siblings (apps/web/scripts/compress-dist.mjs): sent by
      // Accept-Encoding with Vary, so no asset is compressed per request.
      preCompressed: true,
      setHeaders: setStaticHeaders,
    });
  } else {
    app.log.warn({ webDistDir }, "web app not built: run `npm run build` to serve it");
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (isApiPath(pathname) || (request.method !== "GET" && request.method !== "HEAD")) {
      const allowed = HTTP_METHODS.filter((method) => app.hasRoute({ method, url: pathname }));
      if (allowed.length > 0) {
        reply.header("allow", allowed.join(", "));
        return sendFailure(
          reply,
          toHttpFailure(new AppError(405, "METHOD_NOT_ALLOWED", "Method not allowed.")),
        );
      }
      return sendFailure(reply, toHttpFailure(new AppError(404, "NOT_FOUND", "Not found.")));
    }
    return sendPage(request, reply, pathname);
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const bare = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const origin = originOf(request, publicOrigin);
    // The language of a page without /en: the stored choice, else the browser's (issue 30).
    const negotiated = negotiateLocale({
      cookie: request.cookies[LOCALE_COOKIE],
      acceptLanguage: request.headers["accept-language"],
      userAgent: request.headers["user-agent"],
    });
    const redirect = LANGUAGE_REDIRECTS[bare];
    if (redirect) {
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      return reply
        .code(302)
        .header("cache-control", "no-cache")
        .header("vary", "Cookie, Accept-Language")
        .redirect(`${redirect[negotiated]}${query}`, 302);
    }
    const target = pageHeadTarget(bare, negotiated);
    const locale: TSeoLocale = target?.locale ?? (isEnglishPath(bare) ? "en" : negotiated);
    const isNegotiated = !isEnglishPath(bare) && (target === undefined || isLanguageNegotiated(bare));
    let html: string;
    let isPrerendered = false;
    /** The prerendered file sent, if one is. */
    let prerenderedFile: string | undefined;
    /** The build's inline scripts in a prerendered page (fallback-faces.js), allowed by their hashes. */
    let inlineScripts: string[] = [];
    try {
      // Read per request (they are small) so a rebuild is picked up without a restart. A visitor
      // with a session gets the app, not the signed-out page it would only replace (main.tsx renders
      // afresh over it): no flash of the signed-out header. Crawlers and previews have no session.
      const isSignedIn = request.cookies[SESSION_COOKIE] !== undefined;
      const prerenderedLocale = PRERENDERED.get(bare);
      const file =
        prerenderedLocale === undefined || isSignedIn
          ? undefined
          : prerenderedLocale === locale
            ? prerenderFileName(bare)
            : isNegotiated && locale === "en"
              ? prerenderFileName(bare, "en")
              : undefined;
      const prerendered = file
        ? await readFile(path.join(prerenderedDir, file), "utf8").catch(() => undefined)
        : undefined;
      isPrerendered = prerendered !== undefined;
      if (isPrerendered) prerenderedFile = file;
      // Read off the file as built, before anything of the request's is put in.
      if (prerendered)
        inlineScripts = [...prerendered.matchAll(INLINE_SCRIPT)].map((match) => match[1] ?? "");
      html = prerendered ?? (await readFile(indexFile, "utf8"));
    } catch {
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(NOT_BUILT_PAGE);
    }
    let status = isAppRoute(pathname) ? 200 : 404;
    if (!isPrerendered) {
      // Every page of the route table has its own head in its language (issue 30), prerendered or not.
      const strings = target
        ? (await readHeadStrings(prerenderedDir))?.[locale]?.[target.routeId]
        : undefined;
      html =
        target && strings
          ? injectPage(html, {
              locale,
              head: buildHead({
                locale,
                title: strings.title,
                description: strings.description,
                paths: target.paths,
                origin: ORIGIN_TOKEN,
                isNoindex: target.isNoindex,
              }),
            })
          : html.replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${locale}"`);
    }
    const noticeMatch = notices ? bare.match(NOTICE_DETAIL) : null;
    if (notices && noticeMatch) {
      const page = await noticePage(html, notices, noticeMatch, origin, locale);
      if (page) html = page;
      else status = 404;
    }
    // The notice board's first page, filled in: its app then waits for the visitor's first sign of
    // use like every other public page. A query (?page=2) gets the page as built, which fetches.
    if (prerenderedFile && notices?.firstPage && !request.url.includes("?")) {
      const board = (await readNoticeBoards(prerenderedDir))[prerenderedFile];
      if (board) {
        const list = await notices.firstPage().catch((error: unknown) => {
          // The page still works without it: the app fetches the rows (and shows the error) itself.
          request.log.warn({ err: error }, "could not read the notice board's first page for /notice");
          return undefined;
        });
        const filled = list ? fillNoticeBoard(html, board, list, locale) : null;
        if (filled) html = filled;
      }
    }
    // The visitor's theme choice is on <html> from the first byte, so nothing flashes (the page
    // differs by that cookie, hence Vary).
    html = withThemeAttribute(html, parseThemeChoice(request.cookies[THEME_COOKIE]));
    // The operator's details: filled into a prerendered page, and given to the app in every page.
    html = withOperatorScript(fillOperatorTokens(html, operator[locale], locale), operator);
    const csp = reply.getHeader("content-security-policy");
    if (inlineScripts.length > 0 && typeof csp === "string")
      reply.header("content-security-policy", allowInlineScripts(csp, inlineScripts));
    return reply
      .code(status)
      .header("cache-control", "no-cache")
      .header("vary", isNegotiated ? "Cookie, Accept-Language" : "Cookie")
      .type("text/html; charset=utf-8")
      .send(html.replaceAll(ORIGIN_TOKEN, origin));
  }
}
