/** The two tabs of the pricing page (spec 01 §2), kept in ?tab= so a link can open either. */
export const PRICING_TABS = ["monthly", "packs"] as const;
export type TPricingTab = (typeof PRICING_TABS)[number];

export const PRICING_TAB_PARAM = "tab";

/** Anything but "packs" shows the subscriptions, the default tab. */
export function parsePricingTab(value: string | null): TPricingTab {
  return value === "packs" ? "packs" : "monthly";
}
