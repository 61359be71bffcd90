import type { TPublicUser } from "@gyeol/shared/contracts/user";

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
