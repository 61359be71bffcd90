/**
 * A zod-free check of the stored user (issue 17, Delivery): the browser reads `user` from local
 * storage on every first paint, the landing included, and zod (about 20 KB brotli) is kept off the
 * landing's initial JavaScript. It accepts exactly what ZPublicUser (user.ts) accepts, which
 * user-guard.test.ts checks on generated values, and returns the same fields (unknown ones
 * dropped, as zod's object does).
 */
import { PLANS } from "../plans.ts";
import type { TPublicUser } from "./user.ts";

const USER_PLANS: readonly string[] = [...PLANS, "pro"];

const STRING_FIELDS = ["email", "name", "nickname", "created_at"] as const;
const INT_FIELDS = ["id", "credits", "bonus_credits"] as const;
const NULLABLE_STRING_FIELDS = [
  "cancelled_at",
  "subscription_end_date",
  "next_renewal_date",
  "subscriptionId",
  "paymentCustomerId",
  "affiliate_code",
] as const;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The user when `value` is one by the server's contract, otherwise null. */
export function readPublicUser(value: unknown): TPublicUser | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const key of STRING_FIELDS) if (typeof record[key] !== "string") return null;
  for (const key of INT_FIELDS) if (!Number.isSafeInteger(record[key])) return null;
  for (const key of NULLABLE_STRING_FIELDS)
    if (record[key] !== null && typeof record[key] !== "string") return null;
  if (!isNumber(record.balance)) return null;
  if (typeof record.plan !== "string" || !USER_PLANS.includes(record.plan)) return null;
  if (typeof record.isAdmin !== "boolean") return null;
  if (record.isDemoUser !== undefined && typeof record.isDemoUser !== "boolean") return null;
  const user: Record<string, unknown> = {};
  for (const key of [...STRING_FIELDS, ...INT_FIELDS, ...NULLABLE_STRING_FIELDS]) user[key] = record[key];
  user.balance = record.balance;
  user.plan = record.plan;
  user.isAdmin = record.isAdmin;
  if (record.isDemoUser !== undefined) user.isDemoUser = record.isDemoUser;
  return user as TPublicUser;
}
