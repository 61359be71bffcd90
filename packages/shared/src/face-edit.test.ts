import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EASY_VALUE_MAX,
  EASY_VALUE_MIN,
  easyValueFromIntensity,
  estimateFaceEditCost,
  FACE_EDIT_SEED_MAX,
  FACE_EDIT_SEED_MIN,
  faceEditGenderFromWire,
  faceEditGenderToWire,
  faceEditUploadSize,
  intensityFromEasyValue,
  randomFaceEditSeed,
  roundIntensity,
} from "./face-edit.ts";

describe("face edit rules (spec 02 §3, §5, §9)", () => {
  it("derives easy_value as 0.45 + 0.1 × intensity with three decimals", () => {
    expect(easyValueFromIntensity(0)).toBe(0.45);
    expect(easyValueFromIntensity(0.5)).toBe(0.5);
    expect(easyValueFromIntensity(1)).toBe(0.55);
    expect(easyValueFromIntensity(0.3)).toBe(0.48);
    fc.assert(
      fc.property(fc.double({ min: -2, max: 3, noNaN: true }), (v) => {
        const e = easyValueFromIntensity(v);
        expect(e).toBeGreaterThanOrEqual(EASY_VALUE_MIN);
        expect(e).toBeLessThanOrEqual(EASY_VALUE_MAX);
        expect(Math.round(e * 1000) / 1000).toBe(e);
        // the slider value survives the round trip
        expect(intensityFromEasyValue(e)).toBeCloseTo(roundIntensity(v), 9);
      }),
    );
  });

  it("snaps the slider to one decimal inside 0..1", () => {
    expect(roundIntensity(0.44)).toBe(0.4);
    expect(roundIntensity(0.46)).toBe(0.5);
    expect(roundIntensity(-1)).toBe(0);
    expect(roundIntensity(7)).toBe(1);
    expect(roundIntensity(Number.NaN)).toBe(0.5);
  });

  it("charges 85 up to a resized sum of 3000 and 10 more per full 200 px above", () => {
    expect(estimateFaceEditCost(1500, 1500)).toBe(85);
    expect(estimateFaceEditCost(1600, 1599)).toBe(85);
    expect(estimateFaceEditCost(1600, 1600)).toBe(95);
    expect(estimateFaceEditCost(2000, 1399)).toBe(95);
    expect(estimateFaceEditCost(2000, 1400)).toBe(105);
    expect(estimateFaceEditCost(3000, 3000, 0.5)).toBe(85);
    expect(estimateFaceEditCost(1500, 1500, 2)).toBe(85 + 15 * 10);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), (w, h) => {
        const cost = estimateFaceEditCost(w, h);
        expect(cost).toBeGreaterThanOrEqual(85);
        expect((cost - 85) % 10).toBe(0);
        expect(estimateFaceEditCost(w + 1, h)).toBeGreaterThanOrEqual(cost);
      }),
    );
  });

  it("downscales uploads to a width + height of about 3000 and never enlarges", () => {
    expect(faceEditUploadSize(1000, 800)).toEqual({ width: 1000, height: 800, resized: false });
    expect(faceEditUploadSize(4000, 2000)).toEqual({ width: 2000, height: 1000, resized: true });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20000 }), fc.integer({ min: 1, max: 20000 }), (w, h) => {
        const out = faceEditUploadSize(w, h);
        expect(out.width).toBeLessThanOrEqual(w);
        expect(out.height).toBeLessThanOrEqual(h);
        if (out.resized) expect(Math.abs(out.width + out.height - 3000)).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("sends gender as the Korean word and reads it back", () => {
    expect(faceEditGenderToWire("female")).toBe("여성");
    expect(faceEditGenderToWire("male")).toBe("남성");
    expect(faceEditGenderFromWire("남성")).toBe("male");
    expect(faceEditGenderFromWire("여성")).toBe("female");
  });

  it("draws seeds in 1..1,000,000", () => {
    expect(randomFaceEditSeed(() => 0)).toBe(FACE_EDIT_SEED_MIN);
    expect(randomFaceEditSeed(() => 0.9999999999)).toBe(FACE_EDIT_SEED_MAX);
  });
});
