/**
 * The renewal reminder e-mail (spec 01 §9 Terms: reminders 7, 3 and 1 days before; the terms add
 * that the reminder states the renewal and its amount). Users have no stored language, so one
 * plain-text e-mail carries Korean first, then English.
 */
import { DISPLAY_TIME_ZONE } from "@gyeol/shared/constants";
import { PLAN_CATALOG, type TPaidPlan } from "@gyeol/shared/plans";
import type { MailMessage } from "../../drivers/mail/mail-driver.ts";
import { PLAN_NAMES } from "./billing.service.ts";

export interface RenewalReminderContent {
  to: string;
  plan: TPaidPlan;
  /** The renewal instant, ISO-8601. */
  renewalDate: string;
  /** Absolute My Page URLs, Korean and English; null without PUBLIC_ORIGIN (the e-mail then has no link). */
  myPageUrls: { ko: string; en: string } | null;
  supportEmail: string | undefined;
}

/** YYYY-MM-DD of an instant in Korea time, the zone the site shows dates in (spec 01 §9). */
export function formatDisplayDate(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const formatNumber = (value: number) => value.toLocaleString("en-US");

export function composeRenewalReminder(content: RenewalReminderContent): MailMessage {
  const { plan, myPageUrls, supportEmail } = content;
  const name = PLAN_NAMES[plan];
  const date = formatDisplayDate(content.renewalDate);
  const { priceUsd, monthlyCredits } = PLAN_CATALOG[plan];
  const credits = formatNumber(monthlyCredits);
  const korean = [
    "[한국어]",
    "",
    `결 ${name} 요금제 구독이 ${date}에 자동으로 갱신됩니다.`,
    "",
    `- 요금제: ${name}`,
    `- 갱신일: ${date}`,
    `- 결제 금액: 월 US$${priceUsd} (요금제 가격 기준, 국가에 따라 세금이 더해질 수 있습니다)`,
    `- 충전 크레딧: 매월 ${credits} 크레딧`,
    "",
    "갱신을 원하지 않으시면 갱신일 전에 마이페이지 → 구독 정보에서 '구독 해지'를 눌러 주세요.",
    ...(myPageUrls ? [myPageUrls.ko] : []),
    "해지해도 갱신일까지는 지금 요금제를 그대로 이용할 수 있습니다.",
    ...(supportEmail ? ["", `문의: ${supportEmail}`] : []),
  ];
  const english = [
    "[English]",
    "",
    `Your Gyeol ${name} subscription renews automatically on ${date}.`,
    "",
    `- Plan: ${name}`,
    `- Renewal date: ${date}`,
    `- Amount: US$${priceUsd} a month (the plan price; taxes may be added depending on your country)`,
    `- Credits: ${credits} credits every month`,
    "",
    'If you do not want it to renew, open My Page → Subscription and choose "Cancel subscription" before the renewal date.',
    ...(myPageUrls ? [myPageUrls.en] : []),
    "You keep your current plan until the renewal date.",
    ...(supportEmail ? ["", `Questions: ${supportEmail}`] : []),
  ];
  return {
    to: content.to,
    subject: `[결] ${name} 구독 갱신 안내 (${date}) / [Gyeol] Your ${name} subscription renews on ${date}`,
    text: [...korean, "", "", ...english, ""].join("\n"),
  };
}
