import type { Kysely } from "kysely";
import type { DB, SessionRow, UserRow } from "../../db/schema.ts";

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export function createSessionsRepository(db: Kysely<DB>) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto("sessions").values(session).execute();
    },

    /** The session with its user, if it exists and has not expired at `now`. */
    async findActiveWithUser(
      id: string,
      now: string,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const session = await db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", id)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (!session) return undefined;
      const user = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", session.user_id)
        .executeTakeFirst();
      return user ? { session, user } : undefined;
    },

    async extend(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
        .where("id", "=", id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },

    /** Removes sessions that expired before `now`; returns how many. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
