import { describe, expect, it } from "vitest";
import { type PlanButtonUser, resolvePlanButton } from "./plan-button.ts";

const NOW = new Date("2025-08-01T00:00:00Z");
const FUTURE = "2025-08-20T00:00:00Z";
const PAST = "2025-07-20T00:00:00Z";

function user(overrides: Partial<PlanButtonUser> = {}): PlanButtonUser {
  return { plan: "deluxe", cancelled_at: null, subscription_end_date: null, ...overrides };
}

const idle = { isAuthLoading: false, isBusy: false, now: NOW };

describe("the plan button (spec 01 §4)", () => {
  it("offers start to a visitor, leading to checkout through login", () => {
    expect(resolvePlanButton({ ...idle, target: "basic", user: null })).toEqual({
      kind: "start",
      isDisabled: false,
      hasCancelledTooltip: false,
    });
  });

  it("offers start to a free user and to one with no plan", () => {
    expect(resolvePlanButton({ ...idle, target: "premium", user: user({ plan: "free" }) }).kind).toBe(
      "start",
    );
    expect(resolvePlanButton({ ...idle, target: "premium", user: user({ plan: null }) }).kind).toBe("start");
  });

  it("marks the plan a downgrade already waits for as scheduled and disabled", () => {
    const waiting = user({ plan: "premium", nextPlan: "basic" });
    expect(resolvePlanButton({ ...idle, target: "basic", user: waiting })).toMatchObject({
      kind: "scheduled",
      isDisabled: true,
    });
    expect(resolvePlanButton({ ...idle, target: "deluxe", user: waiting }).kind).toBe("downgrade");
    expect(resolvePlanButton({ ...idle, target: "premium", user: waiting }).kind).toBe("active");
  });

  it("shows the same plan as Active and disabled", () => {
    const state = resolvePlanButton({ ...idle, target: "deluxe", user: user() });
    expect(state).toMatchObject({ kind: "active", isDisabled: true });
  });

  it("offers Upgrade for a higher plan and Downgrade for a lower one", () => {
    expect(resolvePlanButton({ ...idle, target: "premium", user: user() })).toMatchObject({
      kind: "upgrade",
      isDisabled: false,
    });
    expect(resolvePlanButton({ ...idle, target: "basic", user: user() })).toMatchObject({
      kind: "downgrade",
      isDisabled: false,
    });
  });

  it("locks every plan button with the tooltip while a cancelled subscription still runs", () => {
    const cancelled = user({ cancelled_at: PAST, subscription_end_date: FUTURE });
    for (const target of ["basic", "deluxe", "premium"] as const) {
      expect(resolvePlanButton({ ...idle, target, user: cancelled })).toEqual({
        kind: "cancelled",
        isDisabled: true,
        hasCancelledTooltip: true,
      });
    }
  });

  it("offers start (a new checkout) once the cancelled subscription's end date has passed", () => {
    const ended = user({ cancelled_at: PAST, subscription_end_date: PAST });
    expect(resolvePlanButton({ ...idle, target: "deluxe", user: ended })).toMatchObject({
      kind: "start",
      isDisabled: false,
    });
  });

  it("treats cancelled_at without an end date as a live plan (the modal says the cancel is released)", () => {
    const state = resolvePlanButton({ ...idle, target: "premium", user: user({ cancelled_at: PAST }) });
    expect(state.kind).toBe("upgrade");
  });

  it("disables every button while auth loads or a request runs", () => {
    expect(
      resolvePlanButton({ ...idle, target: "premium", user: user(), isAuthLoading: true }).isDisabled,
    ).toBe(true);
    expect(resolvePlanButton({ ...idle, target: "premium", user: user(), isBusy: true }).isDisabled).toBe(
      true,
    );
    expect(resolvePlanButton({ ...idle, target: "basic", user: null, isAuthLoading: true }).isDisabled).toBe(
      true,
    );
  });
});
