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
