import { pngHeaderOnly } from "@gyeol/shared/test-support/png";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  boxMaskAt,
  createEnlargedRowReader,
  createMask,
  decodeImage,
  enlargeMask,
  enlargeMaskToBox,
  type Mask,
  readBoxMaskRow,
} from "./image.ts";
import { readFixture } from "./test/fixtures.ts";

/** A small mask with a soft blob away from the edges, like a region weight at the analysis size. */
function blobMask(width: number, height: number, cx: number, cy: number, r: number): Mask {
  const mask = createMask(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      mask.data[y * width + x] = d < 1 ? 1 - d * d : 0;
    }
  return mask;
}

describe("decodeImage limits", () => {
  it("refuses what the retouch cannot process from the header, before decoding", async () => {
    // The headers have almost no pixel data behind them: a decode would answer INVALID_IMAGE.
    const cases: Array<[Buffer, string]> = [
      [pngHeaderOnly(20_000, 2), "IMAGE_TOO_SMALL"],
      [pngHeaderOnly(4000, 400), "IMAGE_ASPECT_RATIO_UNSUPPORTED"],
      [pngHeaderOnly(7000, 7000), "IMAGE_TOO_LARGE"],
    ];
    for (const [bytes, code] of cases)
      await expect(decodeImage(bytes, { isEngineInput: true })).rejects.toMatchObject({ code });
    await expect(decodeImage(pngHeaderOnly(20_000, 2))).rejects.toMatchObject({ code: "INVALID_IMAGE" });
  });

  it("decodes straight to a small size, and still refuses a truncated file", async () => {
    const photo = readFixture("astronaut.jpg");
    const small = await decodeImage(photo, { resize: { width: 224, height: 224, fit: "fill" } });
    expect([small.width, small.height, small.data.length]).toEqual([224, 224, 224 * 224 * 3]);
    const inside = await decodeImage(photo, { resize: { width: 100, height: 100, fit: "inside" } });
    expect(Math.max(inside.width, inside.height)).toBe(100);
    const cut = photo.subarray(0, Math.floor(photo.length * 0.6));
    await expect(
      decodeImage(cut, { resize: { width: 224, height: 224, fit: "fill" } }),
    ).rejects.toMatchObject({ code: "INVALID_IMAGE" });
  });

  it("never enlarges a small photo it is asked to fit inside a size", async () => {
    const tiny = await sharp({ create: { width: 50, height: 40, channels: 3, background: "white" } })
      .png()
      .toBuffer();
    const image = await decodeImage(tiny, { resize: { width: 640, height: 640, fit: "inside" } });
    expect([image.width, image.height]).toEqual([50, 40]);
  });
});

/** Bit for bit: the same float32 values. */
function sameValues(a: Float32Array, b: Float32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

describe("bounded masks", () => {
  const masks: Array<[string, Mask, number, number]> = [
    ["a face-sized blob", blobMask(64, 48, 30, 20, 9), 640, 480],
    ["a blob at the edge", blobMask(40, 60, 0, 59, 12), 333, 517],
    ["a non-integer enlargement", blobMask(37, 23, 18, 11, 6), 1000, 401],
    ["an empty mask", createMask(20, 20), 200, 200],
  ];

  it.each(masks)("keeps exactly enlargeMask's values in a box, for %s", (_name, mask, width, height) => {
    const full = enlargeMask(mask, width, height);
    const boxed = enlargeMaskToBox(mask, width, height);
    expect(boxed.box.data.length).toBeLessThanOrEqual(full.data.length);
    const rows = new Float32Array(width * height);
    for (let y = 0; y < height; y++) readBoxMaskRow(boxed, y, rows.subarray(y * width, (y + 1) * width));
    expect(sameValues(rows, full.data)).toBe(true);
    for (let y = 0; y < height; y += 7)
      for (let x = 0; x < width; x += 5) expect(boxMaskAt(boxed, x, y)).toBe(full.data[y * width + x]);
  });

  it.each(masks)("reads exactly enlargeMask's rows one at a time, for %s", (_name, mask, width, height) => {
    const full = enlargeMask(mask, width, height);
    const read = createEnlargedRowReader(mask, width, height);
    const rows = new Float32Array(width * height).fill(7);
    for (let y = 0; y < height; y++) read(y, rows.subarray(y * width, (y + 1) * width));
    expect(sameValues(rows, full.data)).toBe(true);
  });

  it("stores a face's weight in a fraction of a whole-image mask", () => {
    const boxed = enlargeMaskToBox(blobMask(64, 64, 32, 24, 8), 4096, 4096);
    expect(boxed.box.data.length / (4096 * 4096)).toBeLessThan(0.1);
  });
});
