import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeImage, type RgbImage, resizeLanczos } from "./image.ts";
import { lowPass } from "./retouch/planes.ts";
import { type RetouchJob, type RetouchResult, retouchJob, retouchPortrait } from "./retouch.ts";
import { meanDeltaE, readFixture } from "./test/fixtures.ts";
import { closeSrPools } from "./upscale/pool.ts";

const BASE_JOB: RetouchJob = retouchJob();
const EXCLUDE_ALL = {
  upper_lip: true,
  lower_lip: true,
  left_eyebrow: true,
  right_eyebrow: true,
  nose: true,
  hair: true,
};

let input: RgbImage;
let plain: RetouchResult;
let plainImage: RgbImage;

beforeAll(async () => {
  input = await decodeImage(readFixture("astronaut.jpg"));
  plain = await retouchPortrait(readFixture("astronaut.jpg"), BASE_JOB, { includeRegions: true });
  plainImage = await decodeImage(plain.jpeg);
});
afterAll(() => closeSrPools());

/** Mean squared high-frequency luma (detail finer than ~2 px) over the mask. */
function highFrequencyEnergy(image: RgbImage, mask: Float32Array): number {
  const n = image.width * image.height;
  const l = new Float32Array(n);
  for (let i = 0; i < n; i++)
    l[i] = 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
  const low = lowPass(l, image.width, image.height, 2);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (mask[i]! < 0.95) continue;
    sum += (l[i]! - low[i]!) ** 2;
    count++;
  }
  return sum / count;
}

describe("retouchPortrait on a real portrait (astronaut, public domain)", () => {
  it("finds the face and reports the identity score", () => {
    expect(plain.facesFound).toBe(1);
    expect(plain.noFace).toBe(false);
    expect(plain.identity).not.toBeNull();
    expect(plain.identity!.cosine).toBeGreaterThanOrEqual(0.95);
    expect(plain.identity!.inputEmbedding).toHaveLength(1024);
  });

  it("lowers the skin's high-frequency energy by 20–60% when nothing is excluded", () => {
    const skin = plain.regions!.skin.data;
    const eyes = plain.regions!.eyes.data;
    const core = skin.map((v, i) => (eyes[i]! > 0 ? 0 : v));
    const before = highFrequencyEnergy(input, core);
    const after = highFrequencyEnergy(plainImage, core);
    const drop = 1 - after / before;
    expect(drop).toBeGreaterThanOrEqual(0.2);
    expect(drop).toBeLessThanOrEqual(0.6);
  });

  it("keeps the eyes unchanged even when nothing is excluded", () => {
    expect(meanDeltaE(input, plainImage, plain.regions!.eyes.data).mean).toBeLessThan(1);
  });

  it("leaves every excluded region within ΔE 1 of the Lanczos-resized input, at 2×", async () => {
    const job = { ...BASE_JOB, ...EXCLUDE_ALL, scale_factor: 2 };
    const result = await retouchPortrait(readFixture("astronaut.jpg"), job, {
      includeRegions: true,
      upscale: { mode: "lanczos" },
    });
    expect([result.width, result.height]).toEqual([1024, 1024]);
    const out = await decodeImage(result.jpeg);
    const reference = await resizeLanczos(input, 1024, 1024);
    for (const name of [
      "upper_lip",
      "lower_lip",
      "left_eyebrow",
      "right_eyebrow",
      "nose",
      "hair",
      "eyes",
    ] as const) {
      const region = await resizeLanczos(
        {
          data: Uint8Array.from(result.regions![name].data, (v) => Math.round(v * 255)).reduce(
            (acc, v, i) => {
              acc[i * 3] = v;
              acc[i * 3 + 1] = v;
              acc[i * 3 + 2] = v;
              return acc;
            },
            new Uint8Array(512 * 512 * 3),
          ),
          width: 512,
          height: 512,
        },
        1024,
        1024,
      );
      const mask = Float32Array.from({ length: 1024 * 1024 }, (_, i) => region.data[i * 3]! / 255);
      const { mean, pixels } = meanDeltaE(reference, out, mask);
      expect(pixels, name).toBeGreaterThan(50);
      expect(mean, name).toBeLessThan(1);
    }
  });

  it("keeps the lips and brows within ΔE 1 even when they are not excluded (issue 24); makeup colours the lips", async () => {
    for (const name of ["upper_lip", "lower_lip", "left_eyebrow", "right_eyebrow"] as const)
      expect(meanDeltaE(input, plainImage, plain.regions![name].data).mean, name).toBeLessThan(1);
    const makeup = await retouchPortrait(readFixture("astronaut.jpg"), { ...BASE_JOB, lora_index: 0 });
    const made = await decodeImage(makeup.jpeg);
    expect(meanDeltaE(input, made, plain.regions!.lower_lip.data).mean).toBeGreaterThan(4);
  });

  it("applies the fair-skin filter outside protected regions only", async () => {
    const job = {
      ...BASE_JOB,
      upper_lip: true,
      lower_lip: true,
      filter_index: 1,
      filter_strength: 0.8,
      filter_prompt: "asle",
    };
    const result = await retouchPortrait(readFixture("astronaut.jpg"), job, { includeRegions: true });
    const out = await decodeImage(result.jpeg);
    expect(result.filter).toEqual({ filter: "ppoyong", strength: 0.8 });
    expect(meanDeltaE(input, out, result.regions!.upper_lip.data).mean).toBeLessThan(1);
    expect(meanDeltaE(input, out, result.regions!.skin.data).mean).toBeGreaterThan(3);
  });
});

describe("retouchPortrait edge cases", () => {
  it("completes a photo without a face and says so", async () => {
    const result = await retouchPortrait(readFixture("coffee.jpg"), { ...BASE_JOB, scale_factor: 1.5 });
    expect(result.noFace).toBe(true);
    expect(result.facesFound).toBe(0);
    expect(result.identity).toBeNull();
    expect([result.width, result.height]).toEqual([576, 384]);
    expect((await decodeImage(result.jpeg)).width).toBe(576);
  });

  it("rejects truncated and corrupt input with a typed error", async () => {
    const bytes = readFixture("grace-hopper.jpg");
    await expect(retouchPortrait(bytes.subarray(0, bytes.length / 2), BASE_JOB)).rejects.toMatchObject({
      name: "EngineError",
      code: "INVALID_IMAGE",
    });
    await expect(retouchPortrait(Buffer.from("definitely not an image"), BASE_JOB)).rejects.toMatchObject({
      code: "INVALID_IMAGE",
    });
  });

  it("refuses, with a code, the shapes it cannot process (a 20000×2 job once crashed in the analysis)", async () => {
    const strip = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 140 } } })
        .png()
        .toBuffer();
    await expect(retouchPortrait(await strip(20_000, 2), BASE_JOB)).rejects.toMatchObject({
      code: "IMAGE_TOO_SMALL",
    });
    await expect(retouchPortrait(await strip(1200, 100), BASE_JOB)).rejects.toMatchObject({
      code: "IMAGE_ASPECT_RATIO_UNSUPPORTED",
    });
  });
});
