/**
 * The ten FAQ entries of the pricing page (spec 01 §2), in display order. Their texts live in
 * i18n under pricing.faq.items.<id>; figures come from policy.ts at render time. The last one
 * depends on the checkout in use: the test cards of the built-in sandbox, or who processes a real
 * payment (Paddle, merchant of record).
 */
const FAQ_ENTRY_IDS = [
  "credits",
  "spendingOrder",
  "expiry",
  "refunds",
  "planChanges",
  "cancellation",
  "paymentMethods",
  "makeup",
  "affiliate",
  "sandbox",
  "paymentProcessor",
] as const;
export type TFaqEntryId = (typeof FAQ_ENTRY_IDS)[number];

export function faqEntryIds(paymentProvider: "sandbox" | "paddle"): TFaqEntryId[] {
  const hidden: TFaqEntryId = paymentProvider === "sandbox" ? "paymentProcessor" : "sandbox";
  return FAQ_ENTRY_IDS.filter((id) => id !== hidden);
}
