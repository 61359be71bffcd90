/**
 * The route table of spec 01 §2 / spec 02 §2: one list. The web router and the server's SPA
 * fallback both read it; every path also exists under /en (the English mirror).
 */

export type TRouteId =
  | "landing"
  | "pricing"
  | "login"
  | "signup"
  | "socialSignup"
  | "forgotPassword"
  | "resetPassword"
  | "paymentSuccess"
  | "paymentFailed"
  | "paymentReturn"
  | "upscale"
  | "imageEdit"
  | "faceEdit"
  | "chat"
  | "mypage"
  | "imageGeneration"
  | "consistency"
  | "noticeList"
  | "noticeDetail"
  | "noticeEdit"
  | "noticeWrite"
  | "terms"
  | "privacy"
  | "refund";

export interface AppRoute {
  id: TRouteId;
  /** react-router pattern, without the /en prefix */
  path: string;
  /** Only mirrored under /en (the short legal forms /en/terms …). */
  englishOnly?: boolean;
  /**
   * For pages with a language baked into the path (/terms/kr), the language it shows without the
   * /en prefix. Under /en a page is English whatever its path says (fixedLocaleOf).
   */
  fixedLocale?: "ko" | "en";
  /**
   * "user": signed-in users only. Visitors go to /login?next=<this page> and come back (spec 02 §6);
   * the web's route guard does it, so pages never repeat the check.
   */
  access?: "user";
  /** With access "user": a visitor is also told so in a toast (spec 02 §5 Retouch "login required"). */
  isLoginNoticed?: boolean;
}

export const APP_ROUTES: readonly AppRoute[] = [
  { id: "landing", path: "/" },
  { id: "pricing", path: "/pricing" },
  { id: "pricing", path: "/pricing/kr", fixedLocale: "ko" },
  { id: "pricing", path: "/pricing/en", fixedLocale: "en" },
  { id: "login", path: "/login" },
  { id: "signup", path: "/signup" },
  // Accounts (issue 7): the age confirmation of a first social sign-in, and the password reset.
  { id: "socialSignup", path: "/signup/social" },
  { id: "forgotPassword", path: "/forgot-password" },
  { id: "resetPassword", path: "/reset-password" },
  { id: "paymentSuccess", path: "/payment-success", access: "user" },
  { id: "paymentFailed", path: "/payment-failed", access: "user" },
  { id: "paymentReturn", path: "/payment/:plan" },
  { id: "upscale", path: "/upscale", access: "user", isLoginNoticed: true },
  { id: "imageEdit", path: "/image-edit", access: "user" },
  { id: "faceEdit", path: "/face-edit", access: "user" },
  { id: "chat", path: "/chat" },
  { id: "mypage", path: "/mypage", access: "user" },
  { id: "imageGeneration", path: "/image-generation", access: "user", isLoginNoticed: true },
  { id: "consistency", path: "/consistency" },
  { id: "noticeList", path: "/notice" },
  { id: "noticeWrite", path: "/notice/write" },
  { id: "noticeDetail", path: "/notice/:id" },
  { id: "noticeEdit", path: "/notice/:id/edit" },
  { id: "terms", path: "/terms/kr", fixedLocale: "ko" },
  { id: "terms", path: "/terms/en", fixedLocale: "en" },
  { id: "privacy", path: "/privacy/kr", fixedLocale: "ko" },
  { id: "privacy", path: "/privacy/en", fixedLocale: "en" },
  { id: "refund", path: "/refund/kr", fixedLocale: "ko" },
  { id: "refund", path: "/refund/en", fixedLocale: "en" },
  { id: "terms", path: "/terms", englishOnly: true, fixedLocale: "en" },
  { id: "privacy", path: "/privacy", englishOnly: true, fixedLocale: "en" },
  { id: "refund", path: "/refund", englishOnly: true, fixedLocale: "en" },
];

export const EN_PREFIX = "/en";

/**
 * The language a route's page is fixed to, if any. The /en mirror is English, always: /en/terms/kr
 * and /en/pricing/kr show English pages (issue 12), whatever their own segment says.
 */
export function fixedLocaleOf(route: AppRoute, isEnglishMirror: boolean): "ko" | "en" | undefined {
  if (!route.fixedLocale) return undefined;
  return isEnglishMirror ? "en" : route.fixedLocale;
}

/** Every concrete pattern the app serves, the /en mirror included. */
export function listRoutePatterns(): string[] {
  const patterns: string[] = [];
  for (const route of APP_ROUTES) {
    if (!route.englishOnly) patterns.push(route.path);
    patterns.push(route.path === "/" ? EN_PREFIX : `${EN_PREFIX}${route.path}`);
  }
  return patterns;
}

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body === "" ? "/" : body}/?$`);
}

const ROUTE_MATCHERS = listRoutePatterns().map(patternToRegExp);

/** True when the path (no query) is a page of the app, so the server answers 200 with the SPA. */
export function isAppRoute(pathname: string): boolean {
  return ROUTE_MATCHERS.some((re) => re.test(pathname));
}

export interface RouteMatch {
  route: AppRoute;
  /** Under /en. */
  isEnglishMirror: boolean;
  /** The path without /en and without a trailing slash ("/" for the root). */
  bare: string;
}

const BARE_MATCHERS = APP_ROUTES.map((route) => ({ route, re: patternToRegExp(route.path) }));

/** The route a path (no query) shows, or undefined for a path that is no page of the app. */
export function matchAppRoute(pathname: string): RouteMatch | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  const isEnglishMirror = isEnglishPath(trimmed);
  const bare = isEnglishMirror ? trimmed.slice(EN_PREFIX.length) || "/" : trimmed;
  const found = BARE_MATCHERS.find(
    ({ route, re }) => re.test(bare) && (isEnglishMirror || !route.englishOnly),
  );
  return found ? { route: found.route, isEnglishMirror, bare } : undefined;
}

/**
 * Paths that are no page of their own but a choice of language (issue 30): the bare legal paths
 * go to the Korean document or the English one, by the visitor's language.
 */
export const LANGUAGE_REDIRECTS: Readonly<Record<string, Record<"ko" | "en", string>>> = {
  "/terms": { ko: "/terms/kr", en: "/en/terms" },
  "/privacy": { ko: "/privacy/kr", en: "/en/privacy" },
  "/refund": { ko: "/refund/kr", en: "/en/refund" },
};

export function isEnglishPath(pathname: string): boolean {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`);
}

/** The path without its /en: the same page in either language (/en/pricing → /pricing, /en → /). */
export function barePath(pathname: string): string {
  return isEnglishPath(pathname) ? pathname.slice(EN_PREFIX.length) || "/" : pathname;
}

/** The KR|EN switch (spec 01 §2): drop or add /en, keep the rest of the path and the query. */
export function switchLocalePath(pathname: string, search: string, target: "ko" | "en"): string {
  const bare = barePath(pathname);
  const next = target === "en" ? (bare === "/" ? EN_PREFIX : `${EN_PREFIX}${bare}`) : bare;
  return `${next}${search}`;
}

/** Prefix a bare app path for the given language. */
export function localizePath(path: string, locale: "ko" | "en"): string {
  if (locale === "ko") return path;
  return path === "/" ? EN_PREFIX : `${EN_PREFIX}${path}`;
}
