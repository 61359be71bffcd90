import { DEFAULT_ADMIN_USER_ID } from "@gyeol/shared/constants";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { PasswordHasher } from "../../lib/password.ts";
import { DEMO_USER_EMAIL, DEMO_USER_NAME } from "./demo-user.ts";
import type { NewIdentity } from "./users.types.ts";

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
  /** When the user confirmed being 14 or older (spec 01 §5); null when nobody asked (operator CLI). */
  ageConfirmedAt?: string | null;
  /** The demo user of DEMO_MODE: never an administrator, whatever its id (demo-user.ts). */
  isDemo?: boolean;
  /** A social sign-in to attach in the same transaction (a first Google, Naver or Kakao sign-in). */
  identity?: Omit<NewIdentity, "user_id" | "created_at">;
}

export const EMAIL_TAKEN_MESSAGE = "This e-mail is already registered.";

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ store, passwords, clock }: UsersServiceDeps) {
  /**
   * Creates a user. The first user (id 1) becomes administrator in the same transaction
   * (spec 01 §6 "the user whose id is 1", kept as a role per the spec README).
   */
  async function create(input: CreateUserInput): Promise<UserRow> {
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
          age_confirmed_at: input.ageConfirmedAt ?? null,
          deletion_requested_at: null,
          deleted_at: null,
          is_demo: input.isDemo ? 1 : 0,
        });
        if (input.identity)
          await tx.identities.insert({ ...input.identity, user_id: user.id, created_at: now });
        if (user.id === DEFAULT_ADMIN_USER_ID && user.role !== "admin" && !input.isDemo) {
          return (await tx.users.setRole(user.id, "admin", now)) ?? user;
        }
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, "EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
      throw error;
    }
  }

  return {
    create,

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

    /** The one demo user (DEMO_MODE), made on first use. */
    async findOrCreateDemoUser(): Promise<UserRow> {
      const found = await store.users.findByEmail(DEMO_USER_EMAIL);
      if (found) return found;
      try {
        return await create({
          name: DEMO_USER_NAME,
          email: DEMO_USER_EMAIL,
          password: null,
          isDemo: true,
          ageConfirmedAt: clock.now().toISOString(),
        });
      } catch (error) {
        // Two first requests at once: the other one made it.
        const raced = await store.users.findByEmail(DEMO_USER_EMAIL);
        if (raced) return raced;
        throw error;
      }
    },

    async setPassword(userId: number, password: string): Promise<void> {
      await store.users.setPasswordHash(userId, await passwords.hash(password), clock.now().toISOString());
    },

    setAgeConfirmed: (userId: number) => store.users.setAgeConfirmed(userId, clock.now().toISOString()),
  };
}
