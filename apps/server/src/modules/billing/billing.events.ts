/**
 * Applies payment events (Paddle's format, from Paddle or the sandbox) to our state: the
 * subscription row, the user's plan fields and the credit ledger, in one transaction with the
 * event id, so a replayed event changes nothing and a failed one leaves no trace.
 *
 * Ordering: subscription events carry the whole entity, so the newest snapshot wins; one older
 * than the last applied (`last_event_at`) is ignored. Transactions add credits keyed by what they
 * pay for (`subscription:<sub>:<period start>`), so they are correct in any order: a renewal
 * expires what is left of the old period and grants the new month once; an upgrade's proration
 * transaction tops up the difference between the plans once.
 */
import { PLAN_CATALOG, planRank, type TPaidPlan, type TPlan } from "@gyeol/shared/plans";
import type { PaymentSubscriptionRow, UserRow } from "../../db/schema.ts";
import type { Repositories } from "../../db/store.ts";
import type { PaymentEvent, ProviderTransaction } from "../../drivers/payments/paddle-events.ts";
import type { ProviderSubscription } from "../../drivers/payments/payment-driver.ts";
import type { PriceBook } from "../../drivers/payments/price-book.ts";
import type { AffiliateService } from "../affiliate/affiliate.service.ts";
import { expireBucket, writeLine } from "../credits/ledger.ts";

/** Statuses in which the plan's benefits hold (past_due: Paddle is still retrying the payment). */
export const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

export interface EventApplierDeps {
  prices: PriceBook;
  affiliate: Pick<AffiliateService, "rewardReferrer">;
  now(): string;
}

