import { describe, expect, it } from "vitest";
import { FAQ_ENTRY_IDS } from "./faq.ts";
import { parsePricingTab } from "./pricing-tab.ts";

describe("the pricing tab in ?tab=", () => {
  it("opens the packs for tab=packs and the subscriptions otherwise", () => {
    expect(parsePricingTab("packs")).toBe("packs");
    expect(parsePricingTab(null)).toBe("monthly");
    expect(parsePricingTab("once")).toBe("monthly");
  });

  it("has ten FAQ entries (spec 01 §2)", () => {
    expect(new Set(FAQ_ENTRY_IDS).size).toBe(10);
  });
});
