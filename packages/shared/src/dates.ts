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

/** The calendar day in Seoul, as both languages write it. */
export const SEOUL_DAY: Intl.DateTimeFormatOptions = {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
};

export function formatDate(value: string | number | Date, locale: TLocale): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(INTL_LOCALE[locale], SEOUL_DAY).format(date) : "";
}

/** The day and the time of day in Seoul, 24-hour. */
export function formatDateTime(value: string | number | Date, locale: TLocale): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    ...SEOUL_DAY,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
}
