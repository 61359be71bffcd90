import { describe, expect, it } from "vitest";
import { createMask, type Mask, type RgbImage } from "../image.ts";
import {
  applyWarp,
  backwardGrid,
  distanceInside,
  forwardDisplacement,
  gateAt,
  gateFromDistance,
  gradientBound,
  MAX_WARP_GRADIENT,
  maxDisplacement,
  scaleGrid,
  type TWarpControls,
  type TWarpGrid,
} from "./warp.ts";

const W = 160;
const H = 140;

/** Deterministic noise, so every pixel differs from its neighbours (a copy error shows). */
function noiseImage(width = W, height = H): RgbImage {
  const data = new Uint8Array(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = seed >> 23;
  }
  return { data, width, height };
}

/** A blob with a notch: painted inside a circle, except a wedge cut into it (a concave edge). */
function notchedMask(width = W, height = H): Mask {
  const mask = createMask(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x - 80;
      const dy = y - 70;
      const inCircle = dx * dx + dy * dy < 55 * 55;
      const inNotch = dx > 10 && Math.abs(dy) < (dx - 10) * 0.4;
      if (inCircle && !inNotch) mask.data[y * width + x] = 1;
    }
  }
  return mask;
}

/** Strong controls of every kind around (80, 70). */
function strongControls(k = 1): TWarpControls {
  return {
    groups: [
      {
        shifts: [
          { at: [60, 90], move: [12 * k, 0], sigma: 14 },
          { at: [100, 90], move: [-12 * k, 0], sigma: 14 },
        ],
      },
    ],
    scales: [{ centre: [80, 55], axis: [1, 0], rx: 30, ry: 18, sx: 0.2 * k, sy: 0.3 * k }],
    outlines: [
      {
        origin: [80, 40],
        axis: [1, 0],
        down: [0, 1],
        side: -1,
        levels: [10, 40, 70],
        reach: [40, 40, 30],
        moves: [0, -8 * k, 0],
        inner: 0.35,
        outer: 0.9,
      },
    ],
  };
}

const FULL_BOX = { x0: 0, y0: 0, x1: W, y1: H };

function gatedField(grid: TWarpGrid, gate: ReturnType<typeof gateFromDistance>, x: number, y: number) {
  const g = gateAt(gate, x, y);
  const u = new Float64Array(2);
  // gridAt is exercised through applyWarp; here the same bilinear read, by hand.
  const gx = (x - grid.x0) / grid.step;
  const gy = (y - grid.y0) / grid.step;
  const i = Math.min(grid.cols - 2, Math.max(0, Math.floor(gx)));
  const j = Math.min(grid.rows - 2, Math.max(0, Math.floor(gy)));
  const fx = gx - i;
  const fy = gy - j;
  const k = j * grid.cols + i;
  for (const [arr, o] of [
    [grid.ux, 0],
    [grid.uy, 1],
  ] as const) {
    u[o] =
      (1 - fx) * (1 - fy) * arr[k]! +
      fx * (1 - fy) * arr[k + 1]! +
      (1 - fx) * fy * arr[k + grid.cols]! +
      fx * fy * arr[k + grid.cols + 1]!;
  }
  return [g * u[0]!, g * u[1]!] as const;
}

