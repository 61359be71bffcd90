import { DEMO_CREDITS } from "@gyeol/shared/constants";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { PLANS } from "@gyeol/shared/plans";
import type { UserRow } from "../../db/schema.ts";
import { DEMO_PLAN, isDemoUser } from "./demo-user.ts";

function toPlan(plan: string): TPublicUser["plan"] {
  return (PLANS as readonly string[]).includes(plan) ? (plan as TPublicUser["plan"]) : "free";
}

/** Accounts whose provider withheld the e-mail get a placeholder address under this domain. */
export const PLACEHOLDER_EMAIL_DOMAIN = "no-email.invalid";

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

/**
 * The user as the browser sees it (spec 01 §3 User). `credits` is what can be spent: one-time
 * plus subscription buckets (spec 01 §4 spending order); bonus credits are reported apart. The
 * demo user shows the spec's demo credits and plan (spec 01 §3) and isDemoUser.
 */
export function toPublicUser(row: UserRow): TPublicUser {
  const isDemo = isDemoUser(row);
  return {
    id: row.id,
    email: isPlaceholderEmail(row.email) ? "" : row.email,
    name: row.name,
    nickname: row.name,
    credits: isDemo ? DEMO_CREDITS : row.onetime_credits + row.subscription_credits,
    bonus_credits: row.bonus_credits,
    plan: isDemo ? DEMO_PLAN : toPlan(row.plan),
    balance: Number(row.balance),
    cancelled_at: row.cancelled_at,
    subscription_end_date: row.subscription_end_date,
    next_renewal_date: row.next_renewal_date,
    subscriptionId: row.subscription_id,
    paymentCustomerId: row.payment_customer_id,
    isAdmin: row.role === "admin",
    affiliate_code: row.affiliate_code,
    created_at: row.created_at,
    ...(isDemo ? { isDemoUser: true } : {}),
  };
}
