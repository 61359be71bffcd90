/**
 * Sign-up, sign-in, sign-out and session checks (spec 01 §4 Auth state, §7 auth calls;
 * ARCHITECTURE "Sessions are server-side rows behind an httpOnly, SameSite=Lax cookie").
 */
import type { TLoginBody, TRegisterBody } from "@gyeol/shared/contracts/auth";
import { ACCOUNT_DELETION_UNDO_DAYS } from "@gyeol/shared/policy";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { PasswordHasher } from "../../lib/password.ts";
import { isDemoUser } from "../users/demo-user.ts";
import type { UsersService } from "../users/users.service.ts";
import { createLoginThrottle, type KnownDevice } from "./login-throttle.service.ts";

export interface AuthServiceDeps {
  store: Store;
  users: UsersService;
  passwords: PasswordHasher;
  clock: Clock;
  sessionTtlDays: number;
  /** DEMO_MODE (demo-user.ts): off, no demo session is ever honoured. */
  isDemoMode?: boolean;
}

/** Where a sign-in came from, kept on the session row for the user's own security review. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** A cookie value to hand to the browser; only its sha256 is stored. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
  /** Cookie lifetime, counted from the service clock (not the wall clock) so tests can move time. */
  maxAgeSeconds: number;
}

export interface SignedIn {
  user: UserRow;
  session: IssuedSession;
}

/**
 * What a successful authentication leads to: a session, or, for an account inside its deletion
 * undo window, the offer to restore it (spec 01 §4) instead of a session.
 */
export type SignInOutcome =
  | ({ kind: "signedIn" } & SignedIn)
  | { kind: "pendingDeletion"; userId: number; purgeAt: string };

/** When an account whose deletion was asked for at `requestedAt` is purged. */
export function purgeDateOf(requestedAt: string): string {
  return new Date(Date.parse(requestedAt) + ACCOUNT_DELETION_UNDO_DAYS * DAY_MS).toISOString();
}

export const INVALID_CREDENTIALS_MESSAGE = "E-mail or password is incorrect.";

/** Sliding renewal happens at most once a day, so a busy user costs one write per day, not per call. */
const RENEW_INTERVAL_MS = DAY_MS;
const USER_AGENT_MAX = 512;
/**
 * How long a read-only poll may reuse a session check (ARCHITECTURE "Sessions"): the retouch
 * page polls status and history, and a session lookup is two queries, most of such a request's
 * cost. Logout forgets the token at once in this process; other API processes see it within this.
 */
export const RECENT_SESSION_MS = 5_000;
const RECENT_SESSION_LIMIT = 10_000;

export type AuthService = ReturnType<typeof createAuthService>;

export interface Authenticated {
  user: UserRow;
  /** Set when the session's expiry slid forward: the cookie must be sent again. */
  renewed: IssuedSession | null;
}

