import { DEFAULT_ADMIN_USER_ID } from "@gyeol/shared/constants";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { PasswordHasher } from "../../lib/password.ts";

export interface UsersServiceDeps {
  store: Store;
  passwords: PasswordHasher;
  clock: Clock;
}

export interface CreateUserInput {
  name: string;
  /** Lowercased by the contracts; lowercased again here for callers that skip them. */
  email: string;
  password: string | null;
  isAdmin?: boolean;
}

export const EMAIL_TAKEN_MESSAGE = "This e-mail is already registered.";

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ store, passwords, clock }: UsersServiceDeps) {
  return {
    /**
     * Creates a user. The first user (id 1) becomes administrator in the same transaction
     * (spec 01 §6 "the user whose id is 1", kept as a role per the spec README).
     */
    async create(input: CreateUserInput): Promise<UserRow> {
      const passwordHash = input.password === null ? null : await passwords.hash(input.password);
      const now = clock.now().toISOString();
      try {
        return await store.transaction(async (tx) => {
          const user = await tx.users.insert({
            email: input.email.trim().toLowerCase(),
            name: input.name.trim(),
            password_hash: passwordHash,
            role: input.isAdmin ? "admin" : "user",
            created_at: now,
            updated_at: now,
          });
          if (user.id === DEFAULT_ADMIN_USER_ID && user.role !== "admin") {
            return (await tx.users.setRole(user.id, "admin", now)) ?? user;
          }
          return user;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, "EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
        throw error;
      }
    },

    findById: (id: number) => store.users.findById(id),

    findByEmail: (email: string) => store.users.findByEmail(email.trim().toLowerCase()),

    async getByEmail(email: string): Promise<UserRow> {
      const user = await store.users.findByEmail(email.trim().toLowerCase());
      if (!user) throw new AppError(404, "NOT_FOUND", `No user with the e-mail ${email}.`);
      return user;
    },

    async setAdmin(userId: number, isAdmin: boolean): Promise<UserRow> {
      const user = await store.users.setRole(userId, isAdmin ? "admin" : "user", clock.now().toISOString());
      if (!user) throw new AppError(404, "NOT_FOUND", "User not found.");
      return user;
    },

    list: () => store.users.listAll(),
  };
}
