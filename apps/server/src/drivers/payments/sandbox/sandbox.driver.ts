/**
 * The built-in sandbox payment driver, the default (ARCHITECTURE "payments: a built-in sandbox
 * checkout with signed webhooks, so the whole money flow runs offline"). It behaves like a small
 * local Paddle: checkout sends the browser to our own test checkout page; paying there with a
 * test card creates the transaction (and subscription), and every change is announced as a
 * Paddle-shaped event, signed like Paddle-Signature, to the same webhook handler Paddle's events
 * reach. Subscriptions renew and end at their period end when the cron role calls
 * `advanceSubscriptions`.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB, SandboxSubscriptionRow } from "../../../db/schema.ts";
import type { Clock } from "../../../lib/clock.ts";
import { type ProviderTransaction, toPaddleSubscription, toPaddleTransaction } from "../paddle-events.ts";
import {
  type CheckoutRequest,
  type PaymentDriver,
  PaymentProviderError,
  type ProviderSubscription,
  type TPlanChangeTiming,
} from "../payment-driver.ts";
import type { PriceBook } from "../price-book.ts";
import { signPayload } from "../webhook-signature.ts";
import { createSandboxRepository } from "./sandbox.repository.ts";
import { registerSandboxCheckoutRoutes } from "./sandbox-checkout.routes.ts";

/** Hands a signed event to the webhook handler (billing's receiveWebhook). */
export type TWebhookSink = (rawBody: string, signature: string) => Promise<unknown>;

export interface SandboxDriverDeps {
  db: Kysely<DB>;
  clock: Clock;
  prices: PriceBook;
  webhookSecret: string;
  /** Set by the composition root once billing exists (billing needs the driver first). */
  deliver: TWebhookSink;
  /** Absolute origin for checkout URLs; relative URLs when unset (same-origin web app). */
  publicOrigin: string | undefined;
  /** Secure attribute of the checkout form's cookie (COOKIE_SECURE). */
  isSecureCookie: boolean;
}

