/**
 * The per-account login limit (issue 11). The per-IP limit alone let an attacker who rotates
 * addresses guess one account's password without end, and held up an owner behind a busy NAT.
 *
 * - The first LOGIN_FREE_FAILURES wrong passwords for an e-mail cost nothing. After that, each one
 *   holds the e-mail for 1 s, 2 s, 4 s … up to LOGIN_BACKOFF_MAX_MS: until then an attempt is
 *   answered 429 before any password is checked (so a held attempt says nothing about the
 *   password, and does not lengthen the hold). Failures are forgotten LOGIN_FAILURE_MEMORY_MS
 *   after the last one; a correct password or a password reset forgets them at once.
 * - Unknown e-mails are counted the same way, so the limit does not tell who has an account.
 * - A browser that signed in to the account before (its known-device cookie, auth.routes.ts) has
 *   a count of its own: strangers hammering the account do not lock its owner out of it.
 * Counts live in the database, so they hold across API processes and restarts.
 */
import type { TLoginLimitDetails } from "@gyeol/shared/contracts/rate-limit";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import { sha256Hex } from "../../lib/crypto.ts";

export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_BACKOFF_BASE_MS = 1000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60_000;
export const LOGIN_FAILURE_MEMORY_MS = DAY_MS;

export const ACCOUNT_THROTTLED_MESSAGE =
  "Too many wrong passwords for this account. Wait before trying again, sign in from a browser you have used before, or reset your password by e-mail.";

/** How long a key is held after its `failures`-th failure in a row (0 while tries are free). */
export function backoffMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  const doublings = failures - LOGIN_FREE_FAILURES;
  // 2^20 s is far past the cap already; stop there so the number stays small.
  return Math.min(LOGIN_BACKOFF_BASE_MS * 2 ** Math.min(doublings, 20), LOGIN_BACKOFF_MAX_MS);
}

/** The account part of a throttle key: the normalized e-mail's sha256 (no e-mail in the table). */
export function loginAccountKey(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

/** What a known-device cookie vouches for: this browser signed in to this account before. */
export interface KnownDevice {
  account: string;
  device: string;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle({ store, clock }: { store: Store; clock: Clock }) {
  /** The key this attempt is counted under: the device's own when it knows this account. */
  function keyOf(email: string, device: KnownDevice | null): string {
    const account = loginAccountKey(email);
    return device?.account === account ? `${account}:${device.device}` : account;
  }

  return {
    keyOf,

    /** Throws 429 RATE_LIMITED (details.scope "account") while the key is held. */
    async assertMayTry(key: string): Promise<void> {
      const row = await store.loginFailures.find(key);
      if (!row?.blocked_until) return;
      const waitMs = Date.parse(row.blocked_until) - clock.now().getTime();
      if (waitMs <= 0) return;
      const retryAfterSeconds = Math.ceil(waitMs / 1000);
      const details: TLoginLimitDetails = { scope: "account", retryAfterSeconds };
      throw new AppError(429, "RATE_LIMITED", ACCOUNT_THROTTLED_MESSAGE, details);
    },

    async recordFailure(key: string, userId: number | null): Promise<void> {
      const now = clock.now();
      const forgetBefore = new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS).toISOString();
      const failures = await store.loginFailures.recordFailure(key, userId, now.toISOString(), forgetBefore);
      const holdMs = backoffMs(failures);
      if (holdMs > 0)
        await store.loginFailures.blockUntil(key, new Date(now.getTime() + holdMs).toISOString());
    },

    /** A correct password: the e-mail's count and every device count of the account go. */
    forget: (email: string, userId: number) => store.loginFailures.forget(loginAccountKey(email), userId),

    /** The cron role's hourly sweep of counts nobody added to for a day. */
    deleteForgotten: () =>
      store.loginFailures.deleteOlderThan(
        new Date(clock.now().getTime() - LOGIN_FAILURE_MEMORY_MS).toISOString(),
      ),
  };
}
