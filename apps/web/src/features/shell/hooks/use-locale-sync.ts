import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "../../../lib/locale.ts";

/** Puts i18n and <html lang> in the page's language before the browser paints (spec 01 §3). */
export function useLocaleSync(): void {
  const locale = usePageLocale();
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [locale, i18n]);
}
