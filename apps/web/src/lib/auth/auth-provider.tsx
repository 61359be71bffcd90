import type { TPublicUser } from "@gyeol/shared/contracts/user";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { fetchAuthCheck, postLogout } from "./auth-api.ts";
import { type AuthState, AuthStore } from "./auth-store.ts";
import { SessionSync } from "./session-sync.ts";

export interface AuthActions {
  /** After login/register: store the user at once, then refresh it from the server (spec 01 §4). */
  signIn: (user: TPublicUser) => Promise<TPublicUser | null>;
  /** POST /api/auth/logout and forget the user, even when the call fails. */
  signOut: () => Promise<void>;
  /** Re-reads the user now (after plan change, upscale start, payment success). */
  forceSync: () => Promise<TPublicUser | null>;
  dismissSessionExpired: () => void;
}

interface AuthContextValue {
  store: AuthStore;
  actions: AuthActions;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function createAuthRuntime(checkAuth = fetchAuthCheck, logout = postLogout) {
  const store = new AuthStore();
  const sync = new SessionSync({
    checkAuth,
    getUser: store.getUser,
    setUser: store.setUser,
    clearUser: store.clearUser,
    expireSession: store.expire,
    markSettled: store.markSettled,
  });
  const actions: AuthActions = {
    signIn: async (user) => {
      // Issue 26: this user's drafts come back; anyone else's on this browser go.
      void loadDrafts().then((drafts) => drafts?.clearOtherUsersDrafts(user.id));
      sync.invalidate();
      store.setUser(user);
      store.dismissSessionExpired();
      return sync.forceSync();
    },
    signOut: async () => {
      const leaving = store.getUser();
      try {
        await logout();
      } catch (error) {
        console.warn("[auth] logout call failed; clearing the local session anyway", error);
      }
      // Signing out on purpose ends the user's unsent work too (issue 26); an expired session keeps
      // it. Before clearUser: the tool page that unmounts then must find the user signed out.
      const cleared = leaving ? (await loadDrafts())?.clearUserDrafts(leaving.id) : undefined;
      sync.invalidate();
      store.clearUser();
      await cleared;
    },
    forceSync: () => sync.forceSync(),
    dismissSessionExpired: store.dismissSessionExpired,
  };
  return { store, sync, actions };
}

/**
 * The drafts module (IndexedDB), loaded when a user signs in or out rather than with every page's
 * first load (the landing's budget, issue 17). A tool page that saves drafts has loaded it already.
 * Where it cannot load (offline after a deploy), signing in or out goes on and the drafts stay.
 */
function loadDrafts() {
  return import("../drafts/drafts.ts").catch((error: unknown) => {
    console.warn("[auth] the drafts module could not be loaded; drafts are left as they are", error);
    return undefined;
  });
}

export type AuthRuntime = ReturnType<typeof createAuthRuntime>;

export function AuthProvider({ children, runtime }: { children: ReactNode; runtime?: AuthRuntime }) {
  const [{ store, sync, actions }] = useState(() => runtime ?? createAuthRuntime());

  useEffect(() => {
    const disconnect = store.connect(window);
    sync.start();
    return () => {
      sync.stop();
      disconnect();
    };
  }, [store, sync]);

  const value = useMemo(() => ({ store, actions }), [store, actions]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function useAuthContext(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}

export function useAuth(): AuthState {
  const { store } = useAuthContext();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * One value derived from the auth state, re-rendering only when that value changes (compared with
 * Object.is, so `select` returns a primitive or a reference the state keeps, such as `user`). The
 * first check settling ("loading" → "anonymous") then re-renders only what shows the difference,
 * not a whole prerendered page that merely reads a flag (bench:web's total blocking time).
 */
export function useAuthSelect<T>(select: (state: AuthState) => T): T {
  const { store } = useAuthContext();
  const read = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, read, read);
}

const selectIsSignedIn = (state: AuthState) => state.status === "authenticated";

/** Whether a user is signed in (the check settled on one), re-rendering only when that flips. */
export function useIsSignedIn(): boolean {
  return useAuthSelect(selectIsSignedIn);
}

export function useAuthActions(): AuthActions {
  return useAuthContext().actions;
}

/**
 * The signed-in user of a page the route table marks `access: "user"`: its guard (app/route-guards)
 * renders the page only once there is one.
 */
export function useRequiredUser(): TPublicUser {
  const { user } = useAuth();
  if (!user) throw new Error("useRequiredUser: the page is not behind its route's sign-in guard");
  return user;
}
