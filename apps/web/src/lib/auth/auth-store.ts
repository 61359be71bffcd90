import { STORAGE_KEY_USER } from "@gyeol/shared/constants";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { readPublicUser } from "@gyeol/shared/contracts/user-guard";
import { AUTH_INVALID_EVENT, type AuthInvalidDetail } from "../api-client.ts";
import { readStorage, removeStorage, writeStorage } from "../storage.ts";

/**
 * Auth state of spec 01 §4: "loading" until the first server check settles, then
 * "authenticated" (user set) or "anonymous". The user is mirrored in localStorage "user", which
 * also carries the state to other tabs through the storage event.
 */

export type TAuthStatus = "loading" | "authenticated" | "anonymous";

export interface SessionExpiredState {
  message?: string;
  code?: string;
}

export interface AuthState {
  status: TAuthStatus;
  user: TPublicUser | null;
  /** Non-null while the session-expired modal is open. */
  sessionExpired: SessionExpiredState | null;
}

/**
 * A stored value is only trusted when it is a whole user by the server's own contract; anything
 * else (another version's shape, a hand-edited value) is removed. Pages read its fields directly,
 * and while the server is unreachable nothing else replaces it.
 */
export function parseStoredUser(raw: string | null): TPublicUser | null | "invalid" {
  if (raw === null) return null;
  try {
    // Not ZPublicUser.safeParse: zod stays off the landing's first load (readPublicUser agrees).
    const user = readPublicUser(JSON.parse(raw));
    if (user) return user;
  } catch {
    // fall through
  }
  return "invalid";
}

function loadStoredUser(): TPublicUser | null {
  const parsed = parseStoredUser(readStorage(STORAGE_KEY_USER));
  if (parsed === "invalid") {
    removeStorage(STORAGE_KEY_USER);
    return null;
  }
  return parsed;
}

export class AuthStore {
  private state: AuthState;
  private readonly listeners = new Set<() => void>();

  constructor() {
    this.state = { status: "loading", user: loadStoredUser(), sessionExpired: null };
  }

  getSnapshot = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getUser = (): TPublicUser | null => this.state.user;

  /** Signed in (login, register, a changed server user): memory and storage. */
  setUser = (user: TPublicUser): void => {
    writeStorage(STORAGE_KEY_USER, JSON.stringify(user));
    this.update({ status: "authenticated", user });
  };

  /** Signed out without a fuss (logout, the server says anonymous). */
  clearUser = (): void => {
    removeStorage(STORAGE_KEY_USER);
    this.update({ status: "anonymous", user: null });
  };

  /** The session ended under the user: clear it and open the session-expired modal. */
  expire = (detail: SessionExpiredState = {}): void => {
    removeStorage(STORAGE_KEY_USER);
    this.update({ status: "anonymous", user: null, sessionExpired: detail });
  };

  dismissSessionExpired = (): void => {
    if (this.state.sessionExpired) this.update({ sessionExpired: null });
  };

  /** The first check is over (or failed): leave "loading" with whatever user we hold. */
  markSettled = (): void => {
    if (this.state.status === "loading") {
      this.update({ status: this.state.user ? "authenticated" : "anonymous" });
    }
  };

  /** Listens to other tabs (storage event) and to auth:invalid from the API client. */
  connect(target: Window = window): () => void {
    const onStorage = (event: StorageEvent) => this.handleStorage(event);
    const onAuthInvalid = (event: Event) => {
      const detail = (event as CustomEvent<AuthInvalidDetail | undefined>).detail ?? {};
      this.expire({ message: detail.message, code: detail.code });
    };
    target.addEventListener("storage", onStorage);
    target.addEventListener(AUTH_INVALID_EVENT, onAuthInvalid);
    return () => {
      target.removeEventListener("storage", onStorage);
      target.removeEventListener(AUTH_INVALID_EVENT, onAuthInvalid);
    };
  }

  handleStorage(event: Pick<StorageEvent, "key" | "newValue">): void {
    // key null: the other tab cleared all of storage.
    if (event.key !== STORAGE_KEY_USER && event.key !== null) return;
    const parsed = parseStoredUser(event.key === null ? null : event.newValue);
    if (parsed === "invalid") {
      removeStorage(STORAGE_KEY_USER);
      this.update({ status: "anonymous", user: null });
    } else if (parsed === null) {
      this.update({ status: "anonymous", user: null });
    } else {
      // Only memory: storage already holds the value the other tab wrote.
      this.update({ status: "authenticated", user: parsed, sessionExpired: null });
    }
  }

  private update(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
