import { LOCALES, STORAGE_KEY_LOCALE, type TLocale } from "@gyeol/shared/constants";
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

/** English when the path starts with /en or the chosen locale is en, unless the page fixes it. */
export function resolvePageLocale(pathname: string, locale: TLocale): TLocale {
  const fixed = fixedLocaleForPath(pathname);
  if (fixed) return fixed;
  return isEnglishPath(pathname) || locale === "en" ? "en" : "ko";
}

const LANGUAGE_SUFFIX: Record<TLocale, string> = { ko: "kr", en: "en" };
const LANGUAGE_PAGE = /^\/(terms|privacy|refund|pricing)\/(kr|en)$/;
const SHORT_LEGAL = /^\/(terms|privacy|refund)$/;

/**
 * Where the KR|EN switch goes: shared switchLocalePath drops or adds /en; pages that carry their
 * language in the path (/terms/kr, /en/terms) also get the matching version, so the switch never
 * lands on a page in the other language or on a path that does not exist (/terms without /en).
 */
export function localeSwitchTarget(pathname: string, search: string, target: TLocale): string {
  let bare = bareOf(pathname);
  const languagePage = LANGUAGE_PAGE.exec(bare);
  if (languagePage) bare = `/${languagePage[1]}/${LANGUAGE_SUFFIX[target]}`;
  else if (SHORT_LEGAL.test(bare)) bare = target === "en" ? bare : `${bare}/kr`;
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

export function setStoredLocale(locale: TLocale): void {
  writeStorage(STORAGE_KEY_LOCALE, locale);
  notify();
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
  return useSyncExternalStore(subscribe, getLocale, () => "ko");
}

/** The language the current page is shown in. */
export function usePageLocale(): TLocale {
  const { pathname } = useLocation();
  return resolvePageLocale(pathname, useStoredLocale());
}

/** Localises internal links for the current page language (spec 01 §3). */
export function useLocalizePath(): (path: string) => string {
  const locale = usePageLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
