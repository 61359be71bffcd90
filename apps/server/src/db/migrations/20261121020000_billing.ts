/**
 * Money tables (issue 5; spec 01 §3 Subscription status, Credits; §4 plan change; ARCHITECTURE
 * "Credits are a ledger"):
 * - payment_subscriptions: our view of each provider subscription, with the `occurred_at` of the
 *   last applied event so a late, older event never overwrites a newer state;
 * - payment_events: provider event ids already processed (a replayed webhook changes nothing);
 * - affiliate_referrals: who brought a user (first touch, one row per referred user);
 * - sandbox_checkouts / sandbox_subscriptions: the provider-side state of the built-in sandbox
 *   payment driver (unused when Paddle is the driver);
 * - credit_ledger.job_id: the job a spend or refund belongs to (My Page history, issue 4).
 */
import { type Kysely, sql } from "kysely";
import type { DialectMigration } from "./migration-helpers.ts";

export const billingMigration: DialectMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("credit_ledger").addColumn("job_id", "text").execute();

    await db.schema
      .createTable("payment_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("status", "text", (c) => c.notNull())
      /** The plan the provider bills next (its current item). */
      .addColumn("plan", "text", (c) => c.notNull())
      /** The plan whose benefits the current period was credited with. */
      .addColumn("credited_plan", "text")
      .addColumn("credited_period_start", "text")
      .addColumn("current_period_start", "text")
      .addColumn("current_period_end", "text")
      .addColumn("scheduled_change_action", "text")
      .addColumn("scheduled_change_effective_at", "text")
      .addColumn("canceled_at", "text")
      .addColumn("last_event_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("payment_subscriptions_user_id_idx")
      .on("payment_subscriptions")
      .column("user_id")
      .execute();

    await db.schema
      .createTable("payment_events")
      .addColumn("event_id", "text", (c) => c.primaryKey())
      .addColumn("event_type", "text", (c) => c.notNull())
      .addColumn("occurred_at", "text", (c) => c.notNull())
      .addColumn("processed_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("affiliate_referrals")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("referrer_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("code", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addCheckConstraint("affiliate_referrals_not_self", sql`user_id <> referrer_user_id`)
      .execute();

    await db.schema
      .createTable("sandbox_checkouts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("price_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('open', 'completed')`))
      .addColumn("transaction_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("completed_at", "text")
      .execute();

    await db.schema
      .createTable("sandbox_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("customer_id", "text", (c) => c.notNull())
      .addColumn("price_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("current_period_start", "text", (c) => c.notNull())
      .addColumn("current_period_end", "text", (c) => c.notNull())
      .addColumn("scheduled_change_action", "text")
      .addColumn("scheduled_change_effective_at", "text")
      .addColumn("canceled_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("sandbox_subscriptions_period_end_idx")
      .on("sandbox_subscriptions")
      .columns(["status", "current_period_end"])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("sandbox_subscriptions").execute();
    await db.schema.dropTable("sandbox_checkouts").execute();
    await db.schema.dropTable("affiliate_referrals").execute();
    await db.schema.dropTable("payment_events").execute();
    await db.schema.dropTable("payment_subscriptions").execute();
    await db.schema.alterTable("credit_ledger").dropColumn("job_id").execute();
  },
};
