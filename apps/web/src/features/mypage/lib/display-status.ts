import { isCancelledButRunning } from "../../../lib/billing/subscription-rules.ts";

/** The subscription as My Page reads it: the user's fields plus the provider's status. */
export interface SubscriptionView {
  plan: string;
  cancelled_at: string | null;
  subscription_end_date: string | null;
  next_renewal_date: string | null;
  subscriptionId: string | null;
  /** subscription.data.attributes.status of the status call; null when unknown. */
  providerStatus: string | null;
}

/** Provider statuses with their own wording (spec 02 §4.5); any other is shown as it comes. */
export const NAMED_PROVIDER_STATUSES = [
  "active",
  "past_due",
  "paused",
  "trialing",
  "incomplete",
  "incomplete_expired",
  "unpaid",
] as const;
type TNamedProviderStatus = (typeof NAMED_PROVIDER_STATUSES)[number];

export type TDisplayStatusKey =
  | "none"
  | "scheduledCancel"
  | "expired"
  | "active"
  | TNamedProviderStatus
  | "unknown";
export type TDisplayStatus = { key: TDisplayStatusKey } | { raw: string };

function isNamedProviderStatus(value: string): value is TNamedProviderStatus {
  return (NAMED_PROVIDER_STATUSES as readonly string[]).includes(value);
}

/**
 * spec 02 §4.5, in this order: plan free → no subscription; cancelled_at set → scheduled to cancel
 * while the end date is ahead, else expired; next_renewal_date present → active; else the
 * provider's status (named ones translated, others raw, none unknown).
 */
export function resolveDisplayStatus(view: SubscriptionView, now: Date = new Date()): TDisplayStatus {
  if (view.plan === "free") return { key: "none" };
  if (view.cancelled_at) return { key: isCancelledButRunning(view, now) ? "scheduledCancel" : "expired" };
  if (view.next_renewal_date) return { key: "active" };
  const status = view.providerStatus?.trim();
  if (!status) return { key: "unknown" };
  return isNamedProviderStatus(status) ? { key: status } : { raw: status };
}

/** Cancel is offered only with a paid plan, a subscription id, and no cancellation yet (spec 02 §4.5). */
export function canCancelSubscription(view: SubscriptionView): boolean {
  return view.plan !== "free" && Boolean(view.subscriptionId) && !view.cancelled_at;
}

/** Resume is offered while cancelled with the end date still ahead (spec 02 §4.5). */
export function canResumeSubscription(view: SubscriptionView, now: Date = new Date()): boolean {
  return isCancelledButRunning(view, now);
}
