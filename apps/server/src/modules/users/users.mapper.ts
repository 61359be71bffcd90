import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { PLANS } from "@gyeol/shared/plans";
import type { UserRow } from "../../db/schema.ts";

function toPlan(plan: string): TPublicUser["plan"] {
  return (PLANS as readonly string[]).includes(plan) ? (plan as TPublicUser["plan"]) : "free";
}

/**
 * The user as the browser sees it (spec 01 §3 User). `credits` is what can be spent: one-time
 * plus subscription buckets (spec 01 §4 spending order); bonus credits are reported apart.
 */
export function toPublicUser(row: UserRow): TPublicUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    nickname: row.name,
    credits: row.onetime_credits + row.subscription_credits,
    bonus_credits: row.bonus_credits,
    plan: toPlan(row.plan),
    balance: Number(row.balance),
    cancelled_at: row.cancelled_at,
    subscription_end_date: row.subscription_end_date,
    next_renewal_date: row.next_renewal_date,
    subscriptionId: row.subscription_id,
    paymentCustomerId: row.payment_customer_id,
    isAdmin: row.role === "admin",
    affiliate_code: row.affiliate_code,
    created_at: row.created_at,
  };
}
