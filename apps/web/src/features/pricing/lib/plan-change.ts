import type { TSubscriptionStatusResponse } from "@gyeol/shared/contracts/payment";
import { planRank, type TPaidPlan, type TPlan } from "@gyeol/shared/plans";
import { isCancelledAndEnded, isCancelledButRunning } from "../../../lib/billing/subscription-rules.ts";

/**
 * What choosing Upgrade/Downgrade leads to, once the subscription status is in (spec 01 §4 Plan
 * change, New checkout; §5): refused while cancelled, a new checkout without a live paid plan,
 * else the confirmation modal.
 */
export type TPlanChangeDecision =
  | { kind: "refuse"; reason: "cancelledFirst" | "endedStartNew" }
  | { kind: "checkout" }
  | {
      kind: "confirm";
      current: TPlan;
      target: TPaidPlan;
      isDowngrade: boolean;
      isCancelScheduled: boolean;
    };

/** cancelled_at without an end date, or a scheduled change whose action is cancel (spec 01 §4). */
export function isCancelScheduled(status: TSubscriptionStatusResponse): boolean {
  const hasCancelWithoutEnd = Boolean(status.user.cancelled_at) && !status.user.subscription_end_date;
  return hasCancelWithoutEnd || status.subscription?.data.scheduled_change?.action === "cancel";
}

export function decidePlanChange(
  status: TSubscriptionStatusResponse,
  target: TPaidPlan,
  now: Date = new Date(),
): TPlanChangeDecision {
  if (isCancelledButRunning(status.user, now)) return { kind: "refuse", reason: "cancelledFirst" };
  if (isCancelledAndEnded(status.user, now)) return { kind: "refuse", reason: "endedStartNew" };
  if (!status.hasSubscription || planRank(status.plan) === 0) return { kind: "checkout" };
  return {
    kind: "confirm",
    current: status.plan,
    target,
    isDowngrade: planRank(target) < planRank(status.plan),
    isCancelScheduled: isCancelScheduled(status),
  };
}
