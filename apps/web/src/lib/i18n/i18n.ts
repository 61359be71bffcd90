import { STORAGE_KEY_LOCALE } from "@gyeol/shared/constants";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { detectLocale, resolvePageLocale } from "../locale.ts";
import { readStorage } from "../storage.ts";
import { en } from "./en.ts";
import { ko } from "./ko.ts";

/**
 * Both languages are bundled (they are small), so switching is synchronous: the shell switches
 * the language in a layout effect on every navigation and nothing flickers. The first language
 * comes from the address and the stored choice, so the very first paint is already right.
 */
function initialLocale() {
  if (typeof window === "undefined") return "ko";
  const stored = detectLocale(readStorage(STORAGE_KEY_LOCALE), window.navigator?.language);
  return resolvePageLocale(window.location.pathname, stored);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { ko: { translation: ko }, en: { translation: en } },
  lng: initialLocale(),
  fallbackLng: "ko",
  supportedLngs: ["ko", "en"],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
