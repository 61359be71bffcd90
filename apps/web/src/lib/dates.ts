import type { TLocale } from "@gyeol/shared/constants";
import { DISPLAY_TIME_ZONE } from "@gyeol/shared/constants";
import { INTL_LOCALE, toDate } from "@gyeol/shared/dates";

/** Dates are shown in Asia/Seoul whatever the visitor's own time zone (spec 01 §9). */

export { formatDate } from "@gyeol/shared/dates";

export function formatDateTime(value: string | number | Date, locale: TLocale): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
}

/** The calendar day in Seoul as YYYY-MM-DD, for grouping and comparisons. */
export function toSeoulDay(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return "";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const numberFormats = new Map<TLocale, Intl.NumberFormat>();

/**
 * 1,234 in both locales. Whole numbers (credits, prices, counts: nearly every call) are grouped
 * here, as ko-KR and en-US both group them (dates.test.ts holds this to Intl): the first
 * Intl.NumberFormat a page makes loads ICU's number data, about 10 ms of a phone's hydration.
 */
export function formatNumber(value: number, locale: TLocale): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
    return value < 0 ? `-${digits}` : digits;
  }
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale]);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