const LIVE_STATUSES = ["active", "trialing", "past_due"];
/** A subscription left unattended for years is caught up at most this many periods per run. */
const MAX_PERIODS_PER_RUN = 24;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(13).toString("hex")}`;
}

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28), in UTC. */
export function addOneMonth(iso: string): string {
  const d = new Date(iso);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

function toProvider(row: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    status: row.status,
    customerId: row.customer_id,
    priceIds: [row.price_id],
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    scheduledChange:
      row.scheduled_change_action && row.scheduled_change_effective_at
        ? {
            action: row.scheduled_change_action as "cancel" | "pause" | "resume",
            effectiveAt: row.scheduled_change_effective_at,
          }
        : null,
    canceledAt: row.canceled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userId: row.user_id,
  };
}

export type SandboxDriver = PaymentDriver & {
  /** Completes a checkout as a successful test payment (the page's success path; tests call it too). */
  completeCheckout(checkoutId: string): Promise<"completed" | "already_completed" | "not_found">;
};

export function createSandboxDriver(deps: SandboxDriverDeps): SandboxDriver {
  const { clock, prices, webhookSecret } = deps;
  const repo = createSandboxRepository(deps.db);
  const now = () => clock.now().toISOString();

  async function emit(eventType: string, data: object, eventId = newId("evt")) {
    const body = JSON.stringify({
      event_id: eventId,
      event_type: eventType,
      occurred_at: now(),
      notification_id: newId("ntf"),
      data,
    });
    await deps.deliver(body, signPayload(body, webhookSecret, clock.now()));
  }

  const emitSubscription = (eventType: string, row: SandboxSubscriptionRow, eventId?: string) =>
    emit(eventType, toPaddleSubscription(toProvider(row)), eventId);

  const emitTransaction = (txn: ProviderTransaction, eventId?: string) =>
    emit("transaction.completed", toPaddleTransaction(txn), eventId);

  async function liveSubscription(id: string): Promise<SandboxSubscriptionRow> {
    const row = await repo.findSubscription(id);
    if (!row || !LIVE_STATUSES.includes(row.status)) {
      throw new PaymentProviderError(`Sandbox subscription ${id} is not active.`);
    }
    return row;
  }

  async function update(
    id: string,
    changes: Partial<SandboxSubscriptionRow>,
  ): Promise<SandboxSubscriptionRow> {
    const row = await repo.updateSubscription(id, { ...changes, updated_at: now() });
    if (!row) throw new PaymentProviderError(`Sandbox subscription ${id} vanished.`);
    await emitSubscription("subscription.updated", row);
    return row;
  }

  /**
   * Renews or ends one subscription whose period is over. Its events are delivered before the
   * period moves, under ids fixed by the subscription and period: if a delivery fails the row
   * stays as it was and the next run delivers again; if the move fails after a delivery, the
   * repeat is dropped by the webhook's event-id check. So a renewal is never lost or doubled.
   */
  async function advanceOne(start: SandboxSubscriptionRow): Promise<"renewed" | "canceled" | "none"> {
    let row = start;
    let outcome: "renewed" | "canceled" | "none" = "none";
    for (let i = 0; i < MAX_PERIODS_PER_RUN && row.current_period_end <= now(); i++) {
      const end = row.current_period_end;
      if (row.scheduled_change_action === "cancel") {
        const changes = {
          status: "canceled",
          canceled_at: end,
          scheduled_change_action: null,
          scheduled_change_effective_at: null,
          updated_at: now(),
        };
        await emitSubscription("subscription.canceled", { ...row, ...changes }, `evt_${row.id}_canceled`);
        return (await repo.updateSubscription(row.id, changes, end)) ? "canceled" : outcome;
      }
      const next = { current_period_start: end, current_period_end: addOneMonth(end), updated_at: now() };
      const renewed = { ...row, ...next };
      await emitSubscription("subscription.updated", renewed, `evt_${row.id}_${end}_s`);
      await emitTransaction(
        {
          id: `txn_${row.id}_${Date.parse(end)}`,
          customerId: renewed.customer_id,
          subscriptionId: renewed.id,
          origin: "subscription_recurring",
          items: [{ priceId: renewed.price_id, quantity: 1 }],
          billingPeriod: { startsAt: renewed.current_period_start, endsAt: renewed.current_period_end },
          userId: renewed.user_id,
        },
        `evt_${row.id}_${end}_t`,
      );
      const moved = await repo.updateSubscription(row.id, next, end);
      if (!moved) return outcome; // another cron process moved it first (it delivered the same events)
      row = moved;
      outcome = "renewed";
    }
    return outcome;
  }

  const driver: SandboxDriver = {
    name: "sandbox",
    webhookSecret,

    async createCheckout(request: CheckoutRequest) {
      const id = newId("chk");
      await repo.insertCheckout({
        id,
        user_id: request.userId,
        price_id: request.priceId,
        created_at: now(),
      });
      const path = `/sandbox/checkout/${id}?lang=${request.locale}`;
      return { checkoutUrl: `${deps.publicOrigin ?? ""}${path}` };
    },

    async completeCheckout(checkoutId) {
      const checkout = await repo.findCheckout(checkoutId);
      if (!checkout) return "not_found";
      if (checkout.status === "completed") return "already_completed";
      const item = prices.itemOf(checkout.price_id);
      if (!item) throw new PaymentProviderError(`Unknown sandbox price ${checkout.price_id}.`);
      const customerId = `ctm_sandbox_${checkout.user_id}`;
      const transactionId = `txn_${checkoutId}`;
      if (item.kind === "package") {
        await emitTransaction(
          {
            id: transactionId,
            customerId,
            subscriptionId: null,
            origin: "web",
            items: [{ priceId: checkout.price_id, quantity: 1 }],
            billingPeriod: null,
            userId: checkout.user_id,
          },
          `evt_${checkoutId}_t`,
        );
      } else {
        const start = now();
        const subscription: SandboxSubscriptionRow = {
          id: `sub_${checkoutId}`,
          user_id: checkout.user_id,
          customer_id: customerId,
          price_id: checkout.price_id,
          status: "active",
          current_period_start: start,
          current_period_end: addOneMonth(start),
          scheduled_change_action: null,
          scheduled_change_effective_at: null,
          canceled_at: null,
          created_at: start,
          updated_at: start,
        };
        await repo.insertSubscriptionIfMissing(subscription);
        const stored = (await repo.findSubscription(subscription.id))!;
        // Paddle's order: the checkout's transaction completes, then the subscription is created.
        await emitTransaction(
          {
            id: transactionId,
            customerId,
            subscriptionId: stored.id,
            origin: "web",
            items: [{ priceId: stored.price_id, quantity: 1 }],
            billingPeriod: { startsAt: stored.current_period_start, endsAt: stored.current_period_end },
            userId: stored.user_id,
          },
          `evt_${checkoutId}_t`,
        );
        await emitSubscription("subscription.created", stored, `evt_${checkoutId}_s`);
      }
      await repo.markCheckoutCompleted(checkoutId, transactionId, now());
      return "completed";
    },

    async getSubscription(id) {
      const row = await repo.findSubscription(id);
      if (!row) throw new PaymentProviderError(`No sandbox subscription ${id}.`);
      return toProvider(row);
    },

    async changePlan(id: string, priceId: string, timing: TPlanChangeTiming, releaseCancel: boolean) {
      await liveSubscription(id);
      const row = await update(id, {
        price_id: priceId,
        ...(releaseCancel ? { scheduled_change_action: null, scheduled_change_effective_at: null } : {}),
      });
      if (timing === "prorate_now") {
        // Paddle's prorated_immediately bills the difference now in a subscription_update transaction.
        await emitTransaction({
          id: newId("txn"),
          customerId: row.customer_id,
          subscriptionId: row.id,
          origin: "subscription_update",
          items: [{ priceId, quantity: 1 }],
          billingPeriod: { startsAt: row.current_period_start, endsAt: row.current_period_end },
          userId: row.user_id,
        });
      }
      return toProvider(row);
    },

    async cancelAtPeriodEnd(id) {
      const live = await liveSubscription(id);
      const row = await update(id, {
        scheduled_change_action: "cancel",
        scheduled_change_effective_at: live.current_period_end,
      });
      return toProvider(row);
    },

    async removeScheduledCancel(id) {
      await liveSubscription(id);
      const row = await update(id, { scheduled_change_action: null, scheduled_change_effective_at: null });
      return toProvider(row);
    },

    async advanceSubscriptions() {
      let renewed = 0;
      let canceled = 0;
      let failed = 0;
      for (const row of await repo.listDue(now())) {
        try {
          const outcome = await advanceOne(row);
          if (outcome === "renewed") renewed++;
          if (outcome === "canceled") canceled++;
        } catch {
          // One subscription whose events could not be delivered waits for the next run (nothing
          // moved); it must not hold up the others.
          failed++;
        }
      }
      return { renewed, canceled, failed };
    },

    registerRoutes(app: FastifyInstance) {
      registerSandboxCheckoutRoutes(app, {
        findCheckout: async (id) => {
          const checkout = await repo.findCheckout(id);
          if (!checkout) return undefined;
          const item = prices.itemOf(checkout.price_id);
          const user = await repo.findUserEmail(checkout.user_id);
          return item ? { checkout, item, email: user?.email ?? "" } : undefined;
        },
        completeCheckout: (id) => driver.completeCheckout(id),
        formSecret: webhookSecret,
        isSecureCookie: deps.isSecureCookie,
      });
    },
  };
  return driver;
}
