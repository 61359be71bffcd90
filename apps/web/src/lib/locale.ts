import { LOCALES, STORAGE_KEY_LOCALE, type TLocale } from "@gyeol/shared/constants";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "@gyeol/shared/locale-negotiation";
import {
  APP_ROUTES,
  EN_PREFIX,
  fixedLocaleOf,
  isEnglishPath,
  localizePath,
  switchLocalePath,
} from "@gyeol/shared/routes";
import { useCallback, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { readStorage, writeStorage } from "./storage.ts";

/** Language rules of spec 01 §3 "Locale" and the KR|EN switch of §2. */

export function isLocale(value: unknown): value is TLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Stored choice first; if none, a Korean browser gives ko and anything else en. */
export function detectLocale(stored: string | null, navigatorLanguage: string | undefined): TLocale {
  if (isLocale(stored)) return stored;
  return navigatorLanguage?.toLowerCase().startsWith("ko") ? "ko" : "en";
}

function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

function bareOf(pathname: string): string {
  const path = stripTrailingSlash(pathname);
  return isEnglishPath(path) ? path.slice(EN_PREFIX.length) || "/" : path;
}

/**
 * Pages with a language in their path (/terms/kr, /en/terms) always show that language, except that
 * under /en every page is English (/en/terms/kr too: shared fixedLocaleOf).
 */
export function fixedLocaleForPath(pathname: string): TLocale | undefined {
  const english = isEnglishPath(pathname);
  const bare = bareOf(pathname);
  const route = APP_ROUTES.find(
    (candidate) => candidate.fixedLocale && candidate.path === bare && (english || !candidate.englishOnly),
  );
  return route ? fixedLocaleOf(route, english) : undefined;
}

/**
 * <html lang> set to the page's language, written only when it differs: Chromium restyles the whole
 * page on every write of it, the same value included (styles.css's :lang(ko) matches every
 * element), which cost a phone a long task before hydrating and another right after.
 */
export function setDocumentLanguage(locale: TLocale, root: HTMLElement = document.documentElement): void {
  if (root.lang !== locale) root.lang = locale;
}

/** English when the path starts with /en or the chosen locale is en, unless the page fixes it. */
export function resolvePageLocale(pathname: string, locale: TLocale): TLocale {
  const fixed = fixedLocaleForPath(pathname);
  if (fixed) return fixed;
  return isEnglishPath(pathname) || locale === "en" ? "en" : "ko";
}

const LANGUAGE_PAGE = /^\/(terms|privacy|refund|pricing)(?:\/(kr|en))?$/;

/**
 * Where the KR|EN switch goes: shared switchLocalePath drops or adds /en; pages that carry their
 * language in the path (/terms/kr, /terms/en, /en/terms, /pricing/en) land on the other language's
 * own address, the one its head names as canonical (/terms/kr ↔ /en/terms, /pricing ↔ /en/pricing),
 * so the switch never lands on a page in the wrong language or on a path that does not exist.
 */
export function localeSwitchTarget(pathname: string, search: string, target: TLocale): string {
  let bare = bareOf(pathname);
  const languagePage = LANGUAGE_PAGE.exec(bare);
  if (languagePage) {
    const page = languagePage[1];
    bare = page === "pricing" || target === "en" ? `/${page}` : `/${page}/kr`;
  }
  return switchLocalePath(bare, search, target);
}

/* ---------- the stored choice, as a tiny external store so every switch re-renders ---------- */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getLocale(): TLocale {
  return detectLocale(readStorage(STORAGE_KEY_LOCALE), globalThis.navigator?.language);
}

/**
 * The stored choice, mirrored into a cookie the server reads (issue 30): a page without /en then
 * arrives in the chosen language from its first byte (shared locale-negotiation.ts).
 */
function writeLocaleCookie(locale: TLocale): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference; no Cookie Store API in Safari/Firefox.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

export function setStoredLocale(locale: TLocale): void {
  writeStorage(STORAGE_KEY_LOCALE, locale);
  writeLocaleCookie(locale);
  notify();
}

/** A choice stored before the cookie existed (or a cookie the browser dropped) is mirrored again. */
export function syncLocaleCookie(): void {
  const stored = readStorage(STORAGE_KEY_LOCALE);
  if (!isLocale(stored) || typeof document === "undefined") return;
  if (!document.cookie.split("; ").includes(`${LOCALE_COOKIE}=${stored}`)) writeLocaleCookie(stored);
}

/**
 * The stored language the HTML was rendered with: the build's language while prerendering, and in
 * the browser the prerendered page's, so hydration renders exactly what the server sent (an English
 * visitor gets `/` in English, issue 30).
 */
let serverLocale: TLocale = "ko";
export function setServerLocale(locale: TLocale): void {
  serverLocale = locale;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab switching language changes this tab's unprefixed pages too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY_LOCALE || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useStoredLocale(): TLocale {
  return useSyncExternalStore(subscribe, getLocale, () => serverLocale);
}

/**
 * The language the current page is shown in. Subscribed as that language, not as the stored choice
 * it is resolved from: on a page whose path fixes the language (/en, /terms/kr) a stored choice or
 * browser language that differs from the prerendered one (a Korean browser on /en) changes nothing,
 * so hydration is not followed by a forced re-render of every component that localises a link.
 */
export function usePageLocale(): TLocale {
  const { pathname } = useLocation();
  return useSyncExternalStore(
    subscribe,
    () => resolvePageLocale(pathname, getLocale()),
    () => resolvePageLocale(pathname, serverLocale),
  );
}

/** Localises internal links for the current page language (spec 01 §3). */
export function useLocalizePath(): (path: string) => string {
  const locale = usePageLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
