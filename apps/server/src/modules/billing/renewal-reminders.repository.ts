/**
 * SQL of the renewal reminders (spec 01 §9 Terms): which subscriptions are due a reminder, and the
 * `renewal_reminders` rows whose primary key lets one cron process, and one only, send each.
 */
import { PAID_PLANS, type TPaidPlan } from "@gyeol/shared/plans";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export type RenewalRemindersRepository = ReturnType<typeof createRenewalRemindersRepository>;

/** The key of one reminder: a subscription's renewal date and how many days before it. */
export interface RenewalReminderKey {
  subscription_id: string;
  renewal_date: string;
  days_before: number;
}

export interface RenewalCandidate {
  subscription_id: string;
  user_id: number;
  email: string;
  /** The plan the renewal bills (after a scheduled downgrade, the lower one). */
  plan: TPaidPlan;
  renewal_date: string;
}

/** Subscription statuses that renew at the period end (past_due is already being retried). */
const RENEWING_STATUSES = ["active", "trialing"];

export function createRenewalRemindersRepository(db: Kysely<DB>) {
  return {
    /**
     * Subscriptions that renew in (`after`, `until`] and have no `days_before` reminder row for
     * that date yet: active, nothing scheduled (cancel or pause), a paid plan, the user's current
     * subscription, and an account that is neither deleted nor waiting for deletion. Keyset-paged
     * by subscription id (`afterId`).
     */
    async listDue(query: {
      after: string;
      until: string;
      daysBefore: number;
      afterId: string;
      limit: number;
    }): Promise<RenewalCandidate[]> {
      const rows = await db
        .selectFrom("payment_subscriptions as s")
        .innerJoin("users as u", (join) =>
          join.onRef("u.subscription_id", "=", "s.id").onRef("u.id", "=", "s.user_id"),
        )
        .select([
          "s.id as subscription_id",
          "s.user_id",
          "u.email",
          "s.plan",
          "u.next_renewal_date as renewal_date",
        ])
        .where("s.status", "in", RENEWING_STATUSES)
        .where("s.scheduled_change_action", "is", null)
        .where("s.canceled_at", "is", null)
        .where("s.plan", "in", PAID_PLANS)
        .where("u.plan", "!=", "free")
        .where("u.cancelled_at", "is", null)
        .where("u.deleted_at", "is", null)
        .where("u.deletion_requested_at", "is", null)
        .where("u.is_demo", "=", 0)
        .where("u.next_renewal_date", ">", query.after)
        .where("u.next_renewal_date", "<=", query.until)
        .where("s.id", ">", query.afterId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("renewal_reminders as r")
                .select("r.subscription_id")
                .whereRef("r.subscription_id", "=", "s.id")
                .whereRef("r.renewal_date", "=", "u.next_renewal_date")
                .where("r.days_before", "=", query.daysBefore),
            ),
          ),
        )
        .orderBy("s.id")
        .limit(query.limit)
        .execute();
      return rows.map((row) => ({ ...row, plan: row.plan as TPaidPlan, renewal_date: row.renewal_date! }));
    },

    /**
     * Claims a reminder before its e-mail goes out: true when this call inserted the row, false
     * when another run already holds it (sending, sent or skipped).
     */
    async claim(key: RenewalReminderKey, userId: number, now: string): Promise<boolean> {
      const inserted = await db
        .insertInto("renewal_reminders")
        .values({ ...key, user_id: userId, status: "sending", created_at: now, sent_at: null })
        .onConflict((oc) => oc.columns(["subscription_id", "renewal_date", "days_before"]).doNothing())
        .returning("subscription_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Records farther reminders as passed over; rows already there (sent, sending) stay as they are. */
    async markSkipped(keys: RenewalReminderKey[], userId: number, now: string): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insertInto("renewal_reminders")
        .values(keys.map((key) => ({ ...key, user_id: userId, status: "skipped" as const, created_at: now })))
        .onConflict((oc) => oc.columns(["subscription_id", "renewal_date", "days_before"]).doNothing())
        .execute();
    },

    async markSent(key: RenewalReminderKey, now: string): Promise<void> {
      await db
        .updateTable("renewal_reminders")
        .set({ status: "sent", sent_at: now })
        .where("subscription_id", "=", key.subscription_id)
        .where("renewal_date", "=", key.renewal_date)
        .where("days_before", "=", key.days_before)
        .where("status", "=", "sending")
        .execute();
    },

    /** Gives a claim back after a failed send, so the next run tries again. */
    async release(key: RenewalReminderKey): Promise<void> {
      await db
        .deleteFrom("renewal_reminders")
        .where("subscription_id", "=", key.subscription_id)
        .where("renewal_date", "=", key.renewal_date)
        .where("days_before", "=", key.days_before)
        .where("status", "=", "sending")
        .execute();
    },

    /** Every reminder row of a subscription, oldest renewal first (tests, support questions). */
    listForSubscription(subscriptionId: string) {
      return db
        .selectFrom("renewal_reminders")
        .selectAll()
        .where("subscription_id", "=", subscriptionId)
        .orderBy("renewal_date")
        .orderBy("days_before", "desc")
        .execute();
    },
  };
}
