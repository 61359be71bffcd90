import { describe, expect, it } from "vitest";
import type { TFaceAnalysis } from "../face/analyze.ts";
import { REGION_NAMES, type TRegionMasks } from "../face/regions.ts";
import { createMask, type RgbImage, resizeLanczos } from "../image.ts";
import { blurPlane } from "../masks.ts";
import {
  deltaE2000,
  highFrequencyEnergy,
  meanDeltaE2000,
  measureRetouch,
  skinCoreMask,
  skinTexture,
  srgbToLab,
  summarize,
  VISIBLE_TEXTURE_RMS,
} from "./metrics.ts";

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 160;
const H = 160;

/** A skin-coloured square with grain of the given amplitude (8-bit levels), dark "eyes" in it. */
function skinImage(grain: number, seed = 1): RgbImage {
  const random = rng(seed);
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const n = (random() - 0.5) * 2 * grain;
      const o = (y * W + x) * 3;
      const eye = y >= 50 && y < 60 && ((x >= 50 && x < 70) || (x >= 90 && x < 110));
      data[o] = eye ? 40 : Math.round(205 + n);
      data[o + 1] = eye ? 30 : Math.round(160 + n);
      data[o + 2] = eye ? 30 : Math.round(140 + n);
    }
  }
  return { data, width: W, height: H };
}

/** An analysis with a skin square 30..130 and two eye boxes, no detected face (no identity). */
function fakeAnalysis(): TFaceAnalysis {
  const regions = Object.fromEntries(REGION_NAMES.map((n) => [n, createMask(W, H)])) as TRegionMasks;
  for (let y = 30; y < 130; y++)
    for (let x = 30; x < 130; x++) {
      const eye = y >= 50 && y < 60 && ((x >= 50 && x < 70) || (x >= 90 && x < 110));
      if (eye) regions.eyes.data[y * W + x] = 1;
      else regions.skin.data[y * W + x] = 1;
    }
  return {
    width: W,
    height: H,
    faces: [],
    regions,
    timings: { detectMs: 0, segmentMs: 0, masksMs: 0 },
  };
}

/** The image with its skin square's luma detail scaled by `keep` (0 = blurred flat). */
function keepDetail(image: RgbImage, keep: number): RgbImage {
  const out = new Uint8Array(image.data);
  for (let c = 0; c < 3; c++) {
    const plane = Float32Array.from({ length: W * H }, (_, i) => image.data[i * 3 + c]!);
    const low = blurPlane(plane, W, H, 6);
    for (let y = 30; y < 130; y++)
      for (let x = 30; x < 130; x++) {
        const i = y * W + x;
        if (y >= 46 && y < 64 && ((x >= 46 && x < 74) || (x >= 86 && x < 114))) continue;
        out[i * 3 + c] = Math.round(low[i]! + keep * (plane[i]! - low[i]!));
      }
  }
  return { data: out, width: W, height: H };
}

describe("deltaE2000", () => {
  it("matches Sharma, Wu & Dalal's published test pairs", () => {
    const pairs: Array<[[number, number, number], [number, number, number], number]> = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
      [[50, 2.8361, -74.02], [50, 0, -82.7485], 3.4412],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    ];
    for (const [a, b, want] of pairs) {
      expect(deltaE2000(a, b)).toBeCloseTo(want, 3);
      expect(deltaE2000(b, a)).toBeCloseTo(want, 3);
    }
    expect(deltaE2000([50, 10, 10], [50, 10, 10])).toBe(0);
  });

  it("converts sRGB white and black to L* 100 and 0", () => {
    const white = srgbToLab(255, 255, 255);
    expect(white[0]).toBeCloseTo(100, 1);
    expect(Math.abs(white[1])).toBeLessThan(0.5);
    expect(srgbToLab(0, 0, 0)[0]).toBeCloseTo(0, 5);
  });

  it("averages over the masked pixels only", () => {
    const a = skinImage(0);
    const b = { ...a, data: new Uint8Array(a.data) };
    b.data[0] = 0;
    const first = new Float32Array(W * H);
    first[0] = 1;
    expect(meanDeltaE2000(a, b, first).mean).toBeGreaterThan(10);
    const second = new Float32Array(W * H);
    second[1] = 1;
    expect(meanDeltaE2000(a, b, second)).toEqual({ mean: 0, pixels: 1 });
  });
});

