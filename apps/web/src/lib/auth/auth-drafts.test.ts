import { describe, expect, it } from "vitest";
import { loadDraft, saveDraft } from "../drafts/drafts.ts";
import { createAuthRuntime } from "./auth-provider.tsx";
import { makeUser } from "./test-users.ts";

describe("drafts follow who is signed in (issue 26)", () => {
  it("signing out removes the user's drafts; an expired session keeps them", async () => {
    const user = makeUser({ id: 41 });
    const runtime = createAuthRuntime(
      async () => ({ isAuthenticated: true, user }),
      async () => ({ success: true }),
    );
    runtime.store.setUser(user);
    await saveDraft(41, "image-edit", { prompt: "kept through expiry" });
    runtime.store.expire({ code: "SESSION_EXPIRED" });
    expect(await loadDraft(41, "image-edit")).toEqual({ prompt: "kept through expiry" });

    await runtime.actions.signIn(user);
    await runtime.actions.signOut();
    expect(await loadDraft(41, "image-edit")).toBeNull();
  });

  it("signing in removes another user's drafts left on this browser", async () => {
    const user = makeUser({ id: 42 });
    const runtime = createAuthRuntime(
      async () => ({ isAuthenticated: true, user }),
      async () => ({ success: true }),
    );
    await saveDraft(43, "chat", { text: "someone else's" });
    await saveDraft(42, "chat", { text: "mine" });
    await runtime.actions.signIn(user);
    await expect.poll(() => loadDraft(43, "chat")).toBeNull();
    expect(await loadDraft(42, "chat")).toEqual({ text: "mine" });
  });
});
