import { describe, expect, it } from "vitest";
import { createFakeClock } from "../../../test/helpers/fake-clock.ts";
import { createSignedUrlCache } from "./signed-url-cache.ts";

function countingStorage(clock: { now(): Date }) {
  const calls: Array<{ key: string; ttlSeconds: number }> = [];
  return {
    calls,
    async signedUrl(key: string, ttlSeconds: number) {
      calls.push({ key, ttlSeconds });
      const expires = Math.floor(clock.now().getTime() / 1000) + ttlSeconds;
      return `/files/${key}?expires=${expires}&n=${calls.length}`;
    },
  };
}

describe("signed URL cache", () => {
  it("hands out one URL per key while it is fresh, signed to outlive the reuse window", async () => {
    const clock = createFakeClock();
    const storage = countingStorage(clock);
    const cache = createSignedUrlCache(storage, clock, { ttlSeconds: 3600, reuseSeconds: 60 });
    const first = await cache.get("private/a.jpg");
    clock.advance(59_000);
    expect(await cache.get("private/a.jpg")).toBe(first);
    expect(storage.calls).toEqual([{ key: "private/a.jpg", ttlSeconds: 3660 }]);
    // The last reuse still has at least the promised TTL left.
    const expires = Number(new URL(first, "http://x").searchParams.get("expires"));
    expect(expires * 1000 - clock.now().getTime()).toBeGreaterThanOrEqual(3600 * 1000);
  });

  it("signs again once the reuse window is over, and keys never share a URL", async () => {
    const clock = createFakeClock();
    const storage = countingStorage(clock);
    const cache = createSignedUrlCache(storage, clock, { ttlSeconds: 3600, reuseSeconds: 60 });
    const first = await cache.get("private/a.jpg");
    const other = await cache.get("private/b.jpg");
    expect(other).not.toBe(first);
    clock.advance(60_000);
    const renewed = await cache.get("private/a.jpg");
    expect(renewed).not.toBe(first);
    expect(storage.calls.map((c) => c.key)).toEqual(["private/a.jpg", "private/b.jpg", "private/a.jpg"]);
  });

  it("shares a pending signature, forgets a failed one, and stays within its limit", async () => {
    const clock = createFakeClock();
    let fail = true;
    let calls = 0;
    const storage = {
      async signedUrl(key: string) {
        calls++;
        if (fail) throw new Error("signer down");
        return `/files/${key}?n=${calls}`;
      },
    };
    const cache = createSignedUrlCache(storage, clock, { ttlSeconds: 60, reuseSeconds: 60, limit: 2 });
    const [a, b] = await Promise.allSettled([cache.get("k1"), cache.get("k1")]);
    expect(a.status).toBe("rejected");
    expect(b.status).toBe("rejected");
    expect(calls).toBe(1);
    fail = false;
    expect(await cache.get("k1")).toBe("/files/k1?n=2");
    await cache.get("k2");
    await cache.get("k3"); // evicts k1, the oldest
    expect(await cache.get("k1")).toBe("/files/k1?n=5");
    expect(await cache.get("k3")).toBe("/files/k3?n=4");
  });
});
