/**
 * The payments port (ARCHITECTURE "Outside services sit behind drivers"). Two drivers, chosen once
 * at boot: Paddle Billing, and a built-in sandbox (the default) that behaves like a small local
 * Paddle. Both speak Paddle's event format to the one webhook handler in modules/billing, so the
 * money flow the sandbox runs offline is the production code path.
 */
import type { FastifyInstance } from "fastify";

export type TPaymentProviderName = "sandbox" | "paddle";

/** A subscription as the provider reports it (Paddle's subscription entity, the fields we use). */
export interface ProviderSubscription {
  id: string;
  /** Paddle's status: active, trialing, past_due, paused, canceled. */
  status: string;
  customerId: string | null;
  /** Price ids of its items. */
  priceIds: string[];
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  scheduledChange: { action: "cancel" | "pause" | "resume"; effectiveAt: string } | null;
  canceledAt: string | null;
  createdAt: string;
  /** The entity's version time; orders snapshots like an event's occurred_at. */
  updatedAt: string;
  /** custom_data.user_id, which checkout puts on the transaction and Paddle copies to the subscription. */
  userId: number | null;
}

export interface CheckoutRequest {
  userId: number;
  email: string;
  /** The provider's customer id once known (after a first payment). */
  customerId: string | null;
  priceId: string;
  locale: "ko" | "en";
}

/**
 * `prorate_now`: an upgrade, billed now with the provider's proration (Paddle prorated_immediately).
 * `next_cycle`: a downgrade; the lower price is billed from the next renewal and nothing now
 * (Paddle do_not_bill), while our side keeps the current plan's benefits until the period ends.
 */
export type TPlanChangeTiming = "prorate_now" | "next_cycle";

export interface PaymentDriver {
  readonly name: TPaymentProviderName;
  /** Key of the Paddle-Signature HMAC on this driver's webhooks. */
  readonly webhookSecret: string;
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Replaces the plan's price; `releaseCancel` also removes a scheduled cancellation. */
  changePlan(
    subscriptionId: string,
    priceId: string,
    timing: TPlanChangeTiming,
    releaseCancel: boolean,
  ): Promise<ProviderSubscription>;
  /** Schedules the cancellation to the end of the current billing period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** Removes a scheduled cancellation. */
  removeScheduledCancel(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Renews and ends subscriptions whose period is over (the cron role calls it). The sandbox does
   * this itself; Paddle renews on its side and tells us by webhook, so its driver does nothing.
   */
  advanceSubscriptions(): Promise<{ renewed: number; canceled: number; failed: number }>;
  /** Routes the driver serves itself (the sandbox checkout page). */
  registerRoutes?(app: FastifyInstance): void;
}

/** A provider call that failed; the API answers 502 PAYMENT_PROVIDER_ERROR. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}
