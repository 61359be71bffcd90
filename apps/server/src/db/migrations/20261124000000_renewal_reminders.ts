/**
 * Renewal reminder e-mails (spec 01 §9 Terms: "renewal reminder e-mails 7, 3 and 1 days before";
 * policy RENEWAL_REMINDER_DAYS). One row per (subscription, renewal date, days before): the key
 * makes each reminder go out at most once, whichever cron process gets there first, and a
 * renewal date that moves (the next period) starts a fresh set.
 * - status `sending`: claimed, the e-mail is on its way (a failed send deletes the row again);
 * - `sent`: delivered to the mail driver at `sent_at`;
 * - `skipped`: passed over because a nearer reminder was due when the cron looked (missed runs).
 */
import { type Kysely, sql } from "kysely";
import type { DialectMigration } from "./migration-helpers.ts";

export const renewalRemindersMigration: DialectMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("renewal_reminders")
      .addColumn("subscription_id", "text", (c) =>
        c.notNull().references("payment_subscriptions.id").onDelete("cascade"),
      )
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      /** The renewal instant the reminder is about (users.next_renewal_date, ISO-8601 UTC). */
      .addColumn("renewal_date", "text", (c) => c.notNull())
      .addColumn("days_before", "integer", (c) => c.notNull().check(sql`days_before in (7, 3, 1)`))
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('sending', 'sent', 'skipped')`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .addPrimaryKeyConstraint("renewal_reminders_pkey", ["subscription_id", "renewal_date", "days_before"])
      .execute();
    await db.schema
      .createIndex("renewal_reminders_user_id_idx")
      .on("renewal_reminders")
      .column("user_id")
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("renewal_reminders").execute();
  },
};
