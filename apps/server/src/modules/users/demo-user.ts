/**
 * The demo user (spec 01 §3, §6; spec 02 §6; spec README). The original signed in a fake user on
 * any page served from localhost; here a server setting, DEMO_MODE, does it explicitly and
 * nothing else can: with the setting off no demo user is honoured on any host (auth.service.ts).
 *
 * What the demo user is:
 * - a real users row (is_demo = 1) so sessions, tools and history work the normal way;
 * - shown with credits 999999 and plan "pro" and isDemoUser true (users.mapper.ts);
 * - never charged: the credit ledger's spend must skip it — call `isDemoUser(user)` there
 *   (modules/credits: `if (isDemoUser(user)) return` before writing spend lines);
 * - never an administrator, and it cannot be deleted.
 */
import type { UserRow } from "../../db/schema.ts";

export const DEMO_USER_EMAIL = "demo@demo.gyeol.invalid";
export const DEMO_USER_NAME = "Demo";
/** spec 01 §3: "a fake demo user is created with credits 999999 and plan pro". */
export const DEMO_PLAN = "pro" as const;

export function isDemoUser(user: Pick<UserRow, "is_demo"> | null | undefined): boolean {
  return user?.is_demo === 1;
}
