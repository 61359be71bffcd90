import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, isChunkLoadError, loadChunk } from "./chunk-load.ts";

afterEach(() => vi.useRealTimers());

describe("page chunk loading", () => {
  it("resolves with the module when it arrives in time", async () => {
    await expect(loadChunk(async () => ({ page: 1 }))).resolves.toEqual({ page: 1 });
  });

  it("turns a failed import into a ChunkLoadError", async () => {
    const error = await loadChunk(() => Promise.reject(new TypeError("Failed to fetch module"))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("gives up with a ChunkLoadError after 120 s", async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const outcome = pending.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isChunkLoadError(await outcome)).toBe(true);
  });
});
