/** Legal pages' surrounding text (the documents themselves are in content/), merged as `legal`. */
export const legalKo = {
  eyebrow: "약관 및 정책",
  documents: { terms: "이용약관", privacy: "개인정보처리방침", refund: "환불 정책" },
  documentsLabel: "약관 및 정책 문서",
  languageLabel: "문서 언어",
  languages: { ko: "한국어", en: "English" },
  effective: "시행일 {{date}}",
  toc: "목차",
  addendum: "부칙",
  backToTop: "맨 위로",
  contactTitle: "문의",
  contactBody: "이 문서에 대해 궁금한 점은 <email>{{email}}</email>으로 보내 주세요.",
};
