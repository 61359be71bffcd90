import { SYNC_DEBOUNCE_MS, SYNC_INTERVAL_MS, SYNC_MIN_GAP_MS } from "@gyeol/shared/constants";
import type { TAuthCheckResponse } from "@gyeol/shared/contracts/auth";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { isApiError } from "../api-client.ts";
import type { SessionExpiredState } from "./auth-store.ts";

/**
 * Session sync of spec 01 §4: keeps the stored user in step with the server. Checks run on
 * start, when the tab becomes visible, when the network comes back and every 120 s; requests are
 * debounced by 1 s and checks are at least 5 s apart. A forced sync skips both and returns the
 * user. Timers and Date.now are the globals, so vi.useFakeTimers drives it in tests.
 */

export interface SessionSyncDeps {
  checkAuth: () => Promise<TAuthCheckResponse>;
  getUser: () => TPublicUser | null;
  setUser: (user: TPublicUser) => void;
  clearUser: () => void;
  expireSession: (detail: SessionExpiredState) => void;
  /** Called after every check, successful or not, so the auth state leaves "loading". */
  markSettled: () => void;
  /** Where "online" fires (window) and where "visibilitychange" fires (document). */
  windowTarget?: EventTarget;
  documentTarget?: Document;
  log?: (message: string, error: unknown) => void;
}

const SESSION_INVALID_STATUSES = new Set([401, 419]);

/**
 * Only these fields matter to the screens that show them; other changes do not re-render. Bonus
 * credits count (issue 30: a referral reward arrives as bonus credits, and the header's total
 * includes them), and so does the name the header menu and My Page show.
 */
export function hasSessionChange(current: TPublicUser | null, next: TPublicUser): boolean {
  if (!current || current.id !== next.id) return true;
  return (
    current.credits !== next.credits ||
    current.bonus_credits !== next.bonus_credits ||
    current.plan !== next.plan ||
    current.balance !== next.balance ||
    current.name !== next.name
  );
}

export class SessionSync {
  private readonly deps: SessionSyncDeps;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private intervalTimer: ReturnType<typeof setInterval> | undefined;
  private lastCheckAt = Number.NEGATIVE_INFINITY;
  /** Each check takes a number; only the newest one may change the state. */
  private sequence = 0;
  private detach: (() => void) | undefined;

  constructor(deps: SessionSyncDeps) {
    this.deps = deps;
  }

  start(): void {
    if (this.detach) return;
    const windowTarget = this.deps.windowTarget ?? window;
    const documentTarget = this.deps.documentTarget ?? document;
    const onVisibility = () => {
      if (documentTarget.visibilityState === "visible") this.request();
    };
    const onOnline = () => this.request();
    documentTarget.addEventListener("visibilitychange", onVisibility);
    windowTarget.addEventListener("online", onOnline);
    this.intervalTimer = setInterval(() => this.request(), SYNC_INTERVAL_MS);
    this.detach = () => {
      documentTarget.removeEventListener("visibilitychange", onVisibility);
      windowTarget.removeEventListener("online", onOnline);
    };
    // The first check decides between authenticated and anonymous: no debounce.
    void this.runCheck(false);
  }

  stop(): void {
    this.detach?.();
    this.detach = undefined;
    clearTimeout(this.debounceTimer);
    clearInterval(this.intervalTimer);
    this.debounceTimer = undefined;
    this.intervalTimer = undefined;
  }

  /** Asks for a check; bursts within 1 s become one. */
  request(): void {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      void this.runCheck(false);
    }, SYNC_DEBOUNCE_MS);
  }

  /** Checks now, whatever the debounce and gap, and returns the server's user (spec 01 §4). */
  async forceSync(): Promise<TPublicUser | null> {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    await this.runCheck(true);
    return this.deps.getUser();
  }

  /** Results of checks already in flight are ignored (after logout, before a new login). */
  invalidate(): void {
    this.sequence += 1;
  }

  private async runCheck(forced: boolean): Promise<void> {
    const now = Date.now();
    if (!forced && now - this.lastCheckAt < SYNC_MIN_GAP_MS) return;
    this.lastCheckAt = now;
    const id = ++this.sequence;
    try {
      const result = await this.deps.checkAuth();
      if (id !== this.sequence) return;
      this.apply(result);
    } catch (error) {
      if (id !== this.sequence) return;
      if (isApiError(error) && SESSION_INVALID_STATUSES.has(error.status)) {
        this.deps.expireSession({ message: error.message, code: error.code });
      } else {
        // Offline, a proxy error, a server hiccup: keep what we have and try again later.
        (this.deps.log ?? console.warn)("[session-sync] auth check failed", error);
      }
    } finally {
      if (id === this.sequence) this.deps.markSettled();
    }
  }

  private apply(result: TAuthCheckResponse): void {
    if (result.isAuthenticated && result.user) {
      if (hasSessionChange(this.deps.getUser(), result.user)) this.deps.setUser(result.user);
    } else if (this.deps.getUser()) {
      this.deps.clearUser();
    }
  }
}
