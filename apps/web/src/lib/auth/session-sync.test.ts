import type { TAuthCheckResponse } from "@gyeol/shared/contracts/auth";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import { SessionSync, type SessionSyncDeps } from "./session-sync.ts";
import { makeUser } from "./test-users.ts";

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = "visible";
}

function setup(initialUser: TPublicUser | null = makeUser()) {
  let user = initialUser;
  let answer: () => Promise<TAuthCheckResponse> = async () => ({ isAuthenticated: true, user });
  const windowTarget = new EventTarget();
  const documentTarget = new FakeDocument();
  const deps = {
    checkAuth: vi.fn(() => answer()),
    getUser: () => user,
    setUser: vi.fn((next: TPublicUser) => {
      user = next;
    }),
    clearUser: vi.fn(() => {
      user = null;
    }),
    expireSession: vi.fn(() => {
      user = null;
    }),
    markSettled: vi.fn(),
    windowTarget,
    documentTarget: documentTarget as unknown as Document,
    log: vi.fn(),
  } satisfies SessionSyncDeps;
  const sync = new SessionSync(deps);
  return {
    sync,
    deps,
    windowTarget,
    documentTarget,
    answerWith(next: () => Promise<TAuthCheckResponse>) {
      answer = next;
    },
    serverUser(next: TPublicUser) {
      answer = async () => ({ isAuthenticated: true, user: next });
    },
  };
}

