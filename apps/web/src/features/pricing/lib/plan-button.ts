import { planRank, type TPaidPlan } from "@gyeol/shared/plans";
import {
  isCancelledAndEnded,
  isCancelledButRunning,
  type TSubscriptionFields,
} from "../../../lib/billing/subscription-rules.ts";

/**
 * The plan card button of spec 01 §4 "Plan button per plan":
 * - not logged in: start (leads to checkout, through login);
 * - cancelled with the end date still ahead: every plan button is "subscription cancelled",
 *   disabled, with a tooltip to undo the cancellation first;
 * - cancelled and the end date passed, or no paid plan: start (a new checkout);
 * - same plan: Active (disabled); higher: Upgrade; lower: Downgrade; the lower plan a downgrade
 *   already waits for: Scheduled (disabled; the page offers to keep the current plan instead).
 * Every button is disabled while auth loads or a request is running.
 */
export type TPlanButtonKind = "start" | "active" | "upgrade" | "downgrade" | "cancelled" | "scheduled";

export interface PlanButtonUser extends TSubscriptionFields {
  plan: string | null | undefined;
  /** The plan of the next cycle (subscription status); a lower paid plan is a scheduled downgrade. */
  nextPlan?: string | null;
}

export interface PlanButtonInput {
  target: TPaidPlan;
  user: PlanButtonUser | null;
  isAuthLoading: boolean;
  isBusy: boolean;
  now?: Date;
}

export interface PlanButtonState {
  kind: TPlanButtonKind;
  isDisabled: boolean;
  /** Shown as the button's tooltip (the cancelled state). */
  hasCancelledTooltip: boolean;
}

export function resolvePlanButtonKind(
  target: TPaidPlan,
  user: PlanButtonUser | null,
  now = new Date(),
): TPlanButtonKind {
  if (!user) return "start";
  if (isCancelledButRunning(user, now)) return "cancelled";
  if (isCancelledAndEnded(user, now)) return "start";
  const current = planRank(user.plan);
  if (current === 0) return "start";
  const wanted = planRank(target);
  if (wanted === current) return "active";
  // The downgrade already waiting for the next renewal: choosing it again changes nothing.
  if (target === user.nextPlan && planRank(user.nextPlan) < current) return "scheduled";
  return wanted > current ? "upgrade" : "downgrade";
}

export function resolvePlanButton({
  target,
  user,
  isAuthLoading,
  isBusy,
  now,
}: PlanButtonInput): PlanButtonState {
  const kind: TPlanButtonKind = resolvePlanButtonKind(target, user, now);
  return {
    kind,
    isDisabled: isAuthLoading || isBusy || kind === "active" || kind === "cancelled" || kind === "scheduled",
    hasCancelledTooltip: kind === "cancelled",
  };
}