describe("skin texture and high-frequency energy", () => {
  it("scales with the square of the detail kept", () => {
    const grainy = skinImage(12);
    const mask = new Float32Array(W * H);
    for (let y = 70; y < 120; y++) for (let x = 40; x < 120; x++) mask[y * W + x] = 1;
    const before = highFrequencyEnergy(grainy, mask);
    const ratio = highFrequencyEnergy(keepDetail(grainy, 0.7), mask) / before;
    expect(ratio).toBeGreaterThan(0.7 ** 2 - 0.08);
    expect(ratio).toBeLessThan(0.7 ** 2 + 0.08);
  });

  it("tells grainy skin from already-flat skin", async () => {
    const analysis = fakeAnalysis();
    const core = await skinCoreMask(analysis.regions, analysis, W, H);
    // The eyes (and a margin around them) are not skin core.
    expect(core[55 * W + 60]).toBe(0);
    expect(core[100 * W + 80]).toBeGreaterThan(0.95);
    const flat = skinTexture(skinImage(0.6), core);
    const grainy = skinTexture(skinImage(8), core);
    expect(flat.visible).toBe(false);
    expect(flat.rms).toBeLessThan(VISIBLE_TEXTURE_RMS);
    expect(grainy.visible).toBe(true);
    expect(grainy.pixels).toBeGreaterThan(5000);
  });
});

describe("measureRetouch", () => {
  it("reads an untouched output as ratio 1 and ΔE 0", async () => {
    const input = skinImage(8);
    const report = await measureRetouch({ input, output: input, analysis: fakeAnalysis() });
    expect(report.hfRatio).toBeCloseTo(1, 6);
    expect(report.maxProtectedDeltaE).toBe(0);
    expect(Object.keys(report.protectedDeltaE).sort()).toEqual(["eyes", "untouched"]);
    expect(report.identity).toBeNull();
  });

  it("reads a half-smoothed skin inside the band and a changed eye as a protected ΔE", async () => {
    const input = skinImage(8);
    const output = keepDetail(input, 0.75);
    for (let y = 50; y < 60; y++) for (let x = 50; x < 70; x++) output.data[(y * W + x) * 3] = 90;
    const report = await measureRetouch({ input, output, analysis: fakeAnalysis() });
    expect(report.hfRatio).toBeGreaterThan(0.4);
    expect(report.hfRatio).toBeLessThan(0.8);
    expect(report.protectedDeltaE.eyes).toBeGreaterThan(5);
    expect(report.protectedDeltaE.untouched).toBe(0);
  });

  it("judges a 2× output against the Lanczos enlargement of the input", async () => {
    const input = skinImage(8);
    const analysis = fakeAnalysis();
    const lanczos = await resizeLanczos(input, W * 2, H * 2);
    const same = await measureRetouch({ input, output: lanczos, analysis });
    expect(same.hfRatio).toBeCloseTo(1, 6);
    expect(same.maxProtectedDeltaE).toBe(0);
    // A waxy enlargement: the smoothed input, enlarged.
    const waxy = await resizeLanczos(keepDetail(input, 0.1), W * 2, H * 2);
    expect((await measureRetouch({ input, output: waxy, analysis })).hfRatio).toBeLessThan(0.15);
  });

  it("summarizes min, median and max", () => {
    expect(summarize([3, Number.NaN, 1, 2, 10])).toEqual({ min: 1, median: 2.5, max: 10, n: 4 });
  });
});
