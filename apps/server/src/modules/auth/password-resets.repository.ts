import type { Kysely } from "kysely";
import type { DB, PasswordResetTokenRow } from "../../db/schema.ts";

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;

export function createPasswordResetsRepository(db: Kysely<DB>) {
  return {
    async insert(row: PasswordResetTokenRow): Promise<void> {
      await db.insertInto("password_reset_tokens").values(row).execute();
    },

    /**
     * Marks the token used if it is unused and unexpired at `now`, in one statement, so two
     * clicks on one link cannot both reset the password. Returns the user id, or undefined.
     */
    async consume(id: string, now: string): Promise<number | undefined> {
      const row = await db
        .updateTable("password_reset_tokens")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .returning("user_id")
        .executeTakeFirst();
      return row?.user_id;
    },

    /** A new link or a finished reset makes every other open link of the user useless. */
    async invalidateForUser(userId: number, now: string): Promise<void> {
      await db
        .updateTable("password_reset_tokens")
        .set({ used_at: now })
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .execute();
    },

    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom("password_reset_tokens")
        .where("expires_at", "<=", now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
