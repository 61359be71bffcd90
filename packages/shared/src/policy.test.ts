import { describe, expect, it } from "vitest";
import { PLAN_CATALOG } from "./plans.ts";
import { canUseMakeupCorrection, MAKEUP_SKIN_CORRECTION_PLANS } from "./policy.ts";

describe("makeup skin correction by plan", () => {
  it("is open to deluxe and premium only (the chosen reading of spec 01 §6)", () => {
    expect(["free", "basic", "deluxe", "premium"].filter(canUseMakeupCorrection)).toEqual([
      "deluxe",
      "premium",
    ]);
    expect(canUseMakeupCorrection(null)).toBe(false);
  });

  it("agrees with the plan cards' feature lists", () => {
    for (const plan of Object.values(PLAN_CATALOG)) {
      expect(plan.featureKeys.includes("skinMakeup")).toBe(MAKEUP_SKIN_CORRECTION_PLANS.includes(plan.id));
    }
  });
});
