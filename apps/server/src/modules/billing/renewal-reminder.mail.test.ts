import { describe, expect, it } from "vitest";
import { composeRenewalReminder, formatDisplayDate } from "./renewal-reminder.mail.ts";

const urls = { ko: "https://gyeol.app/mypage", en: "https://gyeol.app/en/mypage" };

describe("the renewal reminder e-mail", () => {
  it("gives the renewal date as the site shows it, in Korea time", () => {
    expect(formatDisplayDate("2026-04-10T09:00:00.000Z")).toBe("2026-04-10");
    // 05:00 on the 11th in Seoul.
    expect(formatDisplayDate("2026-04-10T20:00:00.000Z")).toBe("2026-04-11");
  });

  it("names the plan, its monthly credits and price, and how to cancel, Korean first", () => {
    const message = composeRenewalReminder({
      to: "kim@example.com",
      plan: "premium",
      renewalDate: "2026-04-10T20:00:00.000Z",
      myPageUrls: urls,
      supportEmail: "help@gyeol.app",
    });
    expect(message.to).toBe("kim@example.com");
    expect(message.subject).toBe(
      "[결] Premium 구독 갱신 안내 (2026-04-11) / [Gyeol] Your Premium subscription renews on 2026-04-11",
    );
    const korean = message.text.slice(0, message.text.indexOf("[English]"));
    const english = message.text.slice(message.text.indexOf("[English]"));
    expect(korean).toContain("갱신일: 2026-04-11");
    expect(korean).toContain("매월 14,500 크레딧");
    expect(korean).toContain("월 US$29");
    expect(korean).toContain(`${urls.ko}\n`);
    expect(korean).toContain("문의: help@gyeol.app");
    expect(english).toContain("Renewal date: 2026-04-11");
    expect(english).toContain("14,500 credits every month");
    expect(english).toContain("US$29 a month");
    expect(english).toContain(`${urls.en}\n`);
    expect(english).toContain("Questions: help@gyeol.app");
  });

  it("still says where to cancel, with no link, when the site's address is not configured", () => {
    const { text } = composeRenewalReminder({
      to: "kim@example.com",
      plan: "basic",
      renewalDate: "2026-04-10T09:00:00.000Z",
      myPageUrls: null,
      supportEmail: undefined,
    });
    expect(text).toContain("마이페이지 → 구독 정보");
    expect(text).toContain("My Page → Subscription");
    expect(text).not.toMatch(/https?:|localhost/);
  });

  it("leaves the support line out when no support address is configured", () => {
    const { text } = composeRenewalReminder({
      to: "kim@example.com",
      plan: "basic",
      renewalDate: "2026-04-10T09:00:00.000Z",
      myPageUrls: urls,
      supportEmail: undefined,
    });
    expect(text).not.toContain("문의:");
    expect(text).not.toContain("Questions:");
    expect(text).toContain("매월 4,500 크레딧");
  });
});