export function createAuthService({
  store,
  users,
  passwords,
  clock,
  sessionTtlDays,
  isDemoMode = false,
}: AuthServiceDeps) {
  const ttlMs = sessionTtlDays * DAY_MS;
  const throttle = createLoginThrottle({ store, clock });
  // Verified against when the e-mail is unknown, so both failures take about as long.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => {
    dummyHash ??= passwords.hash(randomToken(16));
    return dummyHash;
  };

  async function startSession(user: UserRow, meta: ClientMeta): Promise<SignedIn> {
    const token = randomToken(32);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await store.sessions.insert({
      id: sha256Hex(token),
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
      user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ip: meta.ip,
    });
    return { user, session: { token, expiresAt, maxAgeSeconds: ttlMs / 1000 } };
  }

  /** A session, unless the account waits for deletion: then the restore offer (spec 01 §4). */
  async function beginSession(user: UserRow, meta: ClientMeta): Promise<SignInOutcome> {
    if (user.deleted_at !== null) throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
    if (user.deletion_requested_at !== null) {
      return { kind: "pendingDeletion", userId: user.id, purgeAt: purgeDateOf(user.deletion_requested_at) };
    }
    return { kind: "signedIn", ...(await startSession(user, meta)) };
  }

  /** Sessions of the demo user count only in demo mode; a deleted or deleting account has none. */
  function isUsable(user: UserRow): boolean {
    if (isDemoUser(user) && !isDemoMode) return false;
    return user.deletion_requested_at === null && user.deleted_at === null;
  }

  /**
   * The user behind a session token, or null when it is unknown or expired. When the session
   * was last renewed more than a day ago its expiry slides forward and `renewed` says until when.
   */
  async function authenticate(token: string): Promise<Authenticated | null> {
    const id = sha256Hex(token);
    const now = clock.now();
    const found = await store.sessions.findActiveWithUser(id, now.toISOString());
    if (!found || !isUsable(found.user)) return null;
    const lastSeen = Date.parse(found.session.last_seen_at);
    if (now.getTime() - lastSeen < RENEW_INTERVAL_MS) return { user: found.user, renewed: null };
    const expiresAt = new Date(now.getTime() + ttlMs);
    await store.sessions.extend(id, now.toISOString(), expiresAt.toISOString());
    return { user: found.user, renewed: { token, expiresAt, maxAgeSeconds: ttlMs / 1000 } };
  }

  /**
   * Token → a check started less than RECENT_SESSION_MS ago (insertion order is age order). The
   * promise is shared, so the polls that arrive together when an entry runs out make one lookup.
   */
  const recent = new Map<string, { check: Promise<Authenticated | null>; until: number }>();
  // Only the caller whose check renewed the session sends the cookie again; later hits reuse a plain one.
  const withoutRenewal = (found: Authenticated | null) =>
    found?.renewed ? { ...found, renewed: null } : found;

  return {
    isDemoMode,
    startSession,
    beginSession,

    /** The terms' age confirmation is part of the body (ZRegisterBody.ageConfirmed) and recorded. */
    async register(input: TRegisterBody, meta: ClientMeta): Promise<SignedIn> {
      const user = await users.create({
        name: input.name,
        email: input.email,
        password: input.password,
        ageConfirmedAt: clock.now().toISOString(),
      });
      return startSession(user, meta);
    },

    /** Signs the visitor in as the demo user; refused unless DEMO_MODE is on. */
    async signInDemo(meta: ClientMeta): Promise<SignedIn> {
      if (!isDemoMode) throw new AppError(403, "FORBIDDEN", "Demo mode is off.");
      return startSession(await users.findOrCreateDemoUser(), meta);
    },

    /**
     * A password sign-in under the per-account limit (login-throttle.service.ts): a held e-mail is
     * refused before the password is looked at. `device` is what this browser's known-device
     * cookie vouches for, if anything.
     */
    async login(
      input: TLoginBody,
      meta: ClientMeta,
      device: KnownDevice | null = null,
    ): Promise<SignInOutcome> {
      const key = throttle.keyOf(input.email, device);
      await throttle.assertMayTry(key);
      const user = await users.findByEmail(input.email);
      const storedHash = user?.password_hash ?? null;
      const matches = await passwords.verify(storedHash ?? (await getDummyHash()), input.password);
      if (!user || storedHash === null || !matches) {
        await throttle.recordFailure(key, user?.id ?? null);
        throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
      }
      await throttle.forget(input.email, user.id);
      return beginSession(user, meta);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      recent.delete(token);
      await store.sessions.delete(sha256Hex(token));
    },

    authenticate,

    /**
     * authenticate() for read-only polls: a check younger than RECENT_SESSION_MS is reused, so a
     * page polling status and history costs no session queries between checks. Writes and
     * anything that shows account data use authenticate().
     */
    authenticateRecent(token: string): Promise<Authenticated | null> {
      const now = clock.now().getTime();
      const hit = recent.get(token);
      if (hit && hit.until > now) return hit.check;
      recent.delete(token);
      if (recent.size >= RECENT_SESSION_LIMIT) recent.delete(recent.keys().next().value!);
      const first = authenticate(token);
      const check = first.then(withoutRenewal);
      recent.set(token, { check, until: now + RECENT_SESSION_MS });
      // A refused or failed check is not kept: the next request asks the database again.
      // (Registered before the caller awaits `first`, so it runs before the caller goes on.)
      const forget = () => {
        if (recent.get(token)?.check === check) recent.delete(token);
      };
      first.then((found) => found ?? forget(), forget);
      check.catch(() => undefined);
      return first;
    },

    /** The cron role's hourly sweep. */
    deleteExpiredSessions: () => store.sessions.deleteExpired(clock.now().toISOString()),

    /** The cron role's hourly sweep of login failure counts that ran out (a day without one). */
    deleteForgottenLoginFailures: () => throttle.deleteForgotten(),
  };
}
