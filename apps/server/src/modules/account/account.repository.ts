/**
 * The account lifecycle's SQL (spec 01 §4 deletion undo window; §9 privacy retention): scheduling
 * and undoing a deletion, and the purge that removes personal data while the anonymised user row
 * keeps the credit ledger and billing records pointing somewhere (privacy policy: billing 5 years).
 */
import type { Kysely } from "kysely";
import type { DB, UserRow } from "../../db/schema.ts";

export type AccountRepository = ReturnType<typeof createAccountRepository>;

export function createAccountRepository(db: Kysely<DB>) {
  return {
    async setDeletionRequested(userId: number, at: string | null, now: string): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ deletion_requested_at: at, updated_at: now })
        .where("id", "=", userId)
        .where("deleted_at", "is", null)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteSessionsOf(userId: number): Promise<void> {
      await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },

    /** Users whose deletion was asked for at or before `cutoff` and who are not purged yet. */
    async listDueForPurge(cutoff: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom("users")
        .select("id")
        .where("deletion_requested_at", "is not", null)
        .where("deletion_requested_at", "<=", cutoff)
        .where("deleted_at", "is", null)
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every storage key of the user's uploads and results. */
    async listFileKeys(userId: number): Promise<string[]> {
      const images = await db
        .selectFrom("images")
        .select(["image_url", "original_image_url", "thumbnail_url", "all_image_urls"])
        .where("user_id", "=", userId)
        .execute();
      const uploads = await db
        .selectFrom("uploads")
        .select(["key", "overlay_key"])
        .where("user_id", "=", userId)
        .execute();
      const keys = new Set<string>();
      const add = (key: unknown) => {
        if (typeof key === "string" && key) keys.add(key);
      };
      for (const image of images) {
        add(image.image_url);
        add(image.original_image_url);
        add(image.thumbnail_url);
        if (image.all_image_urls) {
          try {
            const all: unknown = JSON.parse(image.all_image_urls);
            if (Array.isArray(all)) all.forEach(add);
          } catch {
            // A malformed list has nothing we could delete by name.
          }
        }
      }
      for (const upload of uploads) {
        add(upload.key);
        add(upload.overlay_key);
      }
      return [...keys];
    },

    /**
     * Removes the user's personal data in one transaction and anonymises the row. The ledger,
     * payment subscriptions and referrals stay (billing records), now about "deleted user <id>".
     */
    async purge(userId: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom("users")
          .select(["id", "deleted_at", "deletion_requested_at"])
          .where("id", "=", userId)
          .executeTakeFirst();
        if (!user || user.deleted_at !== null || user.deletion_requested_at === null) return false;
        await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
        await trx.deleteFrom("user_identities").where("user_id", "=", userId).execute();
        await trx.deleteFrom("password_reset_tokens").where("user_id", "=", userId).execute();
        await trx.deleteFrom("images").where("user_id", "=", userId).execute();
        await trx.deleteFrom("uploads").where("user_id", "=", userId).execute();
        await trx.deleteFrom("jobs").where("user_id", "=", userId).execute();
        await trx
          .updateTable("users")
          .set({
            email: `deleted-${userId}@deleted.invalid`,
            name: "",
            password_hash: null,
            affiliate_code: null,
            deleted_at: now,
            updated_at: now,
          })
          .where("id", "=", userId)
          .execute();
        return true;
      });
    },
  };
}