/** Lets the awaited check promise settle. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("session sync", () => {
  it("checks once at start, without waiting for the debounce", async () => {
    const { sync, deps } = setup();
    sync.start();
    await flush();
    expect(deps.checkAuth).toHaveBeenCalledTimes(1);
    expect(deps.markSettled).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it("coalesces a burst of triggers into one check after 1 s", async () => {
    const { sync, deps } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(10_000);
    deps.checkAuth.mockClear();

    sync.request();
    await vi.advanceTimersByTimeAsync(400);
    sync.request();
    await vi.advanceTimersByTimeAsync(400);
    sync.request();
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.checkAuth).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.checkAuth).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it("keeps at least 5 s between checks", async () => {
    const { sync, deps } = setup();
    sync.start();
    await flush();
    // 1 s debounce lands 1 s after start: inside the 5 s gap, so skipped.
    sync.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(1);
    // At 6 s the gap has passed.
    await vi.advanceTimersByTimeAsync(4000);
    sync.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(2);
    sync.stop();
  });

  it("checks every 120 s", async () => {
    const { sync, deps } = setup();
    sync.start();
    await flush();
    await vi.advanceTimersByTimeAsync(120_000 + 1000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(3);
    sync.stop();
    await vi.advanceTimersByTimeAsync(240_000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(3);
  });

  it("checks when the tab becomes visible, not when it is hidden", async () => {
    const { sync, deps, documentTarget } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(10_000);
    documentTarget.visibilityState = "hidden";
    documentTarget.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(1);
    documentTarget.visibilityState = "visible";
    documentTarget.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(2);
    sync.stop();
  });

  it("checks when the network comes back", async () => {
    const { sync, deps, windowTarget } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(10_000);
    windowTarget.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.checkAuth).toHaveBeenCalledTimes(2);
    sync.stop();
  });

  it("updates the stored user only when credits, plan or balance changed", async () => {
    const stored = makeUser({ credits: 500, plan: "basic", balance: 0 });
    const { sync, deps, serverUser } = setup(stored);

    serverUser({ ...stored, nickname: "renamed" });
    await sync.forceSync();
    expect(deps.setUser).not.toHaveBeenCalled();

    serverUser({ ...stored, credits: 420 });
    await sync.forceSync();
    expect(deps.setUser).toHaveBeenCalledTimes(1);

    serverUser({ ...stored, credits: 420, plan: "deluxe" });
    await sync.forceSync();
    serverUser({ ...stored, credits: 420, plan: "deluxe", balance: 3 });
    await sync.forceSync();
    expect(deps.setUser).toHaveBeenCalledTimes(3);
    expect(deps.setUser).toHaveBeenLastCalledWith(expect.objectContaining({ balance: 3, plan: "deluxe" }));
  });

  it("picks up bonus credits (a referral reward) and a new name (issue 30)", async () => {
    const stored = makeUser({ credits: 11000, bonus_credits: 0 });
    const { sync, deps, serverUser } = setup(stored);
    serverUser({ ...stored, bonus_credits: 4500 });
    await sync.forceSync();
    expect(deps.setUser).toHaveBeenLastCalledWith(
      expect.objectContaining({ credits: 11000, bonus_credits: 4500 }),
    );
    serverUser({ ...stored, bonus_credits: 4500, name: "김결" });
    await sync.forceSync();
    expect(deps.setUser).toHaveBeenCalledTimes(2);
    expect(deps.setUser).toHaveBeenLastCalledWith(expect.objectContaining({ name: "김결" }));
  });

  it("stores the server user when none was stored", async () => {
    const { sync, deps, serverUser } = setup(null);
    serverUser(makeUser({ id: 9 }));
    await expect(sync.forceSync()).resolves.toMatchObject({ id: 9 });
    expect(deps.setUser).toHaveBeenCalledTimes(1);
  });

  it("a forced sync skips the debounce and the gap and returns the user", async () => {
    const { sync, deps, serverUser } = setup();
    sync.start();
    await flush();
    serverUser(makeUser({ credits: 77 }));
    const user = await sync.forceSync();
    expect(deps.checkAuth).toHaveBeenCalledTimes(2);
    expect(user?.credits).toBe(77);
    sync.stop();
  });

  it("clears the user and opens the modal on a 401", async () => {
    const { sync, deps, answerWith } = setup();
    answerWith(() => Promise.reject(new ApiError(401, "SESSION_EXPIRED", "Session expired.")));
    await expect(sync.forceSync()).resolves.toBeNull();
    expect(deps.expireSession).toHaveBeenCalledWith({ message: "Session expired.", code: "SESSION_EXPIRED" });
  });

  it("treats a 419 like a 401", async () => {
    const { sync, deps, answerWith } = setup();
    answerWith(() => Promise.reject(new ApiError(419, "HTTP_419", "Gone.")));
    await sync.forceSync();
    expect(deps.expireSession).toHaveBeenCalledTimes(1);
  });

  it("forgets the user quietly when the server says the visitor is anonymous", async () => {
    const { sync, deps, answerWith } = setup();
    answerWith(async () => ({ isAuthenticated: false, user: null }));
    await sync.forceSync();
    expect(deps.clearUser).toHaveBeenCalledTimes(1);
    expect(deps.expireSession).not.toHaveBeenCalled();
  });

  it("only logs a network failure and keeps the user", async () => {
    const { sync, deps, answerWith } = setup();
    answerWith(() => Promise.reject(new ApiError(0, "NETWORK_ERROR", "Failed to fetch")));
    await expect(sync.forceSync()).resolves.toMatchObject({ id: 7 });
    expect(deps.log).toHaveBeenCalledTimes(1);
    expect(deps.clearUser).not.toHaveBeenCalled();
    expect(deps.expireSession).not.toHaveBeenCalled();
    expect(deps.markSettled).toHaveBeenCalledTimes(1);
  });

  it("ignores the answer of a check that a newer one overtook", async () => {
    const { sync, deps, answerWith } = setup(null);
    let answerSlow: (value: TAuthCheckResponse) => void = () => {};
    answerWith(() => new Promise((resolve) => (answerSlow = resolve)));
    sync.start();
    // A login happens while the first check is still out; its answer is stale.
    answerWith(async () => ({ isAuthenticated: true, user: makeUser({ id: 3 }) }));
    await sync.forceSync();
    answerSlow({ isAuthenticated: false, user: null });
    await flush();
    expect(deps.clearUser).not.toHaveBeenCalled();
    expect(deps.getUser()?.id).toBe(3);
    sync.stop();
  });
});
