import { ONE_TIME_CREDIT_VALIDITY_DAYS } from "@gyeol/shared/policy";
import { describe, expect, it } from "vitest";
import { buildLegalDocument, LEGAL_PAGES } from "./documents.ts";
import type { LegalDocument, TLegalBlock } from "./legal-document.ts";

const settings = { operatorName: "테스트 주식회사" };

function fullText(doc: LegalDocument): string {
  const blockText = (block: TLegalBlock): string => {
    if (block.kind === "p" || block.kind === "note") return block.text;
    if (block.kind === "table") return [block.caption, ...block.head, ...block.rows.flat()].join(" ");
    if (block.kind === "operator") return "";
    return block.items.join(" ");
  };
  return [
    doc.title,
    doc.lead,
    ...doc.articles.flatMap((a) => [a.heading, ...a.blocks.map(blockText)]),
    doc.addendum,
  ].join("\n");
}

describe("legal documents", () => {
  it.each(LEGAL_PAGES)("has the same articles, in the same order, in Korean and English: %s", (page) => {
    const ko = buildLegalDocument(page, { ...settings, locale: "ko" });
    const en = buildLegalDocument(page, { ...settings, locale: "en" });
    expect(ko.articles.map((a) => a.id)).toEqual(en.articles.map((a) => a.id));
    for (const [index, article] of ko.articles.entries()) {
      expect(article.heading).toMatch(new RegExp(`^제${index + 1}조 \\(`));
      expect(en.articles[index]?.heading).toMatch(new RegExp(`^Article ${index + 1} \\(`));
      expect(article.blocks.length).toBe(en.articles[index]?.blocks.length);
    }
  });

  it("gives the terms 18 articles, one of them on prohibited content", () => {
    const ko = buildLegalDocument("terms", { ...settings, locale: "ko" });
    expect(ko.articles).toHaveLength(18);
    expect(ko.articles.some((a) => a.heading.includes("금지 콘텐츠"))).toBe(true);
    const en = buildLegalDocument("terms", { ...settings, locale: "en" });
    expect(en.articles.some((a) => a.heading.includes("Prohibited Content"))).toBe(true);
  });

  it("names the operator in its lead and gives the operator's details as blocks the server configures", () => {
    const blocks = (doc: LegalDocument) =>
      doc.articles.flatMap((a) => a.blocks).filter((block) => block.kind === "operator");
    for (const page of LEGAL_PAGES) {
      for (const locale of ["ko", "en"] as const) {
        const doc = buildLegalDocument(page, { ...settings, locale });
        expect(doc.lead).toContain(settings.operatorName);
        // No address or e-mail is written into the text: they come from the server's configuration.
        expect(fullText(doc)).not.toMatch(/@|VITE_/);
        expect(blocks(doc).length, `${page} ${locale}`).toBe(1);
      }
    }
    const fieldsOf = (page: (typeof LEGAL_PAGES)[number]) =>
      blocks(buildLegalDocument(page, { ...settings, locale: "ko" })).flatMap((block) =>
        block.kind === "operator" ? block.fields : [],
      );
    expect(fieldsOf("terms")).toEqual(
      expect.arrayContaining(["name", "representative", "businessNumber", "mailOrderNumber", "address"]),
    );
    expect(fieldsOf("privacy")).toContain("privacyOfficer");
    expect(fieldsOf("refund")).toEqual(expect.arrayContaining(["supportEmail", "supportHours"]));
  });

  it("states the one-time credit validity the product uses", () => {
    const terms = fullText(buildLegalDocument("terms", { ...settings, locale: "ko" }));
    if (ONE_TIME_CREDIT_VALIDITY_DAYS === null) {
      expect(terms).toContain("일회성 크레딧은 유효기간이 없으며");
      expect(terms).not.toContain("365");
    } else {
      expect(terms).toContain(`${ONE_TIME_CREDIT_VALIDITY_DAYS}일`);
    }
  });

  it("carries the facts of spec 01 §9 in both languages", () => {
    const ko = LEGAL_PAGES.map((page) =>
      fullText(buildLegalDocument(page, { ...settings, locale: "ko" })),
    ).join("\n");
    const en = LEGAL_PAGES.map((page) =>
      fullText(buildLegalDocument(page, { ...settings, locale: "en" })),
    ).join("\n");
    for (const fact of [
      "2025년 7월 12일",
      "30일 전부터",
      "7일 전부터",
      "최대 24시간",
      "7일, 3일, 1일",
      "1영업일",
      "3~10일",
      "72시간",
      "4,500",
      "최대 3년",
      "100 미국 달러",
      "휴면",
      "클라우드 비전 서비스",
      "서울중앙지방법원",
      "35일",
      "꺼져 있으며",
      "80~100",
      "현금 환불 또는 크레딧",
      "만 14세",
    ]) {
      expect(ko, fact).toContain(fact);
    }
    for (const fact of [
      "July 12, 2025",
      "at least 30 days",
      "24 hours",
      "7, 3 and 1 days",
      "1 business day",
      "3 to 10 days",
      "72 hours",
      "USD 100",
      "dormant",
      "cloud vision service",
      "Seoul Central District Court",
      "35-day cycle",
      "off by default",
      "within 30 days",
      "80 to 100+",
    ]) {
      expect(en, fact).toContain(fact);
    }
  });
});
