import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;

export function createAffiliateRepository(db: Kysely<DB>) {
  return {
    async findUserIdByCode(code: string): Promise<number | undefined> {
      const row = await db
        .selectFrom("users")
        .select("id")
        .where("affiliate_code", "=", code)
        .executeTakeFirst();
      return row?.id;
    },

    async findCodeOfUser(userId: number): Promise<string | null | undefined> {
      const row = await db
        .selectFrom("users")
        .select("affiliate_code")
        .where("id", "=", userId)
        .executeTakeFirst();
      return row ? row.affiliate_code : undefined;
    },

    /** Sets the code only while the user has none, so concurrent calls keep the first one. */
    async setCodeIfMissing(userId: number, code: string, now: string): Promise<void> {
      await db
        .updateTable("users")
        .set({ affiliate_code: code, updated_at: now })
        .where("id", "=", userId)
        .where("affiliate_code", "is", null)
        .execute();
    },

    async insertClick(click: {
      code: string;
      campaign: string | null;
      visitor_hash: string;
      created_at: string;
    }) {
      await db.insertInto("affiliate_clicks").values(click).execute();
    },

    /** First touch: a user's referral is written once and never replaced. */
    async insertReferralIfMissing(referral: {
      user_id: number;
      referrer_user_id: number;
      code: string;
      created_at: string;
    }): Promise<boolean> {
      const row = await db
        .insertInto("affiliate_referrals")
        .values(referral)
        .onConflict((oc) => oc.column("user_id").doNothing())
        .returning("user_id")
        .executeTakeFirst();
      return row !== undefined;
    },

    findReferral(userId: number) {
      return db
        .selectFrom("affiliate_referrals")
        .selectAll()
        .where("user_id", "=", userId)
        .executeTakeFirst();
    },

    /** The row behind a reward's ledger line (issue 30), in the payment's transaction. */
    async insertReward(reward: {
      referrer_user_id: number;
      buyer_user_id: number;
      transaction_id: string;
      purchase_credits: number;
      credits: number;
      created_at: string;
    }): Promise<void> {
      await db.insertInto("affiliate_rewards").values(reward).execute();
    },

    /** A sharer's rewards, newest first, with the buyer's name and whether the account is gone. */
    listRewards(referrerId: number, limit: number) {
      return db
        .selectFrom("affiliate_rewards as r")
        .innerJoin("users as u", "u.id", "r.buyer_user_id")
        .select([
          "r.id",
          "r.credits",
          "r.purchase_credits",
          "r.created_at",
          "u.name as buyer_name",
          "u.deleted_at as buyer_deleted_at",
        ])
        .where("r.referrer_user_id", "=", referrerId)
        .orderBy("r.created_at", "desc")
        .orderBy("r.id", "desc")
        .limit(limit)
        .execute();
    },

    /** How many rewards, from how many people, and how many credits in all. */
    async rewardTotals(referrerId: number): Promise<{ rewards: number; buyers: number; credits: number }> {
      const row = await db
        .selectFrom("affiliate_rewards")
        .select((eb) => [
          eb.fn.countAll<number>().as("rewards"),
          eb.fn.count<number>("buyer_user_id").distinct().as("buyers"),
          eb.fn.coalesce(eb.fn.sum<number>("credits"), eb.lit(0)).as("credits"),
        ])
        .where("referrer_user_id", "=", referrerId)
        .executeTakeFirstOrThrow();
      return { rewards: Number(row.rewards), buyers: Number(row.buyers), credits: Number(row.credits) };
    },

    async countReferrals(referrerId: number): Promise<number> {
      const row = await db
        .selectFrom("affiliate_referrals")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("referrer_user_id", "=", referrerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Marks the sharer's unannounced rewards as announced and returns them: one statement, so of
     * two tabs asking at once only one gets them.
     */
    claimUnseenRewards(referrerId: number, now: string) {
      return db
        .updateTable("affiliate_rewards")
        .set({ seen_at: now })
        .where("referrer_user_id", "=", referrerId)
        .where("seen_at", "is", null)
        .returning(["id", "credits", "created_at"])
        .execute();
    },

    async countClicks(code: string): Promise<number> {
      const row = await db
        .selectFrom("affiliate_clicks")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("code", "=", code)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
