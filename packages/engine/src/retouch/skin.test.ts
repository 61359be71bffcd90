import { defaultRetouchControls } from "@gyeol/shared/retouch";
import { describe, expect, it } from "vitest";
import type { TFaceAnalysis } from "../face/analyze.ts";
import { REGION_NAMES, type TRegionMasks } from "../face/regions.ts";
import { type BoxMask, createMask, type RgbImage } from "../image.ts";
import { deltaE2000, srgbToLab } from "../quality/metrics.ts";
import { getStyleParams } from "../style.ts";
import { applyRetouch, type TRetouchPlan } from "./skin.ts";

const S = 240;
const FACE_WIDTH = 400;
const BLUSH_SIGMA = 40;
const SPOTS: Array<[number, number]> = [
  [80, 90],
  [150, 110],
  [110, 160],
  [170, 170],
  [60, 150],
];

/**
 * A cheek patch (part of a face FACE_WIDTH px wide): skin with fine grain, a broad pink blush
 * centred in it, and, when `spots`, five small red blemishes (radius 4 px) on top.
 */
function cheek(spots: boolean): RgbImage {
  const data = new Uint8Array(S * S * 3);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++) {
      const blush = Math.exp(-((x - 120) ** 2 + (y - 125) ** 2) / (2 * BLUSH_SIGMA ** 2));
      let spot = 0;
      if (spots)
        for (const [sx, sy] of SPOTS) spot = Math.max(spot, Math.exp(-((x - sx) ** 2 + (y - sy) ** 2) / 8));
      const grain = (random() - 0.5) * 6;
      const o = (y * S + x) * 3;
      data[o] = Math.round(222 + grain + 12 * blush - 6 * spot);
      data[o + 1] = Math.round(184 + grain - 26 * blush - 45 * spot);
      data[o + 2] = Math.round(165 + grain - 14 * blush - 35 * spot);
    }
  return { data, width: S, height: S };
}

function fullBox(value: number): BoxMask {
  const box = createMask(S, S);
  box.data.fill(value);
  return { width: S, height: S, x0: 0, y0: 0, box };
}

const plan: TRetouchPlan = {
  protect: fullBox(0),
  excluded: null,
  weights: { skin: fullBox(1), lips: fullBox(0), brows: fullBox(0), hair: fullBox(0) },
  faceWidth: FACE_WIDTH,
};
const analysis = {
  width: S,
  height: S,
  faces: [{ score: 1, box: [0, 0, FACE_WIDTH, FACE_WIDTH], mesh: [] }],
  regions: Object.fromEntries(REGION_NAMES.map((n) => [n, createMask(S, S)])) as TRegionMasks,
  timings: { detectMs: 0, segmentMs: 0, masksMs: 0 },
} as TFaceAnalysis;

/** Mean L*a*b* over a disc. */
function meanLab(image: RgbImage, cx: number, cy: number, radius: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = cy - radius; y <= cy + radius; y++)
    for (let x = cx - radius; x <= cx + radius; x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
      const o = (y * S + x) * 3;
      const lab = srgbToLab(image.data[o]!, image.data[o + 1]!, image.data[o + 2]!);
      for (let c = 0; c < 3; c++) sum[c] = sum[c]! + lab[c]!;
      n++;
    }
  return sum.map((v) => v / n) as [number, number, number];
}

describe("skin retouch: blemishes go, deliberate colour stays", () => {
  for (const lora of [2, 0]) {
    const style = getStyleParams(lora);
    it(`${style.name}: evens small red spots and keeps a broad blush's colour`, () => {
      const withSpots = cheek(true);
      const blushOnly = cheek(false);
      const out = applyRetouch(withSpots, analysis, plan, style, 1, defaultRetouchControls(lora));
      // Each spot (its centre, radius 2) ends much closer to the blush-only skin than it started.
      for (const [x, y] of SPOTS) {
        const before = deltaE2000(meanLab(withSpots, x, y, 2), meanLab(blushOnly, x, y, 2));
        const after = deltaE2000(meanLab(out, x, y, 2), meanLab(blushOnly, x, y, 2));
        expect(before).toBeGreaterThan(8);
        expect(after, `spot at ${x},${y}`).toBeLessThan(before * 0.4);
      }
      // The blush keeps its colour: its mean over one sigma, and its contrast with the bare skin
      // at the patch corner (the style's own brightening applies to both).
      const blushIn = meanLab(blushOnly, 120, 125, 30);
      const blushOut = meanLab(out, 120, 125, 30);
      expect(deltaE2000(blushIn, blushOut)).toBeLessThan(2.5);
      const rednessIn = blushIn[1] - meanLab(blushOnly, 20, 20, 12)[1];
      const rednessOut = blushOut[1] - meanLab(out, 20, 20, 12)[1];
      expect(rednessIn).toBeGreaterThan(5);
      expect(rednessOut).toBeGreaterThan(rednessIn * 0.85);
    });
  }
});
