/**
 * The fine-tuning controls (issue 24): each visibly does what its name says, at 1 against 0, and
 * nothing else. Each is tried on the same real portrait (the 1024² bench portrait, a face about
 * 300 px wide) with a defect of its kind laid on the skin, the other controls at 0.
 */

import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { RETOUCH_CONTROLS, type TRetouchControl, type TRetouchControls } from "@gyeol/shared/retouch";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeImage, type TFace, type TFaceAnalysis } from "../face/analyze.ts";
import { decodeImage, type RgbImage } from "../image.ts";
import { srgbToLab } from "../quality/metrics.ts";
import { getStyleParams } from "../style.ts";
import { addBlemishes } from "../test/blemishes.ts";
import { applyRetouch, planRetouch, type TRetouchPlan } from "./skin.ts";
import { LOWER_LIDS } from "./zones.ts";

const NONE: TRetouchControls = Object.fromEntries(RETOUCH_CONTROLS.map((c) => [c, 0])) as TRetouchControls;
const only = (control: TRetouchControl, value = 1): TRetouchControls => ({ ...NONE, [control]: value });

let input: RgbImage;
let analysis: TFaceAnalysis;
let face: TFace;
let fw: number;

beforeAll(async () => {
  const bytes = fs.readFileSync(
    fileURLToPath(new URL("../../../../bench/fixtures/portrait-1024.jpg", import.meta.url)),
  );
  input = await decodeImage(bytes);
  analysis = await analyzeImage(input);
  face = analysis.faces[0]!;
  const xs = face.mesh.map((p) => p[0]);
  fw = Math.max(...xs) - Math.min(...xs);
}, 120_000);

async function plan(image: RgbImage): Promise<TRetouchPlan> {
  return planRetouch(
    analysis,
    { upper_lip: true, lower_lip: true, left_eyebrow: true, right_eyebrow: true, nose: false, hair: false },
    image.width,
    image.height,
  );
}

async function retouch(image: RgbImage, controls: TRetouchControls): Promise<RgbImage> {
  return applyRetouch(image, analysis, await plan(image), getStyleParams(2), 1, controls);
}

function copy(image: RgbImage): RgbImage {
  return { ...image, data: new Uint8Array(image.data) };
}

/** Mean L*, a*, b* over a disc. */
function labAt(image: RgbImage, cx: number, cy: number, r: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(cy - r); y <= Math.round(cy + r); y++)
    for (let x = Math.round(cx - r); x <= Math.round(cx + r); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      const o = (y * image.width + x) * 3;
      const lab = srgbToLab(image.data[o]!, image.data[o + 1]!, image.data[o + 2]!);
      for (let c = 0; c < 3; c++) sum[c] = sum[c]! + lab[c]!;
      n++;
    }
  return sum.map((v) => v / n) as [number, number, number];
}

/** Mean |ΔL*| + |Δa*| + |Δb*| between two images over a disc (how much a control moved it). */
function moved(a: RgbImage, b: RgbImage, cx: number, cy: number, r: number): number {
  const p = labAt(a, cx, cy, r);
  const q = labAt(b, cx, cy, r);
  return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
}

/** Multiplies the channels over a soft disc (a defect of the given tint and depth). */
function paintDisc(image: RgbImage, cx: number, cy: number, r: number, gain: [number, number, number]): void {
  for (let y = Math.floor(cy - 2 * r); y <= Math.ceil(cy + 2 * r); y++)
    for (let x = Math.floor(cx - 2 * r); x <= Math.ceil(cx + 2 * r); x++) {
      const t = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r));
      const o = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++)
        image.data[o + c] = Math.max(
          0,
          Math.min(255, Math.round(image.data[o + c]! * (1 + t * (gain[c]! - 1)))),
        );
    }
}

const point = (index: number) => face.mesh[index]!;

