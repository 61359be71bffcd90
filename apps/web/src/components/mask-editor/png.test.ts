import { describe, expect, it } from "vitest";
import { encodeMaskPng } from "./png.ts";
import { decodePng } from "./test/decode-png.ts";

describe("mask PNG", () => {
  it("holds the mask's own pixels, white on black, as 8-bit greyscale at its own size", async () => {
    const width = 7;
    const height = 5;
    const mask = Uint8Array.from({ length: width * height }, (_, i) => ((i * 7919) % 3 === 0 ? 255 : 0));
    const blob = await encodeMaskPng(mask, width, height);
    expect(blob.type).toBe("image/png");
    const decoded = await decodePng(blob);
    expect(decoded).toMatchObject({ width, height, bitDepth: 8, colourType: 0 });
    expect([...decoded.pixels]).toEqual([...mask]);
  });

  it("keeps a large mostly empty mask small", async () => {
    const width = 2000;
    const height = 1500;
    const mask = new Uint8Array(width * height);
    for (let y = 400; y < 900; y += 1) mask.fill(255, y * width + 700, y * width + 1300);
    const blob = await encodeMaskPng(mask, width, height);
    expect(blob.size).toBeLessThan(20_000);
    expect([...(await decodePng(blob)).pixels.subarray(500 * width + 690, 500 * width + 710)]).toEqual([
      ...new Array(10).fill(0),
      ...new Array(10).fill(255),
    ]);
  });
});
