import { DISPLAY_TIME_ZONE, type TLocale } from "./constants.ts";

/**
 * Dates as the pages show them, in Asia/Seoul whatever the visitor's own time zone (spec 01 §9).
 * Shared because the server writes them too: the notice board it sends filled in (web-app.ts)
 * must read exactly as the app's render of it, or hydration would not match.
 */

export const INTL_LOCALE: Record<TLocale, string> = { ko: "ko-KR", en: "en-US" };

export function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date, locale: TLocale): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}
