/**
 * The shape of a legal document: numbered articles of paragraphs, lists and tables, written per
 * language in content/*.{ko,en}.ts from the policy constants (packages/shared policy.ts) and the
 * operator settings, so a promise in the text is the value the product uses.
 */
import type { TLocale } from "@gyeol/shared/constants";
import type { TOperatorField } from "@gyeol/shared/operator";

/** Headings of the operator's details (strings `operator.*`). */
export type TOperatorHeading = "companyHeading" | "contactHeading" | "privacyHeading";

export type TLegalBlock =
  | { kind: "p"; text: string }
  | { kind: "ol" | "ul"; items: string[] }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] }
  | { kind: "note"; text: string }
  /** The operator's details (server configuration, issue 30): one line each, missing ones left out. */
  | { kind: "operator"; heading: TOperatorHeading; fields: readonly TOperatorField[] };

export interface LegalArticle {
  /** Anchor id, e.g. "article-3"; stable across languages so links survive a language switch. */
  id: string;
  /** "제3조 (약관의 게시와 개정)" / "Article 3 (Posting and Changes)" */
  heading: string;
  blocks: TLegalBlock[];
}

export interface LegalDocument {
  title: string;
  lead: string;
  articles: LegalArticle[];
  /** Closing provisions (부칙 / Addendum). */
  addendum: string;
}

export type TLegalPage = "terms" | "privacy" | "refund";

/** What the documents need to know beyond the policy constants. */
export interface LegalSettings {
  /** The operator as a sentence names it (shared operatorDisplayName: the name, or a stand-in). */
  operatorName: string;
  locale: TLocale;
}

export function article(id: number, heading: string, ...blocks: TLegalBlock[]): LegalArticle {
  return { id: `article-${id}`, heading, blocks };
}

export const p = (text: string): TLegalBlock => ({ kind: "p", text });
export const ol = (...items: string[]): TLegalBlock => ({ kind: "ol", items });
export const ul = (...items: string[]): TLegalBlock => ({ kind: "ul", items });
export const note = (text: string): TLegalBlock => ({ kind: "note", text });
export const operatorBlock = (heading: TOperatorHeading, fields: readonly TOperatorField[]): TLegalBlock => ({
  kind: "operator",
  heading,
  fields,
});

/** The company's details (terms), the refund contact and the privacy officer's. */
export const COMPANY_FIELDS: readonly TOperatorField[] = [
  "name",
  "representative",
  "businessNumber",
  "mailOrderNumber",
  "address",
  "phone",
  "supportEmail",
  "supportHours",
];
export const CONTACT_FIELDS: readonly TOperatorField[] = [
  "supportEmail",
  "phone",
  "supportHours",
  "name",
  "businessNumber",
  "address",
];
export const PRIVACY_FIELDS: readonly TOperatorField[] = [
  "privacyOfficer",
  "supportEmail",
  "phone",
  "address",
];

export const table = (caption: string, head: string[], rows: string[][]): TLegalBlock => ({
  kind: "table",
  caption,
  head,
  rows,
});

/** "2025년 7월 12일" / "July 12, 2025" from an ISO date, without time-zone drift. */
export function formatLegalDate(isoDate: string, locale: TLocale): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  if (locale === "ko") return `${year}년 ${month}월 ${day}일`;
  const months = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  return `${months[month - 1]} ${day}, ${year}`;
}

export function formatCount(value: number, locale: TLocale): string {
  return new Intl.NumberFormat(locale === "ko" ? "ko-KR" : "en-US").format(value);
}
