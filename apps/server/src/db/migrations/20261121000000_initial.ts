/**
 * Foundation tables: users, sessions, the credit ledger and affiliate clicks
 * (spec 01 §3 User, §4 credits, §1 affiliate; ARCHITECTURE "Credits are a ledger", "Sessions").
 */
import { type Kysely, sql } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

export const initialMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await addIdColumn(db.schema.createTable("users"), ctx)
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("password_hash", "text")
      .addColumn("role", "text", (c) => c.notNull().defaultTo("user").check(sql`role in ('user', 'admin')`))
      .addColumn("plan", "text", (c) => c.notNull().defaultTo("free"))
      .addColumn("subscription_credits", "integer", (c) =>
        c.notNull().defaultTo(0).check(sql`subscription_credits >= 0`),
      )
      .addColumn("onetime_credits", "integer", (c) =>
        c.notNull().defaultTo(0).check(sql`onetime_credits >= 0`),
      )
      .addColumn("bonus_credits", "integer", (c) => c.notNull().defaultTo(0).check(sql`bonus_credits >= 0`))
      .addColumn("balance", "double precision", (c) => c.notNull().defaultTo(0))
      .addColumn("cancelled_at", "text")
      .addColumn("subscription_end_date", "text")
      .addColumn("next_renewal_date", "text")
      .addColumn("subscription_id", "text")
      .addColumn("payment_customer_id", "text")
      .addColumn("affiliate_code", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .addColumn("ip", "text")
      .execute();
    await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
    await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

    await addIdColumn(db.schema.createTable("credit_ledger"), ctx)
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("bucket", "text", (c) =>
        c.notNull().check(sql`bucket in ('subscription', 'onetime', 'bonus')`),
      )
      .addColumn("delta", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) =>
        c.notNull().check(sql`kind in ('grant', 'purchase', 'spend', 'refund', 'expiry', 'reward', 'admin')`),
      )
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
      .addColumn("balance_after", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("credit_ledger_user_id_idx")
      .on("credit_ledger")
      .columns(["user_id", "id"])
      .execute();

    await addIdColumn(db.schema.createTable("affiliate_clicks"), ctx)
      .addColumn("code", "text", (c) => c.notNull())
      .addColumn("campaign", "text")
      .addColumn("visitor_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("affiliate_clicks_code_idx").on("affiliate_clicks").column("code").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("affiliate_clicks").execute();
    await db.schema.dropTable("credit_ledger").execute();
    await db.schema.dropTable("sessions").execute();
    await db.schema.dropTable("users").execute();
  },
};