/** ISO strings from Paddle have 2–6 fraction digits; normalise so strings compare as times. */
export function toIso(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

export function effectivePlan(row: PaymentSubscriptionRow): TPlan {
  return (row.credited_plan ?? row.plan) as TPlan;
}

function highestPlan(plans: TPaidPlan[]): TPaidPlan | undefined {
  return plans.reduce<TPaidPlan | undefined>(
    (best, p) => (planRank(p) > planRank(best) ? p : best),
    undefined,
  );
}

export function createEventApplier({ prices, affiliate, now }: EventApplierDeps) {
  function planOf(priceIds: string[]): TPaidPlan | undefined {
    return highestPlan(
      priceIds.flatMap((id) => {
        const item = prices.itemOf(id);
        return item?.kind === "plan" ? [item.item] : [];
      }),
    );
  }

  async function resolveUser(
    tx: Repositories,
    known: { rowUserId?: number | undefined; userId: number | null; customerId: string | null },
  ): Promise<UserRow | undefined> {
    const userId =
      known.rowUserId ??
      known.userId ??
      (known.customerId ? await tx.billing.findUserIdByCustomer(known.customerId) : undefined);
    if (userId === undefined) return undefined;
    // Lock the user first, always: every money move for a user queues on this row.
    return tx.credits.lockUser(userId, now());
  }

  /** Brings the user's plan fields (spec 01 §3 User) in line with a subscription row. */
  async function syncUser(tx: Repositories, user: UserRow, row: PaymentSubscriptionRow, at: string) {
    const isCurrent = user.subscription_id === null || user.subscription_id === row.id;
    if (LIVE_STATUSES.has(row.status)) {
      const isCancelScheduled = row.scheduled_change_action === "cancel";
      const keepCancelledAt = user.subscription_id === row.id && user.cancelled_at !== null;
      await tx.billing.updateUserBilling(
        user.id,
        {
          plan: effectivePlan(row),
          subscription_id: row.id,
          subscription_end_date: row.current_period_end,
          next_renewal_date: isCancelScheduled ? null : row.current_period_end,
          cancelled_at: isCancelScheduled ? (keepCancelledAt ? user.cancelled_at : at) : null,
        },
        now(),
      );
      return;
    }
    // A subscription that is over: only the user's current one takes the plan away.
    if (!isCurrent) return;
    const endedAt = row.canceled_at ?? row.current_period_end ?? at;
    await tx.billing.updateUserBilling(
      user.id,
      {
        plan: "free",
        subscription_id: row.status === "canceled" ? null : row.id,
        cancelled_at: user.cancelled_at ?? endedAt,
        subscription_end_date: endedAt,
        next_renewal_date: null,
      },
      now(),
    );
    // Subscription credits vanish when the subscription ends (spec 01 §4).
    const fresh = (await tx.credits.lockUser(user.id, now()))!;
    await expireBucket(
      tx,
      fresh,
      "subscription",
      fresh.subscription_credits,
      "subscription ended",
      `expiry:${row.id}:ended`,
      now(),
    );
  }

  async function applySubscription(tx: Repositories, sub: ProviderSubscription, eventAt: string) {
    const at = toIso(eventAt);
    const earlier = await tx.billing.findSubscription(sub.id);
    const user = await resolveUser(tx, {
      rowUserId: earlier?.user_id,
      userId: sub.userId,
      customerId: sub.customerId,
    });
    if (!user) return "unknown_user" as const;
    const row = await tx.billing.findSubscription(sub.id);
    if (row?.last_event_at && at < row.last_event_at) return "stale" as const;
    const plan = planOf(sub.priceIds) ?? (row?.plan as TPaidPlan | undefined);
    if (!plan) return "not_ours" as const;
    const saved = await tx.billing.upsertSubscription({
      id: sub.id,
      user_id: user.id,
      status: sub.status,
      plan,
      credited_plan: row?.credited_plan ?? null,
      credited_period_start: row?.credited_period_start ?? null,
      current_period_start: sub.currentPeriodStart
        ? toIso(sub.currentPeriodStart)
        : (row?.current_period_start ?? null),
      current_period_end: sub.currentPeriodEnd
        ? toIso(sub.currentPeriodEnd)
        : (row?.current_period_end ?? null),
      scheduled_change_action: sub.scheduledChange?.action ?? null,
      scheduled_change_effective_at: sub.scheduledChange ? toIso(sub.scheduledChange.effectiveAt) : null,
      canceled_at: sub.canceledAt ? toIso(sub.canceledAt) : null,
      last_event_at: at,
      created_at: row?.created_at ?? toIso(sub.createdAt),
      updated_at: now(),
    });
    if (sub.customerId && !user.payment_customer_id) {
      await tx.billing.updateUserBilling(user.id, { payment_customer_id: sub.customerId }, now());
    }
    await syncUser(tx, user, saved, at);
    return "applied" as const;
  }

  /** Credits for a subscription transaction (first payment, renewal, upgrade proration). */
  async function creditSubscription(
    tx: Repositories,
    user: UserRow,
    txn: ProviderTransaction,
    plan: TPaidPlan,
    at: string,
  ): Promise<number> {
    const subscriptionId = txn.subscriptionId!;
    const period = txn.billingPeriod
      ? { start: toIso(txn.billingPeriod.startsAt), end: toIso(txn.billingPeriod.endsAt) }
      : null;
    let row = await tx.billing.findSubscription(subscriptionId);
    if (!row) {
      // The transaction came before subscription.created: start the row from what it tells us.
      row = await tx.billing.upsertSubscription({
        id: subscriptionId,
        user_id: user.id,
        status: "active",
        plan,
        credited_plan: null,
        credited_period_start: null,
        current_period_start: period?.start ?? null,
        current_period_end: period?.end ?? null,
        scheduled_change_action: null,
        scheduled_change_effective_at: null,
        canceled_at: null,
        last_event_at: null,
        created_at: at,
        updated_at: now(),
      });
    }
    if (!period || row.status === "canceled") return 0;
    let granted = 0;
    const monthly = PLAN_CATALOG[plan].monthlyCredits;
    if (row.credited_period_start === null || period.start > row.credited_period_start) {
      const fresh = (await tx.credits.lockUser(user.id, now()))!;
      await expireBucket(
        tx,
        fresh,
        "subscription",
        fresh.subscription_credits,
        "subscription period ended",
        `expiry:${subscriptionId}:${period.start}`,
        now(),
      );
      await writeLine(
        tx,
        user.id,
        {
          bucket: "subscription",
          delta: monthly,
          kind: "purchase",
          reason: `${plan} plan, period from ${period.start.slice(0, 10)}`,
          idempotencyKey: `subscription:${subscriptionId}:${period.start}`,
        },
        now(),
      );
      granted = monthly;
      const movesPeriod = row.current_period_start === null || period.start > row.current_period_start;
      row = await tx.billing.upsertSubscription({
        ...row,
        credited_plan: plan,
        credited_period_start: period.start,
        ...(movesPeriod ? { current_period_start: period.start, current_period_end: period.end } : {}),
        updated_at: now(),
      });
    } else if (period.start === row.credited_period_start && planRank(plan) > planRank(row.credited_plan)) {
      // An upgrade inside the period: top up to the new plan's monthly credits, once.
      const difference = monthly - PLAN_CATALOG[row.credited_plan as TPaidPlan].monthlyCredits;
      await writeLine(
        tx,
        user.id,
        {
          bucket: "subscription",
          delta: difference,
          kind: "purchase",
          reason: `upgrade to ${plan}`,
          idempotencyKey: `upgrade:${subscriptionId}:${period.start}:${plan}`,
        },
        now(),
      );
      granted = difference;
      row = await tx.billing.upsertSubscription({ ...row, credited_plan: plan, updated_at: now() });
    }
    await syncUser(tx, user, row, at);
    return granted;
  }

  async function applyTransaction(tx: Repositories, txn: ProviderTransaction, eventAt: string) {
    const at = toIso(eventAt);
    const priced = txn.items.flatMap((line) => {
      const item = prices.itemOf(line.priceId);
      return item ? [{ item, quantity: line.quantity }] : [];
    });
    if (priced.length === 0) return "not_ours" as const;
    const row = txn.subscriptionId ? await tx.billing.findSubscription(txn.subscriptionId) : undefined;
    const user = await resolveUser(tx, {
      rowUserId: row?.user_id,
      userId: txn.userId,
      customerId: txn.customerId,
    });
    if (!user) return "unknown_user" as const;
    if (txn.customerId && !user.payment_customer_id) {
      await tx.billing.updateUserBilling(user.id, { payment_customer_id: txn.customerId }, now());
    }
    let granted = 0;
    const packCredits = priced.reduce(
      (sum, { item, quantity }) => sum + (item.kind === "package" ? item.credits * quantity : 0),
      0,
    );
    const key = `purchase:${txn.id}`;
    if (packCredits > 0 && !(await tx.credits.findByIdempotencyKey(key))) {
      const names = priced.filter(({ item }) => item.kind === "package").map(({ item }) => item.item);
      await writeLine(
        tx,
        user.id,
        {
          bucket: "onetime",
          delta: packCredits,
          kind: "purchase",
          reason: names.join(", "),
          idempotencyKey: key,
        },
        now(),
      );
      granted += packCredits;
    }
    const plan = planOf(
      priced.filter(({ item }) => item.kind === "plan").map(({ item }) => prices.priceIdOf(item.item)),
    );
    if (plan && txn.subscriptionId) granted += await creditSubscription(tx, user, txn, plan, at);
    await affiliate.rewardReferrer(tx, {
      buyerId: user.id,
      credits: granted,
      transactionId: txn.id,
      paidAt: at,
    });
    return "applied" as const;
  }

  return {
    /** Applies an event whose id is not yet recorded (the caller records it in the same transaction). */
    async apply(tx: Repositories, event: PaymentEvent) {
      if (event.kind === "subscription") return applySubscription(tx, event.subscription, event.occurredAt);
      if (event.kind === "transaction_completed")
        return applyTransaction(tx, event.transaction, event.occurredAt);
      return "ignored" as const;
    },
    /** A snapshot from a provider API answer (plan change, cancel, resume), ordered by its updated_at. */
    applySnapshot: (tx: Repositories, sub: ProviderSubscription) => applySubscription(tx, sub, sub.updatedAt),
  };
}
