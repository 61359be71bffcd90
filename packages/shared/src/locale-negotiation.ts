/**
 * The language of a page without /en (issue 30: the first frame is in the visitor's language).
 * Spec 01 §3: the stored choice wins; without one, a Korean browser gets Korean and any other
 * English. The browser keeps the choice in local storage (key `locale`), which a server cannot
 * read, so the web app mirrors it into LOCALE_COOKIE; the server reads that cookie, then the
 * browser's Accept-Language, and sends the page in that language from the first byte (with
 * `Vary: Cookie, Accept-Language`). Crawlers, and requests that name no language, get Korean, the
 * default whose English twin is under /en.
 */
import { DEFAULT_LOCALE, type TLocale } from "./constants.ts";

/** The stored choice as the server sees it (a year, SameSite=Lax, path /). */
export const LOCALE_COOKIE = "gyeol_locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function parseLocaleCookie(value: string | undefined): TLocale | undefined {
  return value === "ko" || value === "en" ? value : undefined;
}

/** The language tags of an Accept-Language header, most wanted first, q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Search engines and link previews: they read the default page, whatever they send. */
const CRAWLER =
  /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|kakaotalk-scrap|\byeti\b|daumoa/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER.test(userAgent);
}

export interface LocaleRequest {
  /** The LOCALE_COOKIE value. */
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * The language of an unprefixed page: the stored choice, else (for people, not crawlers) the
 * browser's first language, Korean for ko*, English for anything else, else Korean.
 */
export function negotiateLocale({ cookie, acceptLanguage, userAgent }: LocaleRequest): TLocale {
  const stored = parseLocaleCookie(cookie);
  if (stored) return stored;
  if (isCrawler(userAgent)) return DEFAULT_LOCALE;
  const first = acceptedLanguages(acceptLanguage)[0];
  if (first === undefined || first === "*") return DEFAULT_LOCALE;
  return first === "ko" || first.startsWith("ko-") ? "ko" : "en";
}
