// fake-indexeddb clones values with Node's structuredClone, which takes Node's Blob (jsdom's is
// another class): the test's images are Node Blobs, as a browser's own Blobs are to its IndexedDB.
import { Blob as NodeBlob } from "node:buffer";
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  clearDraft,
  clearOtherUsersDrafts,
  clearUserDrafts,
  createIndexedDbDraftBackend,
  DRAFT_MAX_AGE_MS,
  loadDraft,
  saveDraft,
  setDraftBackend,
} from "./drafts.ts";

describe("drafts in IndexedDB (issue 26)", () => {
  beforeEach(() => setDraftBackend(createIndexedDbDraftBackend()));
  afterEach(async () => {
    await clearOtherUsersDrafts(-1);
    setDraftBackend(null);
  });

  it("keeps a prompt and an image (a Blob) per user and tool", async () => {
    const tile = new NodeBlob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" });
    await saveDraft(7, "image-edit", { prompt: "make it sunny", tiles: [tile] });
    const draft = await loadDraft<{ prompt: string; tiles: NodeBlob[] }>(7, "image-edit");
    if (!draft?.tiles[0]) throw new Error("no draft");
    expect(draft.prompt).toBe("make it sunny");
    expect(draft.tiles[0].type).toBe("image/jpeg");
    expect(new Uint8Array(await draft.tiles[0].arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(await loadDraft(7, "generation")).toBeNull();
    expect(await loadDraft(8, "image-edit")).toBeNull();
  });

  it("drops a draft older than a day", async () => {
    const now = 1_000_000_000_000;
    await saveDraft(7, "chat", { message: "hi" }, now);
    expect(await loadDraft(7, "chat", { now: now + DRAFT_MAX_AGE_MS })).toEqual({ message: "hi" });
    expect(await loadDraft(7, "chat", { now: now + DRAFT_MAX_AGE_MS + 1 })).toBeNull();
    // …and it is gone for good, not only hidden.
    expect(await loadDraft(7, "chat", { now })).toBeNull();
  });

  it("clears one tool's draft when its run was accepted", async () => {
    await saveDraft(7, "image-edit", { prompt: "a" });
    await saveDraft(7, "chat", { message: "b" });
    await clearDraft(7, "image-edit");
    expect(await loadDraft(7, "image-edit")).toBeNull();
    expect(await loadDraft(7, "chat")).toEqual({ message: "b" });
  });

  it("signing out removes that user's drafts and keeps none saved after it until they sign in", async () => {
    await saveDraft(7, "image-edit", { prompt: "a" });
    await saveDraft(7, "chat", { message: "b" });
    await saveDraft(8, "chat", { message: "c" });
    await clearUserDrafts(7);
    expect(await loadDraft(7, "image-edit")).toBeNull();
    expect(await loadDraft(7, "chat")).toBeNull();
    expect(await loadDraft(8, "chat")).toEqual({ message: "c" });
    // The tool page unmounting after the sign-out saves on its way out: nothing comes back.
    await saveDraft(7, "image-edit", { prompt: "a" });
    expect(await loadDraft(7, "image-edit")).toBeNull();
    await clearOtherUsersDrafts(7);
    await saveDraft(7, "image-edit", { prompt: "again" });
    expect(await loadDraft(7, "image-edit")).toEqual({ prompt: "again" });
  });

  it("signing in removes anyone else's drafts on this browser", async () => {
    await saveDraft(7, "chat", { message: "mine" });
    await saveDraft(8, "chat", { message: "theirs" });
    await clearOtherUsersDrafts(7);
    expect(await loadDraft(7, "chat")).toEqual({ message: "mine" });
    expect(await loadDraft(8, "chat")).toBeNull();
  });

  it("falls back to memory when the browser refuses storage, and the page never sees the failure", async () => {
    const refusing = createIndexedDbDraftBackend();
    if (!refusing) throw new Error("fake-indexeddb is loaded");
    setDraftBackend({
      ...refusing,
      set: () => Promise.reject(new DOMException("quota", "QuotaExceededError")),
    });
    const warn = console.warn;
    console.warn = () => {};
    try {
      await saveDraft(7, "chat", { message: "kept in memory" });
      expect(await loadDraft(7, "chat")).toEqual({ message: "kept in memory" });
    } finally {
      console.warn = warn;
    }
  });
});
