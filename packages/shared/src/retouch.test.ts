import { describe, expect, it } from "vitest";
import {
  computeAutoResize,
  ENGINE_MAX_ASPECT_RATIO,
  ENGINE_MAX_INPUT_PIXELS,
  ENGINE_MIN_SIDE_PX,
  estimateRetouchCost,
  findEngineInputProblem,
  isOverScaleLimit,
  maxAllowedScale,
  normalizeRetouchStyle,
  qualityBadge,
  resolveFilterFields,
  resolveLoraIndex,
} from "./retouch.ts";

describe("retouch cost (spec 02 §9)", () => {
  it("charges 80 under a 2500 px sum", () => {
    expect(estimateRetouchCost(1000, 1000, 1)).toBe(80);
    expect(estimateRetouchCost(1249, 1250, 1)).toBe(80);
  });
  it("charges 100 + 5 per full 100 px above 2500", () => {
    expect(estimateRetouchCost(1250, 1250, 1)).toBe(100);
    expect(estimateRetouchCost(1000, 1000, 1.5)).toBe(125);
    expect(estimateRetouchCost(1000, 1099, 1.5)).toBe(100 + 5 * 6); // 1500 + 1649 = 3149
  });
  it("reads scale 0 as the original size", () => {
    expect(estimateRetouchCost(1500, 1500, 0)).toBe(estimateRetouchCost(1500, 1500, 1));
  });
});

describe("scale limit", () => {
  it("blocks a scaled sum of 4000 or more unless the scale is 1", () => {
    expect(isOverScaleLimit(1000, 1000, 2)).toBe(true);
    expect(isOverScaleLimit(1000, 990, 2)).toBe(false);
    expect(isOverScaleLimit(2500, 2500, 1)).toBe(false);
    // "Keep original size" gives the same output as 1.0, so the same answer.
    expect(isOverScaleLimit(2500, 2499, 0)).toBe(false);
    expect(isOverScaleLimit(2500, 2499, 0)).toBe(isOverScaleLimit(2500, 2499, 1));
  });
});

describe("auto-resize tiers", () => {
  it("leaves sums under 5000 alone", () => {
    expect(computeAutoResize(2400, 2500).isResized).toBe(false);
  });
  it("applies the tier and raises the smaller side to 1000 px", () => {
    const r = computeAutoResize(3000, 2500); // sum 5500 → 0.2 → 600×500 → lifted ×2
    expect(r).toEqual({ width: 1200, height: 1000, isResized: true, isMinSideApplied: true });
  });
  it("uses 0.1 at 10000 px and more", () => {
    const r = computeAutoResize(20000, 15000);
    expect(r.width).toBe(2000);
    expect(r.height).toBe(1500);
    expect(r.isMinSideApplied).toBe(false);
  });
});

describe("style table and filter rule (spec 02 §5)", () => {
  it("maps styles to lora indices", () => {
    expect(resolveLoraIndex("female", "east_asian", "makeup")).toBe(0);
    expect(resolveLoraIndex("female", "east_asian", "basic_chic")).toBe(8);
    expect(resolveLoraIndex("female", "western", "makeup")).toBe(4);
    expect(resolveLoraIndex("male", "western", "basic")).toBe(5);
    expect(resolveLoraIndex("male", "east_asian", "basic")).toBe(6);
  });
  it("resets an invalid style to basic", () => {
    expect(normalizeRetouchStyle("male", "east_asian", "glossy")).toBe("basic");
    expect(normalizeRetouchStyle("female", "western", "matte_makeup")).toBe("matte_makeup");
  });
  it("sends 0.01 and index 0 when the filter is off", () => {
    expect(resolveFilterFields("none", 0.5)).toMatchObject({ filter_index: 0, filter_strength: 0.01 });
    expect(resolveFilterFields("ppoyong", 0)).toMatchObject({ filter_index: 0, filter_strength: 0.01 });
    expect(resolveFilterFields("ppoyong", 0.456)).toEqual({
      filter_index: 1,
      filter_strength: 0.46,
      filter_prompt: "asle",
    });
  });
});

describe("quality badge", () => {
  it("grades by the scaled sum", () => {
    expect(qualityBadge(1400, 1400, 1)).toBe("BEST");
    expect(qualityBadge(1100, 1100, 1)).toBe("NORMAL");
    expect(qualityBadge(500, 500, 1)).toBe("WORST");
  });
});

describe("engine input limits (issue 11)", () => {
  it("refuses the image that was charged 975 credits and failed: 20000×2", () => {
    expect(findEngineInputProblem(20_000, 2)).toBe("IMAGE_TOO_SMALL");
    expect(findEngineInputProblem(20_000, 1000)).toBe("IMAGE_ASPECT_RATIO_UNSUPPORTED");
    expect(findEngineInputProblem(7000, 7000)).toBe("IMAGE_TOO_LARGE");
  });

  it("takes the largest and the smallest image it allows, and every aspect ratio up to the limit", () => {
    expect(findEngineInputProblem(4096, 4096)).toBeNull();
    expect(findEngineInputProblem(4096, 4097)).toBe("IMAGE_TOO_LARGE");
    expect(findEngineInputProblem(ENGINE_MIN_SIDE_PX, ENGINE_MIN_SIDE_PX)).toBeNull();
    expect(findEngineInputProblem(ENGINE_MIN_SIDE_PX - 1, 500)).toBe("IMAGE_TOO_SMALL");
    expect(findEngineInputProblem(ENGINE_MAX_ASPECT_RATIO * 500, 500)).toBeNull();
    expect(findEngineInputProblem(500, ENGINE_MAX_ASPECT_RATIO * 500 + 1)).toBe(
      "IMAGE_ASPECT_RATIO_UNSUPPORTED",
    );
  });

  it("lets an operator's lower pixel limit win, never a higher one", () => {
    expect(findEngineInputProblem(3000, 3000, 4_000_000)).toBe("IMAGE_TOO_LARGE");
    expect(findEngineInputProblem(4096, 4097, 50_000_000)).toBe("IMAGE_TOO_LARGE");
    expect(ENGINE_MAX_INPUT_PIXELS).toBe(4096 * 4096);
  });

  it("takes every image the spec's auto-resize makes within the aspect ratio, up to the upload limit", () => {
    for (const [w, h] of [
      [7071, 7071],
      [4999, 1],
      [2499, 2500],
      [10_000, 1250],
      [40_000, 5000],
    ] as const) {
      const resized = computeAutoResize(w, h);
      if (Math.max(w, h) > ENGINE_MAX_ASPECT_RATIO * Math.min(w, h)) continue;
      expect(findEngineInputProblem(resized.width, resized.height), `${w}x${h}`).toBeNull();
    }
  });
});

describe("maxAllowedScale (issue 26: only scales that can run are offered)", () => {
  it("stops a 1333×1000 photo at 1.7, whose output stays under the 4000 px sum", () => {
    expect(maxAllowedScale(1333, 1000)).toBe(1.7);
    expect(isOverScaleLimit(1333, 1000, 1.7)).toBe(false);
    expect(isOverScaleLimit(1333, 1000, 1.8)).toBe(true);
  });

  it("offers the whole slider to a small photo and ×1 to one already at the limit", () => {
    expect(maxAllowedScale(800, 600)).toBe(2);
    expect(maxAllowedScale(2500, 2000)).toBe(1);
  });
});
