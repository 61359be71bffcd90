/**
 * Build-time rendering of the public pages (issue 17, Delivery): scripts/prerender.mjs builds this
 * entry for Node (vite build --ssr) and renders each public page in both languages to HTML, which
 * the browser then hydrates (main.tsx). Rendered signed out, with nothing fetched: what a crawler
 * or a link preview sees, and what a first-time visitor's browser paints before any script runs.
 */
import { PassThrough } from "node:stream";
import { escapeHtml } from "@gyeol/shared/html";
import { NOTICE_TOTAL_TOKEN, noticeRowToken, type TNoticeBoardTemplate } from "@gyeol/shared/notice-board";
import { DEFAULT_SUPPORT_HOURS, OPERATOR_NAME_FALLBACK } from "@gyeol/shared/operator";
import { PAID_PLANS, PLAN_CATALOG } from "@gyeol/shared/plans";
import { APP_ROUTES, type TRouteId } from "@gyeol/shared/routes";
import {
  buildHead,
  ORIGIN_TOKEN,
  type PublicPage,
  plansJsonLd,
  SITE_NAME,
  siteJsonLd,
  type THeadStrings,
  type TSeoLocale,
} from "@gyeol/shared/seo";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary.tsx";
import { AppProviders } from "./app/providers.tsx";
import { buildAppRoutes } from "./app/router.tsx";
import { setNoticeListForBuild } from "./features/notices/api/served-list.ts";
import { formatDate } from "./lib/dates.ts";
import { i18n } from "./lib/i18n/i18n.ts";
import { setServerLocale } from "./lib/locale.ts";
import { setOperatorTokensForBuild } from "./lib/operator.ts";

export { i18n };

// The operator's details are the server's configuration (issue 30): pages are rendered with a
// token for each, which the server fills in (or takes the line out) when it sends the page.
setOperatorTokensForBuild();

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The body of #root for a path, rendered in the given language (for `/`, `/pricing` and `/notice`
 * also in English at the same path: the page a visitor whose language is English gets there). Rendered twice: the first pass
 * loads the lazy page modules, so in the second nothing suspends and React writes the page as
 * plain HTML, without the inline scripts that reveal late boundaries (the CSP allows none).
 */
export async function renderPage(pathname: string, locale: "ko" | "en"): Promise<string> {
  await renderOnce(pathname, locale);
  const errors: unknown[] = [];
  const html = await renderOnce(pathname, locale, errors);
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${pathname} (${locale}) failed`);
  if (html.includes("<script"))
    throw new Error(`${pathname} (${locale}) still suspends: its HTML needs scripts`);
  return html;
}

/** A sentinel date, formatted by the app like any other: found in the rows and made a token. */
const TEMPLATE_DATE = "2001-02-03T12:00:00.000Z";
const TEMPLATE_PINNED_ID = 900_000_001;
const TEMPLATE_ROW_ID = 900_000_002;

function takeOne(html: string, pattern: RegExp, what: string): string {
  const found = html.match(pattern);
  if (found?.length !== 1)
    throw new Error(`the notice board's ${what}: found ${found?.length ?? 0}, expected 1`);
  return found[0];
}

function tokenized(row: string, id: number, number: string | null, date: string): string {
  const parts: [string, string, number][] = [
    [String(id), noticeRowToken("ID"), 1],
    [escapeHtml(date), noticeRowToken("DATE"), 2],
    ...(number === null
      ? []
      : ([[`>${number}<`, `>${noticeRowToken("NUMBER")}<`, 2]] as [string, string, number][])),
  ];
  let out = row;
  for (const [from, to, count] of parts) {
    const seen = out.split(from).length - 1;
    if (seen !== count)
      throw new Error(`a notice row shows ${JSON.stringify(from)} ${seen} times, expected ${count}`);
    out = out.replaceAll(from, to);
  }
  return out;
}

/**
 * The notice board's pieces for the server to fill in (shared/notice-board.ts): the board rendered
 * as the app renders it, once waiting, once empty and once with a pinned and a plain row whose
 * fields are tokens, cut out of the HTML. The pieces are checked here (each found exactly once), so
 * a change to the board's markup fails the build instead of sending rows hydration would not match.
 */
export async function noticeBoardTemplate(
  pathname: string,
  locale: TSeoLocale,
): Promise<TNoticeBoardTemplate> {
  const pagerPattern = /<nav(?:(?!<nav)[\s\S])*?data-testid="notice-prev"[\s\S]*?<\/nav>/g;
  const loadingPage = await renderPage(pathname, locale);
  try {
    setNoticeListForBuild({ success: true, items: [], page: 1, totalPages: 1 });
    const emptyPage = await renderPage(pathname, locale);
    const item = {
      title: noticeRowToken("TITLE"),
      author_name: noticeRowToken("AUTHOR"),
      created_at: TEMPLATE_DATE,
    };
    setNoticeListForBuild({
      success: true,
      items: [
        { ...item, id: TEMPLATE_PINNED_ID, pinned: true },
        { ...item, id: TEMPLATE_ROW_ID, pinned: false },
      ],
      page: 1,
      // A token where the total goes: only the pager shows it (as text), and Next stays enabled.
      totalPages: NOTICE_TOTAL_TOKEN as unknown as number,
    });
    const rowsPage = await renderPage(pathname, locale);
    const [pinnedRow, row] = rowsPage.match(/<tr data-testid="notice-row"[^>]*>[\s\S]*?<\/tr>/g) ?? [];
    if (!pinnedRow || !row) throw new Error("the notice board rendered no rows from its list");
    const date = formatDate(TEMPLATE_DATE, locale);
    const pagerMany = takeOne(rowsPage, pagerPattern, "pager");
    if (!pagerMany.includes(NOTICE_TOTAL_TOKEN))
      throw new Error("the notice board's pager does not show the total");
    return {
      loading: takeOne(loadingPage, /<tr><td[^>]*data-testid="notice-loading"[\s\S]*?<\/tr>/g, "loading row"),
      pager: takeOne(loadingPage, pagerPattern, "pager"),
      pagerMany,
      empty: takeOne(emptyPage, /<tr><td[^>]*data-testid="notice-empty"[\s\S]*?<\/tr>/g, "empty row"),
      pinnedRow: tokenized(pinnedRow, TEMPLATE_PINNED_ID, null, date),
      // The plain row is the second: number 2 (its cell, and the phone's number beside the title).
      row: tokenized(row, TEMPLATE_ROW_ID, "2", date),
      authorFallback: i18n.getFixedT(locale)("notices.list.authorFallback"),
    };
  } finally {
    setNoticeListForBuild(undefined);
  }
}

