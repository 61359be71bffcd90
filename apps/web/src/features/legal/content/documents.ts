import type { TLocale } from "@gyeol/shared/constants";
import type { LegalDocument, LegalSettings, TLegalPage } from "./legal-document.ts";
import { privacyEn } from "./privacy.en.ts";
import { privacyKo } from "./privacy.ko.ts";
import { refundEn } from "./refund.en.ts";
import { refundKo } from "./refund.ko.ts";
import { termsEn } from "./terms.en.ts";
import { termsKo } from "./terms.ko.ts";

const WRITERS: Record<TLegalPage, Record<TLocale, (settings: LegalSettings) => LegalDocument>> = {
  terms: { ko: termsKo, en: termsEn },
  privacy: { ko: privacyKo, en: privacyEn },
  refund: { ko: refundKo, en: refundEn },
};

export function buildLegalDocument(page: TLegalPage, settings: LegalSettings): LegalDocument {
  return WRITERS[page][settings.locale](settings);
}

export const LEGAL_PAGES: readonly TLegalPage[] = ["terms", "privacy", "refund"];

/**
 * The language selector's routes (spec 01 §2 Legal pages): /terms/kr, and the English document's
 * own address /en/terms (the canonical of /terms/en too, issue 30).
 */
export function legalLanguagePath(page: TLegalPage, locale: TLocale): string {
  return locale === "ko" ? `/${page}/kr` : `/en/${page}`;
}

/** Links between the documents, in the page's language: /privacy/kr, or /en/privacy under English. */
export function legalDocumentPath(page: TLegalPage, locale: TLocale): string {
  return locale === "ko" ? `/${page}/kr` : `/en/${page}`;
}
