import { describe, expect, it } from "vitest";
import { faqEntryIds } from "./faq.ts";
import { parsePricingTab } from "./pricing-tab.ts";

describe("the pricing tab in ?tab=", () => {
  it("opens the packs for tab=packs and the subscriptions otherwise", () => {
    expect(parsePricingTab("packs")).toBe("packs");
    expect(parsePricingTab(null)).toBe("monthly");
    expect(parsePricingTab("once")).toBe("monthly");
  });

  it("has ten FAQ entries (spec 01 §2) whatever the checkout", () => {
    for (const provider of ["sandbox", "paddle"] as const) {
      expect(new Set(faqEntryIds(provider)).size).toBe(10);
    }
  });

  it("names the test cards only when the built-in sandbox is the checkout", () => {
    expect(faqEntryIds("sandbox")).toContain("sandbox");
    expect(faqEntryIds("sandbox")).not.toContain("paymentProcessor");
    expect(faqEntryIds("paddle")).not.toContain("sandbox");
    expect(faqEntryIds("paddle")).toContain("paymentProcessor");
  });
});
