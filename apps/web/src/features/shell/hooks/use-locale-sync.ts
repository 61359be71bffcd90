import { use, useDeferredValue, useLayoutEffect } from "react";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { setDocumentLanguage, usePageLocale } from "../../../lib/locale.ts";

/**
 * Puts i18n and <html lang> in the page's language before the browser paints (spec 01 §3).
 * A language whose strings are not loaded yet (they load per language, lib/i18n/i18n.ts) is loaded
 * first: a navigation to it (the KR|EN switch, a router transition) keeps showing the current page
 * until they are there, then paints the new one in its language; any other change (another tab's
 * choice) keeps the current language meanwhile (useDeferredValue). Never a key, never a mix.
 */
export function useLocaleSync(): void {
  const locale = useDeferredValue(usePageLocale());
  if (!i18n.isReady(locale)) use(i18n.load(locale));
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    setDocumentLanguage(locale);
  }, [locale]);
}
