import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { describe, expect, it } from "vitest";
import { isPolicyFile } from "../../../lib/uploads/use-image-upload.ts";
import { buildUpscaleInput } from "./build-upscale-input.ts";
import { generateBlock } from "./generate-rules.ts";
import { DEFAULT_RETOUCH_OPTIONS, reduceRetouchOptions, type TRetouchOptions } from "./retouch-options.ts";

describe("file validation", () => {
  it("accepts jpg, jpeg and png in any case, nothing else", () => {
    for (const name of ["a.jpg", "b.JPEG", "c.png", "d.e.Png"])
      expect(isPolicyFile(IMAGE_POLICIES.retouch, { name, type: "" })).toBe(true);
    for (const name of ["a.webp", "b.gif", "c", "png", "d.jpg.exe"])
      expect(isPolicyFile(IMAGE_POLICIES.retouch, { name, type: "" })).toBe(false);
  });
});

describe("style options", () => {
  const makeup: TRetouchOptions = { ...DEFAULT_RETOUCH_OPTIONS, style: "basic_chic" };

  it("resets a style to basic when gender or ethnicity no longer offers it", () => {
    expect(reduceRetouchOptions(makeup, { type: "ethnicity", value: "western" }).style).toBe("basic");
    expect(reduceRetouchOptions(makeup, { type: "gender", value: "male" }).style).toBe("basic");
    const matte = { ...DEFAULT_RETOUCH_OPTIONS, style: "matte_makeup" as const };
    expect(reduceRetouchOptions(matte, { type: "ethnicity", value: "western" }).style).toBe("matte_makeup");
  });

  it("clamps and rounds the scale and the strength", () => {
    expect(reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, { type: "scale", value: 1.26 }).scale).toBe(1.3);
    expect(reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, { type: "scale", value: 7 }).scale).toBe(2);
    expect(reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, { type: "strength", value: 0.333 }).strength).toBe(
      0.33,
    );
    expect(reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, { type: "strength", value: -1 }).strength).toBe(0);
  });
});

describe("generate rules", () => {
  const ready = { hasImage: true, credits: 500, cost: 80, isProcessing: false, isLoading: false };

  it("is on with an image and enough credits", () => {
    expect(generateBlock(ready, { requiresImage: true })).toBeNull();
  });

  it("is off while processing, while loading and with fewer credits than the cost", () => {
    expect(generateBlock({ ...ready, isProcessing: true }, { requiresImage: false })).toBe("processing");
    expect(generateBlock({ ...ready, isLoading: true }, { requiresImage: false })).toBe("loading");
    expect(generateBlock({ ...ready, credits: 79 }, { requiresImage: false })).toBe("credits");
  });

  it("needs an upload for the sticky bar only", () => {
    const empty = { ...ready, hasImage: false };
    expect(generateBlock(empty, { requiresImage: true })).toBe("noImage");
    expect(generateBlock(empty, { requiresImage: false })).toBeNull();
  });
});

describe("the job input", () => {
  it("maps the options through the shared rules", () => {
    const input = buildUpscaleInput(
      { url: "/files/in.jpg", width: 1000, height: 1200 },
      {
        ...DEFAULT_RETOUCH_OPTIONS,
        style: "glossy",
        scale: 1.5,
        filter: "ppoyong",
        strength: 0.75,
        exclusions: { lips: true, eyebrows: false, nose: true, hair: false, background: true, outfit: false },
      },
      () => 0,
    );
    expect(input).toMatchObject({
      image: "/files/in.jpg",
      seed: 1,
      lora_index: 1,
      width: 1000,
      height: 1200,
      scale_factor: 1.5,
      upper_lip: true,
      lower_lip: true,
      left_eyebrow: false,
      right_eyebrow: false,
      nose: true,
      hair: false,
      filter_index: 1,
      filter_strength: 0.75,
      filter_prompt: "asle",
      exclude_background: true,
      exclude_outfit: false,
      output_format: "jpg",
      output_quality: 100,
      numImages: 1,
    });
  });

  it("sends strength 0.01 and index 0 when the filter is off", () => {
    const input = buildUpscaleInput({ url: "/x.jpg", width: 800, height: 800 }, DEFAULT_RETOUCH_OPTIONS);
    expect(input).toMatchObject({
      filter_index: 0,
      filter_strength: 0.01,
      filter_prompt: "studio",
      lora_index: 2,
    });
  });
});