describe("each control does what its name says, and nothing else", () => {
  it("blemish_removal heals spots from the skin around them (and at 0 leaves them)", async () => {
    const { image: spotted, blemishes } = addBlemishes(input, face, 8);
    // Each measured against the same retouch of the photo without the spots.
    const clean0 = await retouch(input, NONE);
    const clean1 = await retouch(input, only("blemish_removal"));
    const at0 = await retouch(spotted, NONE);
    const at1 = await retouch(spotted, only("blemish_removal"));
    // The cheeks' and chin's (her forehead lies under a fringe, where a spot is not told from
    // the hair's shadow).
    const acne = blemishes.filter((b) => b.kind === "acne" && b.y > point(145)[1]);
    expect(acne.length).toBeGreaterThanOrEqual(4);
    let healed = 0;
    for (const b of acne) {
      const before = moved(at0, clean0, b.x, b.y, b.radius);
      const after = moved(at1, clean1, b.x, b.y, b.radius);
      if (after < 0.4 * before) healed++;
    }
    expect(healed / acne.length).toBeGreaterThanOrEqual(0.75);
    // The forehead's middle, away from every spot: untouched by the control.
    const [fx, fy] = point(9);
    expect(moved(at0, at1, fx, fy, fw * 0.04)).toBeLessThan(0.3);
  });

  it("dark_circles lifts the shadow under the eyes towards the cheek, nothing on the forehead", async () => {
    const shadowed = copy(input);
    for (const lid of LOWER_LIDS) {
      const [x, y] = point(lid[4]);
      paintDisc(shadowed, x, y + fw * 0.06, fw * 0.05, [0.84, 0.84, 0.9]);
    }
    const at0 = await retouch(shadowed, NONE);
    const at1 = await retouch(shadowed, only("dark_circles"));
    for (const lid of LOWER_LIDS) {
      const [x, y] = point(lid[4]);
      const L0 = labAt(at0, x, y + fw * 0.07, fw * 0.03)[0];
      const L1 = labAt(at1, x, y + fw * 0.07, fw * 0.03)[0];
      expect(L1 - L0, "under-eye lifted").toBeGreaterThan(2);
    }
    const [fx, fy] = point(9);
    expect(moved(at0, at1, fx, fy, fw * 0.04)).toBeLessThan(0.3);
  });

  it("shine_reduction brings down a shine on the nose bridge, not the cheeks", async () => {
    const shiny = copy(input);
    // The T-zone's brightest convex part, where oil shines (her forehead is under a fringe).
    const [fx, fy] = point(197);
    paintDisc(shiny, fx, fy, fw * 0.05, [1.18, 1.2, 1.24]);
    const at0 = await retouch(shiny, NONE);
    const at1 = await retouch(shiny, only("shine_reduction"));
    // The shine's excess over the same retouch of the photo without it.
    const clean0 = await retouch(input, NONE);
    const clean1 = await retouch(input, only("shine_reduction"));
    const excess0 = labAt(at0, fx, fy, fw * 0.03)[0] - labAt(clean0, fx, fy, fw * 0.03)[0];
    const excess1 = labAt(at1, fx, fy, fw * 0.03)[0] - labAt(clean1, fx, fy, fw * 0.03)[0];
    expect(excess0).toBeGreaterThan(4);
    expect(excess1, "shine lowered").toBeLessThan(excess0 * 0.6);
    const [cx, cy] = point(50);
    expect(moved(at0, at1, cx, cy, fw * 0.04)).toBeLessThan(0.3);
  });

  it("wrinkle_softening lifts fine lines and keeps a deep fold", async () => {
    const lined = copy(input);
    // Three fine lines (6% darker, 2 px) on one cheek and a deep fold (18% darker, 5 px) on the other.
    const [lx, ly] = point(117);
    const [rx, ry] = point(346);
    const line = (x0: number, y0: number, len: number, width: number, depth: number) => {
      for (let x = Math.round(x0); x < Math.round(x0 + len); x++)
        for (let dy = -2 * width; dy <= 2 * width; dy++) {
          const y = Math.round(y0) + dy;
          const t = Math.exp(-(dy * dy) / (2 * (width / 2) ** 2));
          const o = (y * lined.width + x) * 3;
          for (let c = 0; c < 3; c++) lined.data[o + c] = Math.round(lined.data[o + c]! * (1 - depth * t));
        }
    };
    for (let k = 0; k < 3; k++) line(lx - fw * 0.06, ly + k * fw * 0.05, fw * 0.12, 2, 0.06);
    line(rx - fw * 0.06, ry, fw * 0.12, 5, 0.18);
    // A line's depth: how much darker it leaves the skin than the same retouch without it (L*).
    const clean0 = await retouch(input, NONE);
    const clean1 = await retouch(input, only("wrinkle_softening"));
    const at0 = await retouch(lined, NONE);
    const at1 = await retouch(lined, only("wrinkle_softening"));
    const depth = (image: RgbImage, clean: RgbImage, x: number, y: number) =>
      labAt(clean, x, y, fw * 0.008)[0] - labAt(image, x, y, fw * 0.008)[0];
    const fine0 = depth(at0, clean0, lx, ly + fw * 0.05);
    const fine1 = depth(at1, clean1, lx, ly + fw * 0.05);
    expect(fine0).toBeGreaterThan(0.8);
    expect(fine1, "fine line lifted").toBeLessThan(fine0 * 0.6);
    const fold0 = depth(at0, clean0, rx, ry);
    const fold1 = depth(at1, clean1, rx, ry);
    expect(fold0).toBeGreaterThan(4);
    expect(fold1, "deep fold kept").toBeGreaterThan(fold0 * 0.85);
  });

  it("tone_evening evens a red blotch and keeps a broad blush", async () => {
    const blotched = copy(input);
    const [bx, by] = point(205);
    paintDisc(blotched, bx, by, fw * 0.025, [1.02, 0.9, 0.92]);
    const [ux, uy] = point(425);
    paintDisc(blotched, ux, uy, fw * 0.16, [1.02, 0.93, 0.95]);
    const clean = await retouch(input, NONE);
    const clean1 = await retouch(input, only("tone_evening"));
    const at0 = await retouch(blotched, NONE);
    const at1 = await retouch(blotched, only("tone_evening"));
    const red = (image: RgbImage, x: number, y: number, r: number) => labAt(image, x, y, r)[1];
    const blotch0 = red(at0, bx, by, fw * 0.015) - red(clean, bx, by, fw * 0.015);
    const blotch1 = red(at1, bx, by, fw * 0.015) - red(clean1, bx, by, fw * 0.015);
    expect(blotch0).toBeGreaterThan(3);
    expect(blotch1, "blotch evened").toBeLessThan(blotch0 * 0.6);
    const blush0 = red(at0, ux, uy, fw * 0.06) - red(clean, ux, uy, fw * 0.06);
    const blush1 = red(at1, ux, uy, fw * 0.06) - red(clean1, ux, uy, fw * 0.06);
    expect(blush1, "broad blush kept").toBeGreaterThan(blush0 * 0.75);
  });
});
