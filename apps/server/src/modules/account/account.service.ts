/**
 * Account deletion with the 14-day undo window (spec 01 §4; policy ACCOUNT_DELETION_UNDO_DAYS),
 * restore inside it, and the purge after it: personal data and files are removed, the ledger and
 * billing records stay with the user row anonymised (privacy policy: billing records 5 years).
 */
import { ACCOUNT_DELETE_CONFIRMATION, type TDeleteAccountBody } from "@gyeol/shared/contracts/account";
import { ACCOUNT_DELETION_UNDO_DAYS } from "@gyeol/shared/policy";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import type { PasswordHasher } from "../../lib/password.ts";
import { type AuthService, type ClientMeta, purgeDateOf, type SignedIn } from "../auth/auth.service.ts";
import { isDemoUser } from "../users/demo-user.ts";

/** Accounts purged per cron run; the next run takes the rest. */
const PURGE_BATCH = 50;

export interface AccountServiceDeps {
  store: Store;
  auth: AuthService;
  storage: Pick<FileStorage, "delete">;
  passwords: PasswordHasher;
  clock: Clock;
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService({ store, auth, storage, passwords, clock }: AccountServiceDeps) {
  async function confirmIdentity(user: UserRow, body: TDeleteAccountBody) {
    const isConfirmed =
      user.password_hash !== null
        ? body.password !== undefined && (await passwords.verify(user.password_hash, body.password))
        : body.confirmation?.toUpperCase() === ACCOUNT_DELETE_CONFIRMATION;
    if (!isConfirmed) {
      throw new AppError(
        400,
        "CONFIRMATION_MISMATCH",
        user.password_hash !== null
          ? "The password is not correct."
          : `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm.`,
      );
    }
  }

  return {
    /** Schedules the deletion and signs the account out everywhere; returns the purge date. */
    async requestDeletion(user: UserRow, body: TDeleteAccountBody): Promise<{ purgeAt: string }> {
      if (isDemoUser(user)) throw new AppError(403, "FORBIDDEN", "The demo account cannot be deleted.");
      await confirmIdentity(user, body);
      // A renewing subscription would go on charging a deleted account: it is cancelled first.
      if (user.plan !== "free" && user.subscription_id !== null && user.cancelled_at === null) {
        throw new AppError(
          409,
          "SUBSCRIPTION_ACTIVE",
          "Cancel your subscription before deleting the account.",
        );
      }
      const now = clock.now().toISOString();
      await store.account.setDeletionRequested(user.id, now, now);
      await store.account.deleteSessionsOf(user.id);
      return { purgeAt: purgeDateOf(now) };
    },

    /** Undoes a scheduled deletion (the restore offer of a sign-in) and signs the user in. */
    async restore(userId: number, meta: ClientMeta): Promise<SignedIn> {
      const user = await store.users.findById(userId);
      const now = clock.now();
      if (
        !user ||
        user.deleted_at !== null ||
        user.deletion_requested_at === null ||
        Date.parse(purgeDateOf(user.deletion_requested_at)) <= now.getTime()
      ) {
        throw new AppError(410, "SIGNIN_EXPIRED", "This account can no longer be restored.");
      }
      const restored = await store.account.setDeletionRequested(user.id, null, now.toISOString());
      return auth.startSession(restored ?? user, meta);
    },

    /** The cron task: purges accounts whose undo window has passed; returns how many. */
    async purgeDueAccounts(): Promise<{ purged: number; failed: number }> {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_UNDO_DAYS * DAY_MS).toISOString();
      let purged = 0;
      let failed = 0;
      for (const userId of await store.account.listDueForPurge(cutoff, PURGE_BATCH)) {
        try {
          // Files first: if deleting one fails, the rows still point at it and the next run retries.
          for (const key of await store.account.listFileKeys(userId)) await storage.delete(key);
          if (await store.account.purge(userId, now.toISOString())) purged += 1;
        } catch {
          // One account whose file the storage will not delete must not keep every account after
          // it past the promised window; the cron log shows the count, the next run tries again.
          failed += 1;
        }
      }
      return { purged, failed };
    },
  };
}
