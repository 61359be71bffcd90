/**
 * Drafts (issue 26): what a person has put into a tool and not yet run (a prompt, tiles and their
 * masks, settings, an unsent chat message) is kept in this browser, per user and tool, so a session
 * that expires, a sign-in or a reload gives it back. IndexedDB holds it because tiles and masks are
 * images (Blobs), which sessionStorage cannot; idb-keyval is the whole of our IndexedDB use.
 *
 * What a user expects, and so the rules: a draft belongs to one user (the key holds the user id;
 * signing out removes that user's drafts, signing in removes any other user's, so a shared computer
 * shows nobody else's work); a run that the server accepted ends its draft (the inputs are in the
 * history now, and the next visit starts clean); and a draft left alone for DRAFT_MAX_AGE_MS is
 * dropped. Storage is best effort: a browser without IndexedDB (or one that refuses it, as private
 * windows may) keeps drafts in memory for the page's life, and no failure here reaches the page.
 */
import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";

export type TDraftTool = "image-edit" | "generation" | "face-edit" | "retouch" | "chat";

/** A draft older than this is not restored (a day: a session that expired overnight still counts). */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface TStoredDraft {
  savedAt: number;
  value: unknown;
}

/** Where drafts live: IndexedDB in a browser, a Map where there is none (and in tests that want one). */
export interface TDraftBackend {
  get: (key: string) => Promise<unknown>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
  keys: () => Promise<string[]>;
}

export function createMemoryDraftBackend(): TDraftBackend {
  const map = new Map<string, unknown>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => {
      map.set(key, value);
    },
    del: async (key) => {
      map.delete(key);
    },
    keys: async () => [...map.keys()],
  };
}

export function createIndexedDbDraftBackend(): TDraftBackend | null {
  if (typeof indexedDB === "undefined") return null;
  let store: UseStore;
  try {
    store = createStore("gyeol-drafts", "drafts");
  } catch {
    return null;
  }
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: async () => (await keys(store)).map(String),
  };
}

let backend: TDraftBackend | null = null;
/** Once IndexedDB failed, the rest of the page's life uses memory (the same draft, not lost). */
let fallback: TDraftBackend | null = null;

function currentBackend(): TDraftBackend {
  backend ??= createIndexedDbDraftBackend() ?? createMemoryDraftBackend();
  return fallback ?? backend;
}

/** Tests choose where drafts go; null goes back to the browser's choice. */
export function setDraftBackend(next: TDraftBackend | null): void {
  backend = next;
  fallback = null;
  signedOut.clear();
}

async function attempt<T>(action: (store: TDraftBackend) => Promise<T>, onFail: T): Promise<T> {
  try {
    return await action(currentBackend());
  } catch (error) {
    if (fallback) return onFail;
    console.warn("[drafts] browser storage refused; keeping drafts in memory for this page", error);
    fallback = createMemoryDraftBackend();
    try {
      return await action(fallback);
    } catch {
      return onFail;
    }
  }
}

export function draftKey(userId: number, tool: TDraftTool): string {
  return `${userId}:${tool}`;
}

function userIdOfKey(key: string): number {
  return Number(key.split(":", 1)[0]);
}

/**
 * Users who signed out in this page: a tool page that unmounts after the sign-out (and saves on its
 * way out) must not bring the draft back. Signing in again lifts it.
 */
const signedOut = new Set<number>();

export function saveDraft(userId: number, tool: TDraftTool, value: unknown, now = Date.now()): Promise<void> {
  if (signedOut.has(userId)) return Promise.resolve();
  const stored: TStoredDraft = { savedAt: now, value };
  return attempt((store) => store.set(draftKey(userId, tool), stored), undefined);
}

/** The user's draft for the tool, or null when there is none or it is too old (then it is removed). */
export async function loadDraft<T>(
  userId: number,
  tool: TDraftTool,
  { now = Date.now(), maxAgeMs = DRAFT_MAX_AGE_MS }: { now?: number; maxAgeMs?: number } = {},
): Promise<T | null> {
  const key = draftKey(userId, tool);
  const stored = await attempt((store) => store.get(key), undefined);
  if (!stored || typeof stored !== "object" || !("savedAt" in stored)) return null;
  const { savedAt, value } = stored as TStoredDraft;
  if (typeof savedAt !== "number" || now - savedAt > maxAgeMs) {
    await attempt((store) => store.del(key), undefined);
    return null;
  }
  return (value ?? null) as T | null;
}

export function clearDraft(userId: number, tool: TDraftTool): Promise<void> {
  return attempt((store) => store.del(draftKey(userId, tool)), undefined);
}

/** Sign-out: every draft of this user, and none saved for them until they sign in again. */
export async function clearUserDrafts(userId: number): Promise<void> {
  signedOut.add(userId);
  const all = await attempt((store) => store.keys(), [] as string[]);
  await Promise.all(
    all
      .filter((key) => userIdOfKey(key) === userId)
      .map((key) => attempt((store) => store.del(key), undefined)),
  );
}

/** Sign-in: the drafts of anyone else who used this browser. */
export async function clearOtherUsersDrafts(userId: number): Promise<void> {
  signedOut.delete(userId);
  const all = await attempt((store) => store.keys(), [] as string[]);
  await Promise.all(
    all
      .filter((key) => userIdOfKey(key) !== userId)
      .map((key) => attempt((store) => store.del(key), undefined)),
  );
}