describe("reshape warp", () => {
  it("is the identity when every amount is zero", () => {
    const image = noiseImage();
    const grid = backwardGrid(strongControls(0), FULL_BOX, 4);
    expect(maxDisplacement(grid)).toBe(0);
    const mask = createMask(W, H);
    mask.data.fill(1);
    const gate = gateFromDistance(distanceInside(mask, 0.5, FULL_BOX), 10);
    const out = applyWarp(image, grid, gate);
    expect(Buffer.from(out.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it("never changes a pixel outside the painted area, even beside a concave edge", () => {
    const image = noiseImage();
    const mask = notchedMask();
    const box = { x0: 25, y0: 15, x1: 136, y1: 126 };
    const distance = distanceInside(mask, 0.5, box);
    const gate = gateFromDistance(distance, 12);
    const grid = backwardGrid(strongControls(), box, 3);
    expect(maxDisplacement(grid)).toBeGreaterThan(5);
    const out = applyWarp(image, grid, gate);
    let outside = 0;
    let changedInside = 0;
    for (let i = 0; i < W * H; i++) {
      const same =
        out.data[i * 3] === image.data[i * 3] &&
        out.data[i * 3 + 1] === image.data[i * 3 + 1] &&
        out.data[i * 3 + 2] === image.data[i * 3 + 2];
      if (mask.data[i]! < 0.5) {
        outside++;
        expect(same).toBe(true);
      } else if (!same) changedInside++;
    }
    expect(outside).toBeGreaterThan(W * H * 0.5);
    expect(changedInside).toBeGreaterThan(1000);
  });

  it("measures distance to the nearest unpainted pixel exactly (image border included)", () => {
    const mask = notchedMask(60, 50);
    // Paint up to the image's right border too.
    for (let y = 10; y < 30; y++) for (let x = 40; x < 60; x++) mask.data[y * 60 + x] = 1;
    const box = { x0: 0, y0: 0, x1: 60, y1: 50 };
    const d = distanceInside(mask, 0.5, box);
    for (let y = 0; y < 50; y++) {
      for (let x = 0; x < 60; x++) {
        let best = Number.POSITIVE_INFINITY;
        for (let yy = -1; yy <= 50; yy++) {
          for (let xx = -1; xx <= 60; xx++) {
            const off = xx < 0 || yy < 0 || xx >= 60 || yy >= 50;
            if (off || mask.data[yy * 60 + xx]! < 0.5) best = Math.min(best, Math.hypot(x - xx, y - yy));
          }
        }
        const expected = mask.data[y * 60 + x]! < 0.5 ? 0 : best;
        expect(d.data[y * 60 + x]).toBeCloseTo(expected, 4);
      }
    }
  });

  it("keeps the gated field fold-free: after the guard the map is monotone with a positive Jacobian", () => {
    const mask = notchedMask();
    const box = { x0: 25, y0: 15, x1: 136, y1: 126 };
    const distance = distanceInside(mask, 0.5, box);
    // Far too strong on purpose: the guard must bring it back under the limit.
    const grid = backwardGrid(strongControls(4), box, 2);
    const radius = 6;
    const before = gradientBound(grid, distance, radius).bound;
    expect(before).toBeGreaterThan(1);
    scaleGrid(grid, MAX_WARP_GRADIENT / before);
    expect(gradientBound(grid, distance, radius).bound).toBeLessThanOrEqual(MAX_WARP_GRADIENT + 1e-6);
    const gate = gateFromDistance(distance, radius);
    let worstGradient = 0;
    for (let y = box.y0; y < box.y1 - 1; y++) {
      for (let x = box.x0; x < box.x1 - 1; x++) {
        const [u, v] = gatedField(grid, gate, x, y);
        const [ur, vr] = gatedField(grid, gate, x + 1, y);
        const [ud, vd] = gatedField(grid, gate, x, y + 1);
        // Where each output pixel reads from: x + u(x). Along a row it must keep moving right,
        // down a column keep moving down, and the local map must not flip (det > 0).
        expect(x + 1 + ur).toBeGreaterThan(x + u);
        expect(y + 1 + vd).toBeGreaterThan(y + v);
        const a = 1 + (ur - u);
        const b = ud - u;
        const c = vr - v;
        const d = 1 + (vd - v);
        expect(a * d - b * c).toBeGreaterThan(0);
        worstGradient = Math.max(
          worstGradient,
          Math.abs(ur - u),
          Math.abs(ud - u),
          Math.abs(vr - v),
          Math.abs(vd - v),
        );
      }
    }
    expect(worstGradient).toBeLessThan(1);
  });

  it("moves content the way each control says", () => {
    const d = new Float64Array(2);
    const controls = strongControls();
    // A scale enlarges: content right of and below the centre moves further out.
    forwardDisplacement({ groups: [], scales: controls.scales }, 90, 60, d);
    expect(d[0]).toBeGreaterThan(0);
    expect(d[1]).toBeGreaterThan(0);
    // A shift group moves content near its anchors by about their move, and nothing far away.
    forwardDisplacement({ groups: controls.groups, scales: [] }, 60, 90, d);
    expect(d[0]).toBeGreaterThan(6);
    forwardDisplacement({ groups: controls.groups, scales: [] }, 60, 10, d);
    expect(Math.abs(d[0]!)).toBeLessThan(0.01);
    // An outline moves its side only: the right side of the midline, toward the midline (−8 on
    // the left side means inward, +x), and nothing on the other side or above its levels.
    const outline = { groups: [], scales: [], outlines: controls.outlines };
    forwardDisplacement(outline, 40, 80, d);
    expect(d[0]).toBeCloseTo(8, 5);
    forwardDisplacement(outline, 120, 80, d);
    expect(d[0]).toBe(0);
    forwardDisplacement(outline, 40, 45, d);
    expect(d[0]).toBe(0);
    // The backward grid inverts the forward move: the point that lands on x came from x + u.
    const grid = backwardGrid(outline, FULL_BOX, 1);
    const k = 80 * grid.cols + 48;
    expect(grid.ux[k]).toBeLessThan(-2);
    forwardDisplacement(outline, 48 + grid.ux[k]!, 80 + grid.uy[k]!, d);
    expect(48 + grid.ux[k]! + d[0]!).toBeCloseTo(48, 2);
  });
});
