import { describe, expect, it } from "vitest";
import {
  canCancelSubscription,
  canResumeSubscription,
  resolveDisplayStatus,
  type SubscriptionView,
} from "./display-status.ts";

const NOW = new Date("2025-08-01T00:00:00Z");
const FUTURE = "2025-08-20T00:00:00Z";
const PAST = "2025-07-20T00:00:00Z";

function view(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    plan: "basic",
    cancelled_at: null,
    subscription_end_date: null,
    next_renewal_date: null,
    subscriptionId: "sub_1",
    providerStatus: null,
    ...overrides,
  };
}

describe("the subscription display status (spec 02 §4.5)", () => {
  it("says no subscription on the free plan, whatever else is set", () => {
    expect(
      resolveDisplayStatus(view({ plan: "free", cancelled_at: PAST, next_renewal_date: FUTURE }), NOW),
    ).toEqual({
      key: "none",
    });
  });

  it("says scheduled to cancel while a cancelled subscription's end date is ahead", () => {
    expect(resolveDisplayStatus(view({ cancelled_at: PAST, subscription_end_date: FUTURE }), NOW)).toEqual({
      key: "scheduledCancel",
    });
  });

  it("says expired once the cancelled subscription's end date has passed, or without one", () => {
    expect(resolveDisplayStatus(view({ cancelled_at: PAST, subscription_end_date: PAST }), NOW)).toEqual({
      key: "expired",
    });
    expect(resolveDisplayStatus(view({ cancelled_at: PAST }), NOW)).toEqual({ key: "expired" });
  });

  it("says active with a next renewal date, before looking at the provider", () => {
    expect(
      resolveDisplayStatus(view({ next_renewal_date: FUTURE, providerStatus: "past_due" }), NOW),
    ).toEqual({
      key: "active",
    });
  });

  it("otherwise names the provider's status", () => {
    for (const status of [
      "active",
      "past_due",
      "paused",
      "trialing",
      "incomplete",
      "incomplete_expired",
      "unpaid",
    ]) {
      expect(resolveDisplayStatus(view({ providerStatus: status }), NOW)).toEqual({ key: status });
    }
  });

  it("shows another provider status raw, and unknown when there is none", () => {
    expect(resolveDisplayStatus(view({ providerStatus: "canceled" }), NOW)).toEqual({ raw: "canceled" });
    expect(resolveDisplayStatus(view({ providerStatus: null }), NOW)).toEqual({ key: "unknown" });
    expect(resolveDisplayStatus(view({ providerStatus: "  " }), NOW)).toEqual({ key: "unknown" });
  });
});

describe("cancel and resume (spec 02 §4.5)", () => {
  it("offers cancel only with a paid plan, a subscription id and no cancellation", () => {
    expect(canCancelSubscription(view())).toBe(true);
    expect(canCancelSubscription(view({ plan: "free" }))).toBe(false);
    expect(canCancelSubscription(view({ subscriptionId: null }))).toBe(false);
    expect(canCancelSubscription(view({ cancelled_at: PAST, subscription_end_date: FUTURE }))).toBe(false);
  });

  it("offers resume only while cancelled with the end date ahead", () => {
    expect(canResumeSubscription(view({ cancelled_at: PAST, subscription_end_date: FUTURE }), NOW)).toBe(
      true,
    );
    expect(canResumeSubscription(view({ cancelled_at: PAST, subscription_end_date: PAST }), NOW)).toBe(false);
    expect(canResumeSubscription(view({ cancelled_at: PAST }), NOW)).toBe(false);
    expect(canResumeSubscription(view(), NOW)).toBe(false);
  });
});
