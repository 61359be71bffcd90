import { describe, expect, it } from "vitest";
import { findSpots } from "./spots.ts";

const SIZE = 240;
const FACE_WIDTH = 400;

/** Skin of luma 0.6 with a fine deterministic grain, and a plane of its redness. */
function skin(): { luma: Float32Array; redness: Float32Array; allow: Float32Array } {
  const n = SIZE * SIZE;
  const luma = new Float32Array(n);
  const redness = new Float32Array(n);
  let seed = 7;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    luma[i] = 0.6 + ((seed >>> 8) / 2 ** 24 - 0.5) * 0.02;
    redness[i] = 0.12;
  }
  return { luma, redness, allow: new Float32Array(n).fill(1) };
}

/** A darker, redder round mark of standard deviation `sigma` at (cx, cy). */
function addMark(
  planes: { luma: Float32Array; redness: Float32Array },
  cx: number,
  cy: number,
  sigma: number,
  depth: number,
) {
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const g = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * sigma * sigma));
      planes.luma[y * SIZE + x] = planes.luma[y * SIZE + x]! - depth * g;
      planes.redness[y * SIZE + x] = planes.redness[y * SIZE + x]! + depth * 0.8 * g;
    }
}

const find = (planes: { luma: Float32Array; redness: Float32Array; allow: Float32Array }) =>
  findSpots({ ...planes, width: SIZE, height: SIZE, faceWidth: FACE_WIDTH, amount: 0.7 }).filter(
    (s) => s.kind === "blemish",
  );

describe("findSpots", () => {
  it("finds a red blemish in the middle of the skin", () => {
    const planes = skin();
    addMark(planes, 120, 120, 4, 0.1);
    const spots = find(planes);
    expect(spots.length).toBe(1);
    expect(Math.hypot(spots[0]!.x - 120, spots[0]!.y - 120)).toBeLessThan(3);
  });

  it("leaves shading at the edge of the skin (a cheek turning from the light, a temple at the hairline)", () => {
    const planes = skin();
    // Past x = 150 is background or hair: not skin. The shade lies against it.
    for (let y = 0; y < SIZE; y++) for (let x = 150; x < SIZE; x++) planes.allow[y * SIZE + x] = 0;
    addMark(planes, 146, 120, 8, 0.1);
    expect(find(planes)).toEqual([]);
  });

  it("leaves a dip on a slope whose far side is darker than the dip", () => {
    const planes = skin();
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++) {
        // Darker and redder towards the right, faster than the mark: no quarter of its ring is lighter.
        planes.luma[y * SIZE + x] = planes.luma[y * SIZE + x]! - 0.008 * (x - 120);
        planes.redness[y * SIZE + x] = planes.redness[y * SIZE + x]! + 0.006 * (x - 120);
      }
    addMark(planes, 120, 120, 8, 0.1);
    expect(find(planes)).toEqual([]);
  });
});
