/**
 * Paddle Billing's webhook payloads (developer.paddle.com/webhooks: `event_id`, `event_type`,
 * `occurred_at`, `data` = the changed entity) read into the driver-neutral shapes billing uses,
 * and written back out by the sandbox, which emits the same payloads.
 */
import { z } from "zod";
import type { ProviderSubscription } from "./payment-driver.ts";

const ZPriceItem = z.object({
  price: z.object({ id: z.string() }).loose(),
  quantity: z.number().int().positive().optional(),
});

const ZPeriod = z.object({ starts_at: z.string(), ends_at: z.string() }).loose();

const ZCustomData = z.record(z.string(), z.unknown()).nullish();

export const ZPaddleSubscription = z
  .object({
    id: z.string(),
    status: z.string(),
    customer_id: z.string().nullish(),
    items: z.array(ZPriceItem),
    current_billing_period: ZPeriod.nullish(),
    scheduled_change: z
      .object({ action: z.enum(["cancel", "pause", "resume"]), effective_at: z.string() })
      .loose()
      .nullish(),
    canceled_at: z.string().nullish(),
    created_at: z.string(),
    updated_at: z.string().nullish(),
    custom_data: ZCustomData,
  })
  .loose();

export const ZPaddleTransaction = z
  .object({
    id: z.string(),
    status: z.string(),
    customer_id: z.string().nullish(),
    subscription_id: z.string().nullish(),
    origin: z.string().nullish(),
    items: z.array(ZPriceItem),
    billing_period: ZPeriod.nullish(),
    custom_data: ZCustomData,
  })
  .loose();

export const ZPaddleEvent = z
  .object({
    event_id: z.string().min(1).max(200),
    event_type: z.string().min(1).max(100),
    occurred_at: z.string().min(1),
    data: z.record(z.string(), z.unknown()),
  })
  .loose();

export interface ProviderTransaction {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** web (checkout), subscription_recurring (renewal), subscription_update (proration) … */
  origin: string | null;
  items: Array<{ priceId: string; quantity: number }>;
  billingPeriod: { startsAt: string; endsAt: string } | null;
  userId: number | null;
}

export type PaymentEvent = { eventId: string; eventType: string; occurredAt: string } & (
  | { kind: "subscription"; subscription: ProviderSubscription }
  | { kind: "transaction_completed"; transaction: ProviderTransaction }
  | { kind: "ignored" }
);

/** The subscription events we apply: each carries the whole entity, so the newest one wins. */
const SUBSCRIPTION_EVENTS = new Set([
  "subscription.created",
  "subscription.updated",
  "subscription.activated",
  "subscription.trialing",
  "subscription.past_due",
  "subscription.paused",
  "subscription.resumed",
  "subscription.canceled",
]);

function readUserId(customData: Record<string, unknown> | null | undefined): number | null {
  const raw = customData?.user_id;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function fromPaddleSubscription(json: unknown): ProviderSubscription {
  const s = ZPaddleSubscription.parse(json);
  return {
    id: s.id,
    status: s.status,
    customerId: s.customer_id ?? null,
    priceIds: s.items.map((item) => item.price.id),
    currentPeriodStart: s.current_billing_period?.starts_at ?? null,
    currentPeriodEnd: s.current_billing_period?.ends_at ?? null,
    scheduledChange: s.scheduled_change
      ? { action: s.scheduled_change.action, effectiveAt: s.scheduled_change.effective_at }
      : null,
    canceledAt: s.canceled_at ?? null,
    createdAt: s.created_at,
    updatedAt: s.updated_at ?? s.created_at,
    userId: readUserId(s.custom_data),
  };
}

function fromPaddleTransaction(json: unknown): ProviderTransaction {
  const t = ZPaddleTransaction.parse(json);
  return {
    id: t.id,
    customerId: t.customer_id ?? null,
    subscriptionId: t.subscription_id ?? null,
    origin: t.origin ?? null,
    items: t.items.map((item) => ({ priceId: item.price.id, quantity: item.quantity ?? 1 })),
    billingPeriod: t.billing_period
      ? { startsAt: t.billing_period.starts_at, endsAt: t.billing_period.ends_at }
      : null,
    userId: readUserId(t.custom_data),
  };
}

/** Throws a ZodError when the payload is not a Paddle event we can read. */
export function parsePaddleEvent(json: unknown): PaymentEvent {
  const e = ZPaddleEvent.parse(json);
  const head = { eventId: e.event_id, eventType: e.event_type, occurredAt: e.occurred_at };
  if (SUBSCRIPTION_EVENTS.has(e.event_type)) {
    return { ...head, kind: "subscription", subscription: fromPaddleSubscription(e.data) };
  }
  if (e.event_type === "transaction.completed") {
    return { ...head, kind: "transaction_completed", transaction: fromPaddleTransaction(e.data) };
  }
  return { ...head, kind: "ignored" };
}

/** The sandbox's side: a subscription entity as Paddle would send it. */
export function toPaddleSubscription(sub: ProviderSubscription) {
  return {
    id: sub.id,
    status: sub.status,
    customer_id: sub.customerId,
    items: sub.priceIds.map((id) => ({ price: { id }, quantity: 1, status: "active" })),
    current_billing_period:
      sub.currentPeriodStart && sub.currentPeriodEnd
        ? { starts_at: sub.currentPeriodStart, ends_at: sub.currentPeriodEnd }
        : null,
    next_billed_at: sub.scheduledChange?.action === "cancel" ? null : sub.currentPeriodEnd,
    scheduled_change: sub.scheduledChange
      ? { action: sub.scheduledChange.action, effective_at: sub.scheduledChange.effectiveAt, resume_at: null }
      : null,
    canceled_at: sub.canceledAt,
    created_at: sub.createdAt,
    updated_at: sub.updatedAt,
    custom_data: sub.userId === null ? null : { user_id: String(sub.userId) },
  };
}

export function toPaddleTransaction(txn: ProviderTransaction) {
  return {
    id: txn.id,
    status: "completed",
    customer_id: txn.customerId,
    subscription_id: txn.subscriptionId,
    origin: txn.origin,
    items: txn.items.map((item) => ({ price: { id: item.priceId }, quantity: item.quantity })),
    billing_period: txn.billingPeriod
      ? { starts_at: txn.billingPeriod.startsAt, ends_at: txn.billingPeriod.endsAt }
      : null,
    custom_data: txn.userId === null ? null : { user_id: String(txn.userId) },
  };
}
