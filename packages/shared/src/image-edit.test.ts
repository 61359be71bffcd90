import { describe, expect, it } from "vitest";
import {
  editOutputTooSmall,
  IMAGE_EDIT_INPUT_RATIO_TEXT,
  IMAGE_EDIT_MIN_OUTPUT_PIXELS,
  isEditInputRatioAllowed,
} from "./image-edit.ts";
import { IMAGE_POLICIES, isAllowedFileType } from "./uploads.ts";

describe("what the image-edit vendor refuses (issue 26)", () => {
  it("takes input ratios from 1:3 to 3:1 and no further", () => {
    expect(IMAGE_EDIT_INPUT_RATIO_TEXT).toEqual({ min: "1:3", max: "3:1" });
    expect(isEditInputRatioAllowed(3000, 1000)).toBe(true);
    expect(isEditInputRatioAllowed(1000, 3000)).toBe(true);
    expect(isEditInputRatioAllowed(3001, 1000)).toBe(false);
    expect(isEditInputRatioAllowed(5000, 1000)).toBe(false);
    expect(isEditInputRatioAllowed(1000, 3001)).toBe(false);
    expect(isEditInputRatioAllowed(0, 10)).toBe(false);
  });

  it("names an output under 921,600 pixels with its size, after the scale", () => {
    expect(IMAGE_EDIT_MIN_OUTPUT_PIXELS).toBe(921_600);
    expect(editOutputTooSmall(500, 500, 0)).toEqual({ width: 500, height: 500, pixels: 250_000 });
    expect(editOutputTooSmall(1280, 720, 0)).toBeNull();
    expect(editOutputTooSmall(2048, 2048, -2)).toEqual({ width: 512, height: 512, pixels: 262_144 });
    expect(editOutputTooSmall(500, 500, 1)).toBeNull();
  });

  it("the upload policy is the spec's: jpeg and png only, the re-encode steps of §5", () => {
    const policy = IMAGE_POLICIES.imageEdit;
    expect(isAllowedFileType(policy, "image/jpeg")).toBe(true);
    expect(isAllowedFileType(policy, "image/png")).toBe(true);
    expect(isAllowedFileType(policy, "image/webp")).toBe(false);
    expect(isAllowedFileType(policy, "image/gif")).toBe(false);
    expect(policy.jpegQualities).toEqual([0.92, 0.82, 0.72, 0.62, 0.52]);
  });
});
