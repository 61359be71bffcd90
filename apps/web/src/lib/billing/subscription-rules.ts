import type { TSubscriptionStatusResponse } from "@gyeol/shared/contracts/payment";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { isPaidPlan, planRank, type TPaidPlan } from "@gyeol/shared/plans";

/** The subscription fields of the user (spec 01 §3) that the plan rules read. */
export type TSubscriptionFields = Pick<TPublicUser, "cancelled_at" | "subscription_end_date">;

function isFuture(value: string | null, now: Date): boolean {
  if (!value) return false;
  const time = new Date(value).getTime();
  return !Number.isNaN(time) && time > now.getTime();
}

/** Cancelled, with the paid period still running (spec 01 §4, spec 02 §4.5). */
export function isCancelledButRunning(user: TSubscriptionFields, now: Date = new Date()): boolean {
  return Boolean(user.cancelled_at) && isFuture(user.subscription_end_date, now);
}

/** Cancelled and the paid period is over: the next plan is a new checkout (spec 01 §4). */
export function isCancelledAndEnded(user: TSubscriptionFields, now: Date = new Date()): boolean {
  return (
    Boolean(user.cancelled_at) &&
    Boolean(user.subscription_end_date) &&
    !isFuture(user.subscription_end_date, now)
  );
}

export interface ScheduledDowngrade {
  /** The plan in effect now, which the person can keep. */
  from: TPaidPlan;
  /** The lower plan that takes over at the next renewal. */
  to: TPaidPlan;
  /** When it takes over (the end of the current period), if known. */
  effectiveAt: string | null;
}

/**
 * A downgrade waiting for the next renewal (spec 01 §4: a downgrade applies from the next cycle),
 * or null. A scheduled cancellation is not one: it has its own resume control.
 */
export function findScheduledDowngrade(
  status: TSubscriptionStatusResponse | undefined,
): ScheduledDowngrade | null {
  if (!status?.hasSubscription) return null;
  const { plan, nextPlan } = status;
  if (!isPaidPlan(plan) || !nextPlan || !isPaidPlan(nextPlan)) return null;
  if (planRank(nextPlan) >= planRank(plan)) return null;
  const effectiveAt =
    status.subscription?.data.attributes.current_period_end ?? status.user.next_renewal_date ?? null;
  return { from: plan, to: nextPlan, effectiveAt };
}
