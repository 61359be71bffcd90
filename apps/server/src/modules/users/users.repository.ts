import type { Kysely } from "kysely";
import type { DB, NewUser, TUserRole, UserRow } from "../../db/schema.ts";

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Kysely<DB>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** `email` must already be lowercased (the contracts do it). */
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    },

    async insert(user: NewUser): Promise<UserRow> {
      return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
    },

    async setRole(id: number, role: TUserRole, now: string): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ role, updated_at: now })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    async setPasswordHash(id: number, passwordHash: string, now: string): Promise<void> {
      await db
        .updateTable("users")
        .set({ password_hash: passwordHash, updated_at: now })
        .where("id", "=", id)
        .execute();
    },

    async setAgeConfirmed(id: number, now: string): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ age_confirmed_at: now, updated_at: now })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    listAll(): Promise<UserRow[]> {
      return db.selectFrom("users").selectAll().orderBy("id").execute();
    },
  };
}
