import type { Kysely } from "kysely";
import type { DB, UserIdentityRow } from "../../db/schema.ts";
import type { NewIdentity } from "../users/users.types.ts";

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;

/** The social sign-ins attached to users (user_identities). */
export function createIdentitiesRepository(db: Kysely<DB>) {
  return {
    find(provider: UserIdentityRow["provider"], subject: string): Promise<UserIdentityRow | undefined> {
      return db
        .selectFrom("user_identities")
        .selectAll()
        .where("provider", "=", provider)
        .where("subject", "=", subject)
        .executeTakeFirst();
    },

    async insert(identity: NewIdentity): Promise<UserIdentityRow> {
      return db
        .insertInto("user_identities")
        .values({ ...identity, last_used_at: identity.created_at })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** What the provider said this time (the e-mail can change), and when. */
    async touch(id: number, email: string | null, emailVerified: number, now: string): Promise<void> {
      await db
        .updateTable("user_identities")
        .set({ email, email_verified: emailVerified, last_used_at: now })
        .where("id", "=", id)
        .execute();
    },

    listByUser(userId: number): Promise<UserIdentityRow[]> {
      return db
        .selectFrom("user_identities")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },
  };
}
