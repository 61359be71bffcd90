import { describe, expect, it } from "vitest";
import {
  canGenerate,
  GENERATION_ASPECT_RATIOS,
  generationCost,
  isAllowedGenerationFile,
  klingAspectRatio,
} from "./generation.ts";

describe("generation rules (spec 02 §5, §9 Consistency)", () => {
  it("charges 15 credits per image", () => {
    expect([1, 2, 3, 4].map(generationCost)).toEqual([15, 30, 45, 60]);
  });

  it("offers the spec's aspect ratios with 1x1 first, spelt for Kling with a colon", () => {
    expect(GENERATION_ASPECT_RATIOS).toEqual(["1x1", "3x4", "9x16", "4x3", "16x9", "2x3", "3x2"]);
    expect(GENERATION_ASPECT_RATIOS.map(klingAspectRatio)).toEqual([
      "1:1",
      "3:4",
      "9:16",
      "4:3",
      "16:9",
      "2:3",
      "3:2",
    ]);
  });

  it("takes jpg, jpeg, png and webp uploads only", () => {
    for (const name of ["a.jpg", "b.JPEG", "c.png", "d.webp"])
      expect(isAllowedGenerationFile({ name, type: "" })).toBe(true);
    expect(isAllowedGenerationFile({ name: "e.gif", type: "image/gif" })).toBe(false);
    expect(isAllowedGenerationFile({ name: "f.png", type: "image/gif" })).toBe(false);
  });

  it("needs a reference image or a prompt that is not blank", () => {
    expect(canGenerate({ prompt: "  ", hasReference: false })).toBe(false);
    expect(canGenerate({ prompt: "", hasReference: true })).toBe(true);
    expect(canGenerate({ prompt: "a cat", hasReference: false })).toBe(true);
  });
});
