/**
 * What a share link earned (issue 30): one row per rewarded payment, written in the payment's
 * transaction beside the ledger line that credits the sharer (affiliate.service.ts rewardReferrer).
 * My Page lists them (who paid, when, how much; never the buyer's e-mail), and `seen_at` is when the
 * sharer was told: a reward that arrives while they are away is announced once, in one tab.
 *
 * Rewards written before this table are taken from the ledger (`reward:<transaction id>`, reason
 * "affiliate reward (user N)"), marked seen: they were paid out long ago, no news now.
 */
import { type Kysely, sql } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

export const affiliateRewardsMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await addIdColumn(db.schema.createTable("affiliate_rewards"), ctx)
      .addColumn("referrer_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("buyer_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("transaction_id", "text", (c) => c.notNull().unique())
      /** Credits the buyer received in that payment (null for rewards taken from the ledger). */
      .addColumn("purchase_credits", "integer")
      .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits > 0`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("seen_at", "text")
      .execute();
    await db.schema
      .createIndex("affiliate_rewards_referrer_idx")
      .on("affiliate_rewards")
      .columns(["referrer_user_id", "created_at"])
      .execute();

    const old = await sql<{
      user_id: number;
      delta: number;
      reason: string;
      idempotency_key: string;
      created_at: string;
    }>`select user_id, delta, reason, idempotency_key, created_at from credit_ledger where kind = 'reward' and delta > 0`.execute(
      db,
    );
    for (const line of old.rows) {
      const buyer = /\(user (\d+)\)/.exec(line.reason)?.[1];
      if (!buyer || !line.idempotency_key.startsWith("reward:")) continue;
      await sql`insert into affiliate_rewards (referrer_user_id, buyer_user_id, transaction_id, purchase_credits, credits, created_at, seen_at)
        values (${line.user_id}, ${Number(buyer)}, ${line.idempotency_key.slice("reward:".length)}, ${null}, ${line.delta}, ${line.created_at}, ${line.created_at})`.execute(
        db,
      );
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("affiliate_rewards").execute();
  },
};