async function renderOnce(pathname: string, locale: "ko" | "en", errors: unknown[] = []): Promise<string> {
  await i18n.changeLanguage(locale);
  setServerLocale(locale);
  const handler = createStaticHandler(buildAppRoutes());
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <AppErrorBoundary>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </AppErrorBoundary>,
    // Never outline a large boundary into a separate, script-revealed segment: one plain document.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return streamToString(prelude);
}

/** A page's title and description in a language, from the app's own catalogues. */
function headStrings(id: TRouteId, locale: TSeoLocale): { title: string; description: string } {
  // Keys built from the page id: looked up as plain strings.
  const t = i18n.getFixedT(locale) as unknown as (key: string) => string;
  const suffix = t("meta.titleSuffix");
  const title = id === "landing" ? t("meta.landingTitle") : `${t(pageTitleKey(id))} · ${suffix}`;
  const description =
    id === "landing"
      ? t("footer.description")
      : id === "noticeList"
        ? t("notices.list.description")
        : t(`pages.${id}.description`);
  return { title, description };
}

/**
 * The title and description of every route of the route table in both languages (issue 30): the
 * server gives each page it sends without prerendering its own head from these.
 */
export async function routeHeadStrings(): Promise<THeadStrings> {
  const out: THeadStrings = { ko: {}, en: {} };
  for (const locale of ["ko", "en"] as const) {
    await i18n.changeLanguage(locale);
    await i18n.loadAll();
    for (const route of APP_ROUTES) out[locale][route.id] = headStrings(route.id, locale);
  }
  return out;
}

/** Title, description and structured data of a public page, from the app's own catalogues. */
export async function publicPageHead(
  page: PublicPage,
  locale: TSeoLocale,
  paths: PublicPage["paths"] = page.paths,
): Promise<string> {
  await i18n.changeLanguage(locale);
  const { title, description } = headStrings(page.id, locale);
  const jsonLd =
    page.id === "landing"
      ? [siteJsonLd(ORIGIN_TOKEN, locale, description)]
      : page.id === "pricing"
        ? [
            plansJsonLd(
              ORIGIN_TOKEN,
              locale,
              description,
              PAID_PLANS.map((id) => ({
                id,
                name: `${SITE_NAME[locale]} ${id[0]?.toUpperCase()}${id.slice(1)}`,
                priceUsd: PLAN_CATALOG[id].priceUsd,
                monthlyCredits: PLAN_CATALOG[id].monthlyCredits,
              })),
            ),
          ]
        : [];
  return buildHead({ locale, title, description, paths, origin: ORIGIN_TOKEN, jsonLd });
}

/**
 * Text a public page shows right after hydrating, or as the server fills it in, that its HTML does
 * not have: its glyphs go into the page's font subset too, so no slice of the full font is fetched
 * and no relayout follows when it appears. Every page: the header's tagline (joins once the auth
 * check resolves) and the operator details the server writes when none are configured (the support
 * hours in the footer, the operator's name in the legal texts). Pricing: the FAQ's question about
 * the test checkout, shown where it is in use. The notice board: what takes the
 * loading row's place (the empty board, an error, an author without a name, the dates' format).
 * Configured details and notices' own titles are not known at build time; their glyphs come from
 * the full font's slices.
 */
export async function textShownAfterHydration(locale: TSeoLocale, page?: PublicPage): Promise<string> {
  await i18n.changeLanguage(locale);
  const t = i18n.getFixedT(locale);
  const always = [t("common.tagline"), DEFAULT_SUPPORT_HOURS[locale], OPERATOR_NAME_FALLBACK[locale]];
  const pageText =
    page?.id === "pricing"
      ? // The question the FAQ adds where the built-in test checkout is in use (a feature flag).
        [t("pricing.faq.items.sandbox.q")]
      : page?.id === "noticeList"
        ? [
            t("notices.list.empty"),
            t("notices.list.authorFallback"),
            t("notices.errors.fetchFailed"),
            formatDate(Date.UTC(2026, 11, 31), locale),
          ]
        : [];
  return [...always, ...pageText].join(" ");
}

function pageTitleKey(id: TRouteId): string {
  return id === "noticeList" ? "notices.list.title" : `pages.${id}.title`;
}

export { fillNoticeBoard, NOTICE_BOARD_FILE } from "@gyeol/shared/notice-board";
export {
  HEAD_STRINGS_FILE,
  injectPage,
  isLanguageNegotiated,
  PRERENDER_DIR,
  PUBLIC_PAGES,
  prerenderFileName,
} from "@gyeol/shared/seo";
