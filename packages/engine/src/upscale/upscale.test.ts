import { afterAll, describe, expect, it } from "vitest";
import { type BoxMask, createMask, decodeImage, resizeLanczos } from "../image.ts";
import { readFixture } from "../test/fixtures.ts";
import { closeSrPools } from "./pool.ts";
import { isSkinOnly, outputSize, upscale, upscaleImage } from "./upscale.ts";

afterAll(() => closeSrPools());

function psnr(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe("upscale", () => {
  it("sizes the output as input × scale_factor, with 0 meaning the original size", () => {
    expect(outputSize(500, 300, 2)).toMatchObject({ width: 1000, height: 600 });
    expect(outputSize(500, 300, 1.5)).toMatchObject({ width: 750, height: 450 });
    expect(outputSize(500, 300, 0.1)).toMatchObject({ width: 50, height: 30 });
    expect(outputSize(500, 300, 0)).toMatchObject({ width: 500, height: 300, scale: 1 });
    expect(() => outputSize(500, 300, 2.5)).toThrow(/scale_factor/);
  });

  it("writes a JPEG of exactly input × scale for enlargements and reductions", async () => {
    const bytes = readFixture("coffee.jpg");
    for (const [scale, w, h] of [
      [2, 768, 512],
      [1.3, 499, 333],
      [0.5, 192, 128],
    ] as const) {
      const result = await upscale(bytes, scale);
      const decoded = await decodeImage(result.jpeg);
      expect([decoded.width, decoded.height]).toEqual([w, h]);
    }
  });

  it("beats Lanczos3 by at least 0.5 dB on a downscale-then-upscale test", async () => {
    const original = await decodeImage(readFixture("astronaut.jpg"));
    const crop = await resizeLanczos(original, 256, 256);
    const small = await resizeLanczos(crop, 128, 128);
    const ai = await upscaleImage(small, 2, { mode: "ai", tileSize: 64 });
    const lanczos = await resizeLanczos(small, 256, 256);
    expect(ai.stats.engine).toBe("esrgan");
    expect(ai.stats.aiTiles).toBe(4);
    expect(psnr(ai.image.data, crop.data) - psnr(lanczos.data, crop.data)).toBeGreaterThan(0.5);
  });

  it("blends tiles without seams: tiled output matches one whole-image pass closely", async () => {
    const original = await decodeImage(readFixture("grace-hopper.jpg"));
    const small = await resizeLanczos(original, 160, 160);
    const tiled = await upscaleImage(small, 2, { mode: "ai", tileSize: 48 });
    const whole = await upscaleImage(small, 2, { mode: "ai", tileSize: 160 });
    expect(psnr(tiled.image.data, whole.image.data)).toBeGreaterThan(40);
  });

  it("rejects a corrupt file with INVALID_IMAGE", async () => {
    const png = readFixture("coffee.jpg");
    const corrupt = Buffer.from(png);
    corrupt.fill(0x41, 200, 4000);
    await expect(upscale(corrupt.subarray(0, 3000), 2)).rejects.toMatchObject({ code: "INVALID_IMAGE" });
  });
});

describe("AI where it helps: all-skin tiles take Lanczos3", () => {
  /** A 400² skin weight: 1 in the square [100, 300)², 0 elsewhere. */
  function squareSkin(): BoxMask {
    const box = createMask(200, 200);
    box.data.fill(1);
    return { width: 400, height: 400, x0: 100, y0: 100, box };
  }

  it("calls a tile all skin only when the skin weight covers it", () => {
    const skin = squareSkin();
    expect(isSkinOnly(skin, 120, 120, 280, 280)).toBe(true);
    // A tile that reaches past the skin (an edge, an eye, hair) keeps the AI.
    expect(isSkinOnly(skin, 60, 120, 220, 280)).toBe(false);
    expect(isSkinOnly(skin, 0, 0, 100, 100)).toBe(false);
  });
});
