/**
 * Who runs the service (issue 30): the business details Korean sites show in their footer and
 * legal pages (상호, 대표자, 사업자등록번호, 통신판매업 신고번호, 주소, 연락처, 개인정보
 * 보호책임자), the support e-mail and hours. They are the server's configuration (OPERATOR_*,
 * SUPPORT_*, PRIVACY_OFFICER, apps/server/src/config/operator.ts), read at boot, not a build
 * setting: the server hands them to every page it sends as a JSON block (OPERATOR_SCRIPT_ID) and
 * writes them into the prerendered pages, which the build renders with tokens in their place.
 *
 * A detail that is not configured is left out: its line (an element marked OPERATOR_LINE_ATTRIBUTE)
 * disappears, and the operator's name inside a sentence reads as OPERATOR_NAME_FALLBACK. The web
 * app renders exactly that from the same details, so the HTML the server filled in and the app's
 * first render agree.
 */
import type { TLocale } from "./constants.ts";
import { escapeHtml } from "./html.ts";
import { BUSINESS_HOURS } from "./policy.ts";

export const OPERATOR_FIELDS = [
  "name",
  "representative",
  "businessNumber",
  "mailOrderNumber",
  "address",
  "phone",
  "supportEmail",
  "supportHours",
  "privacyOfficer",
] as const;
export type TOperatorField = (typeof OPERATOR_FIELDS)[number];

/** One language's details; a field that is missing is not configured. */
export type TOperatorDetails = Partial<Record<TOperatorField, string>>;
/** Both languages' details (a value without its English twin is used on English pages too). */
export type TOperatorInfo = Record<TLocale, TOperatorDetails>;

export const NO_OPERATOR_INFO: TOperatorInfo = Object.freeze({ ko: {}, en: {} });

/** The id of the JSON block the server puts in every page's head. */
export const OPERATOR_SCRIPT_ID = "gyeol-operator";
/** The attribute that marks an element showing one detail: it is removed when that detail is missing. */
export const OPERATOR_LINE_ATTRIBUTE = "data-operator-line";
/** The attribute that marks an element holding lines: it is removed when none of them is left. */
export const OPERATOR_BLOCK_ATTRIBUTE = "data-operator-block";

/** The spec's support hours (spec 01 §9 refund policy: weekdays 09:00 to 18:00), shown when none are configured. */
export const DEFAULT_SUPPORT_HOURS = {
  ko: `평일 ${BUSINESS_HOURS.open}~${BUSINESS_HOURS.close} (공휴일 제외)`,
  en: `Weekdays ${BUSINESS_HOURS.open}–${BUSINESS_HOURS.close} KST (except public holidays)`,
} as const;

/** How a sentence names the operator when no name is configured. */
export const OPERATOR_NAME_FALLBACK: Record<TLocale, string> = {
  ko: "서비스 운영자",
  en: "the service operator",
};

/** Written where a detail goes in a prerendered page; the server puts the configured value in. */
export function operatorToken(field: TOperatorField): string {
  return `%GYEOL_OPERATOR_${field}%`;
}

/** The details as the build renders them: a token for each (every line present). */
export function operatorTokens(): Required<TOperatorDetails> {
  return Object.fromEntries(
    OPERATOR_FIELDS.map((field) => [field, operatorToken(field)]),
  ) as Required<TOperatorDetails>;
}

/** The name as a sentence uses it. */
export function operatorDisplayName(details: TOperatorDetails, locale: TLocale): string {
  return details.name ?? OPERATOR_NAME_FALLBACK[locale];
}

/**
 * Where the element whose start tag holds `at` begins and ends (its content and nested elements of
 * the same name included), in an HTML string React rendered.
 */
function elementRange(html: string, at: number): { start: number; end: number } {
  const start = html.lastIndexOf("<", at);
  const tag = start === -1 ? undefined : /^<([a-zA-Z][\w-]*)/.exec(html.slice(start))?.[1];
  if (!tag) throw new Error(`no element around offset ${at}`);
  const openOrClose = new RegExp(`<(/?)${tag}(?=[\\s>/])[^>]*>`, "g");
  openOrClose.lastIndex = start;
  let depth = 0;
  for (let match = openOrClose.exec(html); match; match = openOrClose.exec(html)) {
    if (match[1] === "/") depth -= 1;
    else if (!match[0].endsWith("/>")) depth += 1;
    if (depth === 0) return { start, end: match.index + match[0].length };
  }
  throw new Error(`unclosed <${tag}> at offset ${start}`);
}

/** Removes every element carrying `attribute="value"`, with its content. */
export function removeMarkedElements(html: string, attribute: string, value: string): string {
  const marker = `${attribute}="${value}"`;
  let out = html;
  for (let at = out.indexOf(marker); at !== -1; at = out.indexOf(marker)) {
    const { start, end } = elementRange(out, at);
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}

/** Removes every block (OPERATOR_BLOCK_ATTRIBUTE) that has no line left in it. */
function removeEmptyBlocks(html: string): string {
  const marker = `${OPERATOR_BLOCK_ATTRIBUTE}=`;
  let out = html;
  let from = 0;
  for (let at = out.indexOf(marker, from); at !== -1; at = out.indexOf(marker, from)) {
    const { start, end } = elementRange(out, at);
    if (out.slice(start, end).includes(`${OPERATOR_LINE_ATTRIBUTE}=`)) from = at + marker.length;
    else {
      out = out.slice(0, start) + out.slice(end);
      from = start;
    }
  }
  return out;
}

/**
 * Fills a prerendered page (built with operatorTokens()) with the operator's details in the page's
 * language: the lines of missing details go, the remaining tokens become the values (escaped for
 * HTML text and attributes) and a missing name inside a sentence becomes OPERATOR_NAME_FALLBACK.
 */
export function fillOperatorTokens(html: string, details: TOperatorDetails, locale: TLocale): string {
  if (!html.includes("%GYEOL_OPERATOR_")) return html;
  let out = html;
  for (const field of OPERATOR_FIELDS) {
    const value = details[field];
    if (value === undefined) out = removeMarkedElements(out, OPERATOR_LINE_ATTRIBUTE, field);
    const text = value ?? (field === "name" ? OPERATOR_NAME_FALLBACK[locale] : "");
    out = out.replaceAll(operatorToken(field), escapeHtml(text));
  }
  return removeEmptyBlocks(out);
}

/** The JSON block for a page's head ("<" escaped, so no value can close the element). */
export function operatorScript(info: TOperatorInfo): string {
  const json = JSON.stringify(info).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${OPERATOR_SCRIPT_ID}">${json}</script>`;
}

/** Reads the block's JSON back; anything malformed reads as no details. */
export function parseOperatorInfo(json: string | null | undefined): TOperatorInfo {
  if (!json) return NO_OPERATOR_INFO;
  try {
    const raw = JSON.parse(json) as unknown;
    const pick = (value: unknown): TOperatorDetails => {
      const details: TOperatorDetails = {};
      if (typeof value !== "object" || value === null) return details;
      for (const field of OPERATOR_FIELDS) {
        const text = (value as Record<string, unknown>)[field];
        if (typeof text === "string" && text.trim() !== "") details[field] = text;
      }
      return details;
    };
    const record = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    return { ko: pick(record.ko), en: pick(record.en) };
  } catch {
    return NO_OPERATOR_INFO;
  }
}
