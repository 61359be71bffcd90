import { z } from "zod";
import { CREDIT_PACKAGES, PAID_PLANS, PLANS } from "../plans.ts";

/**
 * Payment, subscription and credit-history calls (spec 01 §7, §3 Subscription status response;
 * spec 02 §2.5 My Page). Field names are the spec's.
 */

/** POST /api/payment/checkout */
export const ZCheckoutBody = z.object({ plan: z.enum(PAID_PLANS) });
export type TCheckoutBody = z.infer<typeof ZCheckoutBody>;

/** POST /api/payment/credit-checkout */
export const ZCreditCheckoutBody = z.object({ package: z.enum(CREDIT_PACKAGES) });
export type TCreditCheckoutBody = z.infer<typeof ZCreditCheckoutBody>;

export const ZCheckoutResponse = z.object({
  success: z.literal(true),
  /** Where the browser goes next: the provider's hosted checkout, or our sandbox checkout page. */
  checkout_url: z.string(),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** POST /api/payment/change-plan */
export const ZChangePlanBody = z.object({ plan: z.enum(PAID_PLANS) });
export type TChangePlanBody = z.infer<typeof ZChangePlanBody>;

export const ZChangePlanResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The plan in effect now, and the one billed from the next cycle. */
  plan: z.enum(PLANS),
  nextPlan: z.enum(PLANS),
  /** upgrade: now, with the provider's proration; downgrade: from the next billing cycle (spec 01 §4). */
  effective: z.enum(["immediately", "next_cycle"]),
  /** True when a scheduled cancellation was released by this change (spec 01 §4, §7). */
  cancelScheduleRemoved: z.boolean(),
});
export type TChangePlanResponse = z.infer<typeof ZChangePlanResponse>;

export const SUBSCRIPTION_STATUSES = [
  "active",
  "past_due",
  "paused",
  "trialing",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "unpaid",
] as const;

export const ZScheduledChange = z.object({
  action: z.enum(["cancel", "pause", "resume"]),
  effective_at: z.string(),
});

/** GET /api/payment/subscription-status (spec 01 §3, §4; spec 02 §4.5). */
export const ZSubscriptionStatusResponse = z.object({
  success: z.literal(true),
  hasSubscription: z.boolean(),
  /** The plan in effect now (free without a live subscription). */
  plan: z.enum(PLANS),
  /** Spendable credits: one-time plus subscription (bonus credits apart, as in the user). */
  credits: z.number().int(),
  onetime_credits: z.number().int(),
  subscription_credits: z.number().int(),
  bonus_credits: z.number().int(),
  /** The plan of the next cycle; differs from `plan` after a downgrade, free when a cancel is scheduled. */
  nextPlan: z.enum(PLANS).nullable(),
  subscription: z
    .object({
      data: z.object({
        id: z.string(),
        attributes: z.object({
          /** The provider's status: active, past_due, paused, trialing, canceled, … (shown raw). */
          status: z.string(),
          plan: z.enum(PLANS),
          current_period_start: z.string().nullable(),
          current_period_end: z.string().nullable(),
        }),
        created_at: z.string(),
        /** action "cancel" means a cancellation is scheduled (spec 01 §3). */
        scheduled_change: ZScheduledChange.nullable(),
      }),
    })
    .nullable(),
  user: z.object({
    plan: z.enum(PLANS),
    cancelled_at: z.string().nullable(),
    subscription_end_date: z.string().nullable(),
    next_renewal_date: z.string().nullable(),
    subscriptionId: z.string().nullable(),
  }),
});
export type TSubscriptionStatusResponse = z.infer<typeof ZSubscriptionStatusResponse>;

/** POST /api/payment/cancel-subscription (spec 01 §7; spec 02 §4.5 cancel result). */
export const ZCancelSubscriptionResponse = z.object({
  success: z.literal(true),
  /** The cancellation was already scheduled before this call; nothing changed. */
  alreadyScheduled: z.boolean(),
  /** True: it takes effect at the end of the current period (always, here). */
  scheduled: z.boolean(),
  message: z.string(),
  subscription_end_date: z.string().nullable(),
});
export type TCancelSubscriptionResponse = z.infer<typeof ZCancelSubscriptionResponse>;

/** POST /api/payment/resume-subscription */
export const ZResumeSubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  next_renewal_date: z.string().nullable(),
});
export type TResumeSubscriptionResponse = z.infer<typeof ZResumeSubscriptionResponse>;

export const CREDIT_BUCKETS = ["onetime", "subscription", "bonus"] as const;
export const LEDGER_KINDS = ["grant", "purchase", "spend", "refund", "expiry", "reward", "admin"] as const;

/** GET /api/credits/history?limit=&offset= (My Page credit history, newest first). */
export const CREDIT_HISTORY_DEFAULT_LIMIT = 20;
export const CREDIT_HISTORY_MAX_LIMIT = 100;
export const ZCreditHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CREDIT_HISTORY_MAX_LIMIT).default(CREDIT_HISTORY_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TCreditHistoryQuery = z.infer<typeof ZCreditHistoryQuery>;

export const ZCreditHistoryItem = z.object({
  id: z.number().int(),
  bucket: z.enum(CREDIT_BUCKETS),
  /** Positive adds, negative takes away. */
  delta: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** What it was for: a plan, a pack, a job, "renewal", "affiliate reward" … */
  reason: z.string(),
  /** The bucket's balance right after this line. */
  balance_after: z.number().int(),
  job_id: z.string().nullable(),
  created_at: z.string(),
});
export type TCreditHistoryItem = z.infer<typeof ZCreditHistoryItem>;

export const ZCreditHistoryResponse = z.object({
  success: z.literal(true),
  items: z.array(ZCreditHistoryItem),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TCreditHistoryResponse = z.infer<typeof ZCreditHistoryResponse>;
