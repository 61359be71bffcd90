import { afterAll, describe, expect, it } from "vitest";
import { analyzeImage } from "../face/analyze.ts";
import { decodeImage, type RgbImage } from "../image.ts";
import { highFrequencyEnergy, lumaPlane, skinCoreMask, srgbToLab } from "../quality/metrics.ts";
import { retouchJob, retouchPortrait } from "../retouch.ts";
import { readFixture, readGreyFixture } from "../test/fixtures.ts";
import { closeSrPools } from "../upscale/pool.ts";
import { applyFilter, colourGate } from "./filters.ts";

afterAll(() => closeSrPools());

/** A 192² patch: a soft horizontal ramp plus fine deterministic noise (skin-like texture), grey or tinted. */
function texturedPatch(tint: [number, number, number]): RgbImage {
  const width = 192;
  const height = 192;
  const data = new Uint8Array(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648 - 0.5;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = 90 + (110 * x) / width + 16 * noise();
      for (let c = 0; c < 3; c++)
        data[(y * width + x) * 3 + c] = Math.round(Math.min(255, Math.max(0, v * tint[c]!)));
    }
  return { data, width, height };
}

function maxChroma(image: RgbImage): number {
  let max = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const [, a, b] = srgbToLab(image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!);
    max = Math.max(max, Math.abs(a), Math.abs(b));
  }
  return max;
}

const everywhere = new Float32Array(192 * 192).fill(1);
const noScope = { allow: null, skin: null };

describe("applyFilter composes with the retouch", () => {
  it("passes fine detail through the studio look at gain 1 (it used to sharpen it by about 40%)", () => {
    const patch = texturedPatch([1.08, 0.98, 0.9]);
    const before = highFrequencyEnergy(patch, everywhere);
    for (const strength of [0.5, 1]) {
      const after = highFrequencyEnergy(applyFilter(patch, "studio", strength, noScope), everywhere);
      expect(after / before, `studio ${strength}`).toBeGreaterThan(0.9);
      expect(after / before, `studio ${strength}`).toBeLessThan(1.1);
    }
  });

  it("leaves a grey patch grey with either look (no warm or cool tint)", () => {
    const patch = texturedPatch([1, 1, 1]);
    for (const filter of ["studio", "ppoyong"] as const) {
      const out = applyFilter(patch, filter, 1, { allow: null, skin: (_, row) => row.fill(1) });
      expect(maxChroma(out), filter).toBeLessThan(0.5);
    }
    // …while a coloured patch still takes the studio warmth.
    const skin = texturedPatch([1.12, 0.95, 0.82]);
    const warmed = applyFilter(skin, "studio", 1, noScope);
    const meanB = (img: RgbImage) => {
      let s = 0;
      for (let i = 0; i < img.width * img.height; i++) s += img.data[i * 3 + 2]! - img.data[i * 3]!;
      return s / (img.width * img.height);
    };
    expect(meanB(warmed)).toBeLessThan(meanB(skin) - 1);
  });

  it("gates colour by the pixel's own spread", () => {
    expect(colourGate(0.5, 0.5, 0.5)).toBe(0);
    expect(colourGate(0.8, 0.62, 0.5)).toBe(1);
  });
});

describe("filters in the retouch pipeline", () => {
  it("keeps the skin's high-frequency ratio with studio 0.5 within 8% of the no-filter result", async () => {
    for (const name of ["astronaut.jpg", "grace-hopper.jpg", "grace-meng.jpg"]) {
      const bytes = readFixture(name);
      const input = await decodeImage(bytes);
      const analysis = await analyzeImage(input);
      const core = await skinCoreMask(analysis.regions, analysis, input.width, input.height);
      const reference = highFrequencyEnergy(input, core);
      const plain = await decodeImage((await retouchPortrait(bytes, retouchJob())).jpeg);
      const studio = await decodeImage(
        (await retouchPortrait(bytes, retouchJob({ filter_index: 0, filter_strength: 0.5 }))).jpeg,
      );
      const plainRatio = highFrequencyEnergy(plain, core) / reference;
      const studioRatio = highFrequencyEnergy(studio, core) / reference;
      expect(studioRatio / plainRatio, name).toBeLessThan(1.08);
      expect(studioRatio / plainRatio, name).toBeGreaterThan(0.92);
    }
  });

  it("keeps a black-and-white portrait neutral through any filter and the makeup styles", async () => {
    const grey = await readGreyFixture("astronaut.jpg", "jpeg");
    const jobs = [
      retouchJob({ filter_index: 0, filter_strength: 0.5 }),
      retouchJob({ filter_index: 1, filter_strength: 0.75, filter_prompt: "asle" }),
      retouchJob({ lora_index: 0, upper_lip: true, lower_lip: true, filter_index: 0, filter_strength: 0.5 }),
      retouchJob({ lora_index: 7 }),
    ];
    for (const job of jobs) {
      const out = await decodeImage((await retouchPortrait(grey, job)).jpeg);
      expect(maxChroma(out), JSON.stringify(job)).toBeLessThan(1);
    }
  });
});

describe("outfit exclusion with a filter", () => {
  it("leaves no hard line where the outfit region starts below the chin", async () => {
    for (const name of ["grace-hopper.jpg", "astronaut.jpg"]) {
      const bytes = readFixture(name);
      const input = await decodeImage(bytes);
      const inLuma = lumaPlane(input);
      for (const filter of [
        { filter_index: 0, filter_strength: 1 },
        { filter_index: 1, filter_strength: 1, filter_prompt: "asle" },
      ]) {
        const result = await retouchPortrait(bytes, retouchJob({ exclude_outfit: true, ...filter }), {
          includeRegions: true,
        });
        const out = lumaPlane(await decodeImage(result.jpeg));
        const outfit = result.regions!.outfit;
        // The region's first row: where it starts (a straight row below the chin, face/regions.ts).
        let top = -1;
        for (let y = 0; y < outfit.height && top < 0; y++)
          for (let x = 0; x < outfit.width; x++)
            if (outfit.data[y * outfit.width + x]! > 0.05) {
              top = y;
              break;
            }
        expect(top, name).toBeGreaterThan(0);
        const k = input.height / outfit.height;
        const line = Math.round(top * k);
        // Each column with outfit just under the line: the steepest step within ±4 rows of it,
        // output against input (luma levels). A filter that stops on the row made a step there.
        let worst = Number.NEGATIVE_INFINITY;
        let columns = 0;
        for (let x = 0; x < input.width; x++) {
          const mx = Math.min(outfit.width - 1, Math.floor(x / k));
          if (outfit.data[Math.min(outfit.height - 1, top + 2) * outfit.width + mx]! < 0.5) continue;
          let gIn = 0;
          let gOut = 0;
          for (let y = Math.max(1, line - 4); y < Math.min(input.height, line + 5); y++) {
            const i = y * input.width + x;
            gIn = Math.max(gIn, Math.abs(inLuma[i]! - inLuma[i - input.width]!));
            gOut = Math.max(gOut, Math.abs(out[i]! - out[i - input.width]!));
          }
          worst = Math.max(worst, gOut - gIn);
          columns++;
        }
        expect(columns, name).toBeGreaterThan(50);
        expect(worst, `${name} filter ${filter.filter_index}`).toBeLessThan(8);
      }
    }
  });
});
