import { describe, expect, it, vi } from "vitest";
import { createAuthRuntime } from "./auth-provider.tsx";
import { makeUser } from "./test-users.ts";

// The drafts chunk cannot be loaded (offline after a deploy): its import rejects.
vi.mock("../drafts/drafts.ts", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

describe("signing in and out when the drafts module cannot load", () => {
  it("still signs the user out and in, and says why the drafts were left", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = makeUser({ id: 44 });
    const runtime = createAuthRuntime(
      async () => ({ isAuthenticated: true, user }),
      async () => ({ success: true }),
    );
    await runtime.actions.signIn(user);
    expect(runtime.store.getUser()?.id).toBe(44);
    await runtime.actions.signOut();
    expect(runtime.store.getUser()).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      "[auth] the drafts module could not be loaded; drafts are left as they are",
      expect.anything(),
    );
    warn.mockRestore();
  });
});
