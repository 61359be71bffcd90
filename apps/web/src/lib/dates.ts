import type { TLocale } from "@gyeol/shared/constants";
import { INTL_LOCALE, SEOUL_DAY, toDate } from "@gyeol/shared/dates";

/** Dates are shown in Asia/Seoul whatever the visitor's own time zone (spec 01 §9). */

export { formatDate, formatDateTime } from "@gyeol/shared/dates";

/** The calendar day in Seoul as YYYY-MM-DD, for grouping and comparisons. */
export function toSeoulDay(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return "";
  const parts = new Intl.DateTimeFormat("en-CA", SEOUL_DAY).formatToParts(date);
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
