import type { legalKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

export const legalEn: TTree<typeof legalKo> = {
  eyebrow: "Legal",
  documents: { terms: "Terms of Service", privacy: "Privacy Policy", refund: "Refund Policy" },
  documentsLabel: "Legal documents",
  languageLabel: "Document language",
  languages: { ko: "한국어", en: "English" },
  effective: "Effective {{date}}",
  toc: "Contents",
  addendum: "Addendum",
  backToTop: "Back to top",
  contactTitle: "Questions",
  contactBody: "Send any questions about this document to <email>{{email}}</email>.",
};
