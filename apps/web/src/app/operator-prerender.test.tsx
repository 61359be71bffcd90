import type { TLocale } from "@gyeol/shared/constants";
import { fillOperatorTokens, NO_OPERATOR_INFO, type TOperatorInfo } from "@gyeol/shared/operator";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { LegalPage } from "../features/legal/components/legal-page.tsx";
import { Footer } from "../features/shell/components/footer.tsx";
import { i18n } from "../lib/i18n/i18n.ts";
import { setOperatorInfo, setOperatorTokensForBuild } from "../lib/operator.ts";

const FULL: TOperatorInfo = {
  ko: {
    name: "주식회사 결 & <파트너스>",
    representative: "김결",
    businessNumber: "123-45-67890",
    mailOrderNumber: "제2025-서울강남-01234호",
    address: "서울특별시 강남구 테헤란로 1",
    phone: "02-1234-5678",
    supportEmail: "help@gyeol.example",
    supportHours: "평일 09:00~18:00",
    privacyOfficer: "박보호",
  },
  en: {
    name: 'Gyeol\'s "Studio" Inc.',
    representative: "Gyeol Kim",
    businessNumber: "123-45-67890",
    mailOrderNumber: "2025-Seoul Gangnam-01234",
    address: "1 Teheran-ro, Seoul",
    phone: "02-1234-5678",
    supportEmail: "help@gyeol.example",
    supportHours: "Weekdays 09:00–18:00 KST",
    privacyOfficer: "Bo-ho Park",
  },
};
const PARTIAL: TOperatorInfo = {
  ko: { phone: "02-1234-5678", supportHours: "평일 09:00~18:00" },
  en: { phone: "02-1234-5678", supportHours: "Weekdays 09:00–18:00 KST" },
};

async function render(path: string, locale: TLocale): Promise<string> {
  await i18n.changeLanguage(locale);
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <LegalPage page="terms" />
      <LegalPage page="privacy" />
      <LegalPage page="refund" />
      <Footer />
    </MemoryRouter>,
  );
}

describe("the operator's details in a prerendered page (issue 30)", () => {
  afterEach(() => setOperatorInfo(NO_OPERATOR_INFO));

  it.each([
    ["every detail", FULL],
    ["some details", PARTIAL],
    ["none", NO_OPERATOR_INFO],
  ])("fills the build's tokens into exactly what the app renders itself, with %s", async (_, info) => {
    for (const [path, locale] of [
      ["/terms/kr", "ko"],
      ["/en/terms", "en"],
    ] as const) {
      setOperatorTokensForBuild();
      const built = await render(path, locale);
      setOperatorInfo(info);
      const rendered = await render(path, locale);
      // The server's fill of the prerendered HTML is what hydration renders: no mismatch.
      expect(fillOperatorTokens(built, info[locale], locale)).toBe(rendered);
    }
  });

  it("shows each configured detail once in the footer and leaves the others out, with no developer text", async () => {
    setOperatorInfo(PARTIAL);
    const html = await render("/terms/kr", "ko");
    expect(html).toContain("02-1234-5678");
    expect(html).not.toContain("사업자등록번호");
    expect(html).not.toMatch(/VITE_|OPERATOR_|%GYEOL/);
    expect(html).toContain("서비스 운영자(이하");
    setOperatorInfo(FULL);
    const full = await render("/en/terms", "en");
    expect(full).toContain("Business registration no.");
    expect(full).toContain("Gyeol&#x27;s &quot;Studio&quot; Inc. (the &quot;Company&quot;)");
  });
});
