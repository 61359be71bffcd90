import type { TSubscriptionStatusResponse } from "@gyeol/shared/contracts/payment";
import { describe, expect, it } from "vitest";
import { decidePlanChange, isCancelScheduled } from "./plan-change.ts";

const NOW = new Date("2025-08-01T00:00:00Z");

function status(overrides: {
  plan?: TSubscriptionStatusResponse["plan"];
  hasSubscription?: boolean;
  user?: Partial<TSubscriptionStatusResponse["user"]>;
  action?: "cancel" | "pause" | "resume" | null;
}): TSubscriptionStatusResponse {
  const plan = overrides.plan ?? "deluxe";
  return {
    success: true,
    hasSubscription: overrides.hasSubscription ?? true,
    plan,
    credits: 100,
    onetime_credits: 0,
    subscription_credits: 100,
    bonus_credits: 0,
    nextPlan: plan,
    subscription: {
      data: {
        id: "sub_1",
        attributes: { status: "active", plan, current_period_start: null, current_period_end: null },
        created_at: "2025-07-01T00:00:00Z",
        scheduled_change: overrides.action
          ? { action: overrides.action, effective_at: "2025-08-20T00:00:00Z" }
          : null,
      },
    },
    user: {
      plan,
      cancelled_at: null,
      subscription_end_date: null,
      next_renewal_date: "2025-08-20T00:00:00Z",
      subscriptionId: "sub_1",
      ...overrides.user,
    },
  };
}

describe("choosing Upgrade or Downgrade (spec 01 §4, §5)", () => {
  it("asks for confirmation with the current and target plan", () => {
    expect(decidePlanChange(status({}), "premium", NOW)).toEqual({
      kind: "confirm",
      current: "deluxe",
      target: "premium",
      isDowngrade: false,
      isCancelScheduled: false,
    });
    expect(decidePlanChange(status({}), "basic", NOW)).toMatchObject({ isDowngrade: true });
  });

  it("refuses while a cancelled subscription still runs, and after it ended", () => {
    const running = status({
      user: { cancelled_at: "2025-07-25T00:00:00Z", subscription_end_date: "2025-08-20T00:00:00Z" },
    });
    expect(decidePlanChange(running, "premium", NOW)).toEqual({ kind: "refuse", reason: "cancelledFirst" });
    const ended = status({
      user: { cancelled_at: "2025-07-01T00:00:00Z", subscription_end_date: "2025-07-20T00:00:00Z" },
    });
    expect(decidePlanChange(ended, "premium", NOW)).toEqual({ kind: "refuse", reason: "endedStartNew" });
  });

  it("sends a user without a live paid plan to checkout", () => {
    expect(decidePlanChange(status({ plan: "free" }), "basic", NOW)).toEqual({ kind: "checkout" });
    expect(decidePlanChange(status({ hasSubscription: false }), "basic", NOW)).toEqual({ kind: "checkout" });
  });

  it("flags a scheduled cancel: cancelled_at without an end date, or a scheduled cancel action", () => {
    expect(isCancelScheduled(status({ user: { cancelled_at: "2025-07-25T00:00:00Z" } }))).toBe(true);
    expect(isCancelScheduled(status({ action: "cancel" }))).toBe(true);
    expect(isCancelScheduled(status({ action: "pause" }))).toBe(false);
    expect(isCancelScheduled(status({}))).toBe(false);
  });
});
