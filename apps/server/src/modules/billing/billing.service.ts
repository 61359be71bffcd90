/**
 * Checkout, plan changes, cancel and resume, the subscription status, and the webhook entry
 * (spec 01 §3 Subscription status, §4 plan change / new checkout, §7 payment calls; spec 02 §4.5).
 * The driver talks to the provider; every state change comes back as an event (or the provider's
 * answer, applied the same way) through billing.events.ts.
 */
import type {
  TCancelSubscriptionResponse,
  TChangePlanResponse,
  TResumeSubscriptionResponse,
  TSubscriptionStatusResponse,
} from "@gyeol/shared/contracts/payment";
import { PLANS, planRank, type TCreditPackage, type TPaidPlan, type TPlan } from "@gyeol/shared/plans";
import type { PaymentSubscriptionRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { parsePaddleEvent } from "../../drivers/payments/paddle-events.ts";
import {
  type PaymentDriver,
  PaymentProviderError,
  type ProviderSubscription,
} from "../../drivers/payments/payment-driver.ts";
import type { PriceBook } from "../../drivers/payments/price-book.ts";
import { isValidSignature } from "../../drivers/payments/webhook-signature.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AffiliateService } from "../affiliate/affiliate.service.ts";
import { createEventApplier, effectivePlan, LIVE_STATUSES } from "./billing.events.ts";

export interface BillingServiceDeps {
  store: Store;
  clock: Clock;
  driver: PaymentDriver;
  prices: PriceBook;
  affiliate: Pick<AffiliateService, "rewardReferrer">;
}

export type TLocale = "ko" | "en";
export type TWebhookOutcome = "processed" | "duplicate";

/** Plan names as the site shows them, in both languages. */
export const PLAN_NAMES: Record<TPlan, string> = {
  free: "Free",
  basic: "Basic",
  deluxe: "Deluxe",
  premium: "Premium",
};

function asPlan(value: string): TPlan {
  return (PLANS as readonly string[]).includes(value) ? (value as TPlan) : "free";
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService({ store, clock, driver, prices, affiliate }: BillingServiceDeps) {
  const now = () => clock.now().toISOString();
  const events = createEventApplier({ prices, affiliate, now });

  async function provider<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        throw new AppError(
          502,
          "PAYMENT_PROVIDER_ERROR",
          "The payment provider refused the request. Please try again.",
          {
            reason: error.message,
          },
        );
      }
      throw error;
    }
  }

  async function getUser(userId: number): Promise<UserRow> {
    const user = await store.users.findById(userId);
    if (!user) throw new AppError(404, "NOT_FOUND", "User not found.");
    return user;
  }

  async function liveSubscriptionOf(user: UserRow): Promise<PaymentSubscriptionRow | undefined> {
    if (!user.subscription_id) return undefined;
    const row = await store.billing.findSubscription(user.subscription_id);
    return row && LIVE_STATUSES.has(row.status) ? row : undefined;
  }

  async function requireLiveSubscription(userId: number): Promise<PaymentSubscriptionRow> {
    const row = await liveSubscriptionOf(await getUser(userId));
    if (!row) {
      throw new AppError(400, "NO_SUBSCRIPTION", "There is no active subscription. Please start a new one.");
    }
    return row;
  }

  async function applySnapshot(snapshot: ProviderSubscription) {
    await store.transaction((tx) => events.applySnapshot(tx, snapshot));
    return (await store.billing.findSubscription(snapshot.id))!;
  }

  async function startCheckout(userId: number, item: TPaidPlan | TCreditPackage, locale: TLocale) {
    const user = await getUser(userId);
    const { checkoutUrl } = await provider(() =>
      driver.createCheckout({
        userId: user.id,
        email: user.email,
        customerId: user.payment_customer_id,
        priceId: prices.priceIdOf(item),
        locale,
      }),
    );
    return { checkout_url: checkoutUrl };
  }

  return {
    providerName: driver.name,

    /**
     * The webhook handler for both drivers: verifies Paddle-Signature over the raw body, then
     * records the event id and applies the event in one transaction. A replay answers duplicate.
     */
    async receiveWebhook(rawBody: string, signature: string | undefined): Promise<TWebhookOutcome> {
      if (!isValidSignature(rawBody, signature, driver.webhookSecret, clock.now())) {
        throw new AppError(400, "INVALID_SIGNATURE", "The webhook signature does not verify.");
      }
      let event: ReturnType<typeof parsePaddleEvent>;
      try {
        event = parsePaddleEvent(JSON.parse(rawBody));
      } catch {
        throw new AppError(400, "VALIDATION_ERROR", "The webhook body is not an event we can read.");
      }
      try {
        return await store.transaction(async (tx): Promise<TWebhookOutcome> => {
          const isNew = await tx.billing.recordEvent({
            event_id: event.eventId,
            event_type: event.eventType,
            occurred_at: event.occurredAt,
            processed_at: now(),
          });
          if (!isNew) return "duplicate";
          await events.apply(tx, event);
          return "processed";
        });
      } catch (error) {
        if (isUniqueViolation(error) && (await store.billing.hasEvent(event.eventId))) return "duplicate";
        throw error;
      }
    },

    /** spec 01 §4 New checkout: a plan for a user without a live subscription. */
    async checkout(userId: number, plan: TPaidPlan, locale: TLocale) {
      if (await liveSubscriptionOf(await getUser(userId))) {
        throw new AppError(
          409,
          "ALREADY_SUBSCRIBED",
          "You already have a subscription; change the plan instead.",
        );
      }
      return startCheckout(userId, plan, locale);
    },

    /** Credit packs are open to every signed-in user, free plan included (spec 01 §6). */
    creditCheckout: (userId: number, pack: TCreditPackage, locale: TLocale) =>
      startCheckout(userId, pack, locale),

    /**
     * spec 01 §4 Plan change: an upgrade applies now with the provider's proration; a downgrade
     * from the next cycle (benefits continue until then). Either releases a scheduled cancellation.
     */
    async changePlan(userId: number, plan: TPaidPlan): Promise<Omit<TChangePlanResponse, "success">> {
      const row = await requireLiveSubscription(userId);
      const current = effectivePlan(row);
      const isCancelScheduled = row.scheduled_change_action === "cancel";
      const isUpgrade = planRank(plan) > planRank(current);
      if (plan === row.plan && !isUpgrade && !isCancelScheduled) {
        throw new AppError(
          400,
          "SAME_PLAN",
          `You are already on the ${PLAN_NAMES[plan]} plan for the next cycle.`,
        );
      }
      const snapshot = await provider(() =>
        plan === row.plan && !isUpgrade
          ? driver.removeScheduledCancel(row.id)
          : driver.changePlan(
              row.id,
              prices.priceIdOf(plan),
              isUpgrade ? "prorate_now" : "next_cycle",
              isCancelScheduled,
            ),
      );
      const after = await applySnapshot(snapshot);
      const nowPlan = effectivePlan(after);
      const nextPlan = asPlan(after.plan);
      const released = isCancelScheduled
        ? " The scheduled cancellation was removed; your subscription continues."
        : "";
      const message = isUpgrade
        ? `Your plan is now ${PLAN_NAMES[plan]}.${released}`
        : plan === current
          ? `You stay on the ${PLAN_NAMES[plan]} plan.${released}`
          : `Your plan changes to ${PLAN_NAMES[plan]} from the next billing cycle; ${PLAN_NAMES[current]} benefits continue until then.${released}`;
      return {
        message,
        plan: nowPlan,
        nextPlan,
        effective: isUpgrade ? "immediately" : "next_cycle",
        cancelScheduleRemoved: isCancelScheduled,
      };
    },

    /** Cancels at the end of the current period (spec 02 §4.5); a second call says alreadyScheduled. */
    async cancel(userId: number): Promise<Omit<TCancelSubscriptionResponse, "success">> {
      const row = await requireLiveSubscription(userId);
      if (row.scheduled_change_action === "cancel") {
        return {
          alreadyScheduled: true,
          scheduled: true,
          message: "The cancellation is already scheduled.",
          subscription_end_date: row.current_period_end,
        };
      }
      const after = await applySnapshot(await provider(() => driver.cancelAtPeriodEnd(row.id)));
      return {
        alreadyScheduled: false,
        scheduled: true,
        message: "Your subscription will end at the end of the current billing period.",
        subscription_end_date: after.scheduled_change_effective_at ?? after.current_period_end,
      };
    },

    async resume(userId: number): Promise<Omit<TResumeSubscriptionResponse, "success">> {
      const row = await requireLiveSubscription(userId);
      if (row.scheduled_change_action !== "cancel") {
        throw new AppError(400, "NOT_CANCELLED", "No cancellation is scheduled.");
      }
      const after = await applySnapshot(await provider(() => driver.removeScheduledCancel(row.id)));
      return { message: "Your subscription continues.", next_renewal_date: after.current_period_end };
    },

    /** GET /api/payment/subscription-status in the shape of spec 01 §3. */
    async status(userId: number): Promise<Omit<TSubscriptionStatusResponse, "success">> {
      const user = await getUser(userId);
      const row = user.subscription_id
        ? await store.billing.findSubscription(user.subscription_id)
        : undefined;
      const isLive = row !== undefined && LIVE_STATUSES.has(row.status);
      const plan = asPlan(user.plan);
      return {
        hasSubscription: isLive,
        plan,
        credits: user.onetime_credits + user.subscription_credits,
        onetime_credits: user.onetime_credits,
        subscription_credits: user.subscription_credits,
        bonus_credits: user.bonus_credits,
        nextPlan: !isLive ? null : row.scheduled_change_action === "cancel" ? "free" : asPlan(row.plan),
        subscription: row
          ? {
              data: {
                id: row.id,
                attributes: {
                  status: row.status,
                  plan: asPlan(effectivePlan(row)),
                  current_period_start: row.current_period_start,
                  current_period_end: row.current_period_end,
                },
                created_at: row.created_at,
                scheduled_change:
                  row.scheduled_change_action && row.scheduled_change_effective_at
                    ? {
                        action: row.scheduled_change_action as "cancel" | "pause" | "resume",
                        effective_at: row.scheduled_change_effective_at,
                      }
                    : null,
              },
            }
          : null,
        user: {
          plan,
          cancelled_at: user.cancelled_at,
          subscription_end_date: user.subscription_end_date,
          next_renewal_date: user.next_renewal_date,
          subscriptionId: user.subscription_id,
        },
      };
    },

    /** Cron: the sandbox renews and ends subscriptions at their period end (Paddle: no-op). */
    advanceSubscriptions: () => driver.advanceSubscriptions(),
  };
}
