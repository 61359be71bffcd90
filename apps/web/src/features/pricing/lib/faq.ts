/**
 * The ten FAQ entries of the pricing page (spec 01 §2), in display order. Their texts live in
 * i18n under pricing.faq.items.<id>; figures come from policy.ts at render time.
 */
export const FAQ_ENTRY_IDS = [
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
] as const;
export type TFaqEntryId = (typeof FAQ_ENTRY_IDS)[number];
