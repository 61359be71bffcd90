import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { resultKeyFor, storeJobResults, THUMBNAIL_PX, thumbnailKeyFor } from "./job-results.ts";

const job = { id: "0123abcd-0000-4000-8000-0123456789ab", user_id: 7 };

function jpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 20, b: 200 } } })
    .jpeg()
    .toBuffer();
}

describe("storeJobResults", () => {
  it("stores each result at the job's keys and a thumbnail of the first, at most 400 px a side", async () => {
    const files = new Map<string, Buffer>();
    const storage = {
      putAt: async (key: string, bytes: Uint8Array) => void files.set(key, Buffer.from(bytes)),
    };
    const first = await jpeg(1600, 1200);
    const second = await jpeg(300, 200);
    const stored = await storeJobResults(storage, job, [first, second]);
    expect(stored.imageKeys).toEqual([
      "private/results/7/0123abcd0000400080000123456789ab.jpg",
      "private/results/7/1/0123abcd0000400080000123456789ab.jpg",
    ]);
    expect(stored.imageKeys).toEqual([resultKeyFor(job, 0), resultKeyFor(job, 1)]);
    expect(stored.thumbnailKey).toBe(thumbnailKeyFor(job));
    expect(files.get(stored.imageKeys[0]!)).toEqual(first);
    expect(files.get(stored.imageKeys[1]!)).toEqual(second);
    const thumbnail = await sharp(files.get(stored.thumbnailKey!)!).metadata();
    expect(thumbnail).toMatchObject({ format: "jpeg", width: THUMBNAIL_PX, height: 300 });
  });

  it("never enlarges a small result and makes no thumbnail without results", async () => {
    const files = new Map<string, Buffer>();
    const storage = {
      putAt: async (key: string, bytes: Uint8Array) => void files.set(key, Buffer.from(bytes)),
    };
    const small = await storeJobResults(storage, job, [await jpeg(120, 90)]);
    expect(await sharp(files.get(small.thumbnailKey!)!).metadata()).toMatchObject({ width: 120, height: 90 });
    files.clear();
    expect(await storeJobResults(storage, job, [])).toEqual({ imageKeys: [], thumbnailKey: null });
    expect(files.size).toBe(0);
  });
});
