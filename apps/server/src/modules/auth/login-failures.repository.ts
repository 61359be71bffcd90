/** SQL of the per-account login limit (login-throttle.service.ts); dialect-neutral upserts. */
import { type Kysely, sql } from "kysely";
import type { DB, LoginFailureRow } from "../../db/schema.ts";

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;

export function createLoginFailuresRepository(db: Kysely<DB>) {
  return {
    find(key: string): Promise<LoginFailureRow | undefined> {
      return db.selectFrom("login_failures").selectAll().where("key", "=", key).executeTakeFirst();
    },

    /**
     * Counts one failure in a single statement, so failures arriving together at several API
     * processes each count. A count whose last failure is older than `forgetBefore` starts again.
     * Returns the count after this failure.
     */
    async recordFailure(
      key: string,
      userId: number | null,
      now: string,
      forgetBefore: string,
    ): Promise<number> {
      const isForgotten = sql<boolean>`login_failures.last_failed_at < ${forgetBefore}`;
      const row = await db
        .insertInto("login_failures")
        .values({ key, user_id: userId, failures: 1, last_failed_at: now, blocked_until: null })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            user_id: eb.ref("excluded.user_id"),
            failures: sql<number>`case when ${isForgotten} then 1 else login_failures.failures + 1 end`,
            blocked_until: sql<
              string | null
            >`case when ${isForgotten} then null else login_failures.blocked_until end`,
            last_failed_at: eb.ref("excluded.last_failed_at"),
          })),
        )
        .returning("failures")
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    /** Holds the key until `until`, never shortening a longer hold another process just set. */
    async blockUntil(key: string, until: string): Promise<void> {
      await db
        .updateTable("login_failures")
        .set({ blocked_until: until })
        .where("key", "=", key)
        .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", until)]))
        .execute();
    },

    /** Forgets an account's failures: its e-mail's key and every device key of the user. */
    async forget(key: string, userId: number | null): Promise<void> {
      await db
        .deleteFrom("login_failures")
        .where((eb) =>
          userId === null ? eb("key", "=", key) : eb.or([eb("key", "=", key), eb("user_id", "=", userId)]),
        )
        .execute();
    },

    async forgetUser(userId: number): Promise<void> {
      await db.deleteFrom("login_failures").where("user_id", "=", userId).execute();
    },

    /** Removes rows whose last failure is before `before`; returns how many. */
    async deleteOlderThan(before: string): Promise<number> {
      const result = await db
        .deleteFrom("login_failures")
        .where("last_failed_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
