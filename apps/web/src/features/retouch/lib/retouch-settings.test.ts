import type { TRetouchSettings } from "@gyeol/shared/contracts/images";
import {
  defaultRetouchControls,
  ETHNICITIES,
  FILTERS,
  GENDERS,
  listRetouchStyles,
  RETOUCH_CONTROLS,
} from "@gyeol/shared/retouch";
import { describe, expect, it } from "vitest";
import { buildUpscaleInput } from "./build-upscale-input.ts";
import {
  areControlsChanged,
  DEFAULT_RETOUCH_OPTIONS,
  reduceRetouchOptions,
  type TRetouchOptions,
} from "./retouch-options.ts";
import { optionsFromSettings } from "./retouch-settings.ts";

const IMAGE = { url: "/files/in.jpg", width: 1000, height: 1200 };

/** What the server answers in history: the stored input less the image and the fixed fields. */
function settingsOf(options: TRetouchOptions): TRetouchSettings {
  const {
    image: _i,
    prompt: _p,
    output_format: _f,
    output_quality: _q,
    numImages: _n,
    ...rest
  } = buildUpscaleInput(IMAGE, options, () => 0.42);
  return rest;
}

describe("the fine-tuning controls in the form (issue 24)", () => {
  it("start from the style's defaults and follow the style until the person moves one", () => {
    expect(DEFAULT_RETOUCH_OPTIONS.controls).toEqual(defaultRetouchControls(2));
    const glossy = reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, { type: "style", value: "glossy" });
    expect(glossy.controls).toEqual(defaultRetouchControls(1));
    expect(glossy.controls.shine_reduction).toBe(0);
    const moved = reduceRetouchOptions(glossy, { type: "control", key: "dark_circles", value: 0.92 });
    expect(moved.controls.dark_circles).toBe(0.9);
    const male = reduceRetouchOptions(moved, { type: "gender", value: "male" });
    expect(male.style).toBe("basic");
    expect(male.controls).toEqual({ ...defaultRetouchControls(6), dark_circles: 0.9 });
    expect(areControlsChanged(male)).toBe(true);
    const reset = reduceRetouchOptions(male, { type: "resetControls" });
    expect(reset.controls).toEqual(defaultRetouchControls(6));
    expect(areControlsChanged(reset)).toBe(false);
  });

  it("go into the job input, every one of them, as shown", () => {
    const options = reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, {
      type: "control",
      key: "tone_evening",
      value: 0.15,
    });
    const input = buildUpscaleInput(IMAGE, options);
    expect(input).toMatchObject({ ...defaultRetouchControls(2), tone_evening: 0.15 });
    for (const control of RETOUCH_CONTROLS) expect(typeof input[control]).toBe("number");
  });
});

describe("run again from a history item's settings", () => {
  it("sends the same job again for every style, filter, scale, exclusion and control", () => {
    let checked = 0;
    for (const gender of GENDERS)
      for (const ethnicity of ETHNICITIES)
        for (const style of listRetouchStyles(gender, ethnicity))
          for (const filter of FILTERS) {
            let options = reduceRetouchOptions(DEFAULT_RETOUCH_OPTIONS, { type: "gender", value: gender });
            options = reduceRetouchOptions(options, { type: "ethnicity", value: ethnicity });
            options = reduceRetouchOptions(options, { type: "style", value: style });
            options = {
              ...options,
              filter,
              strength: 0.35,
              scale: 1.7,
              exclusions: { ...options.exclusions, lips: false, nose: true, outfit: true },
            };
            options = reduceRetouchOptions(options, { type: "control", key: "blemish_removal", value: 0.05 });
            const first = buildUpscaleInput(IMAGE, options, () => 0.42);
            const again = buildUpscaleInput(IMAGE, optionsFromSettings(settingsOf(options)), () => 0.99);
            expect(again).toEqual(first);
            checked += 1;
          }
    expect(checked).toBe(3 * 10);
  });

  it("gives a job stored without controls the style's defaults, which is what the engine ran", () => {
    const settings = settingsOf({ ...DEFAULT_RETOUCH_OPTIONS, style: "basic_chic" });
    const stored = Object.fromEntries(
      Object.entries(settings).filter(([key]) => !(RETOUCH_CONTROLS as readonly string[]).includes(key)),
    ) as TRetouchSettings;
    const options = optionsFromSettings(stored);
    expect(options.style).toBe("basic_chic");
    expect(options.controls).toEqual(defaultRetouchControls(8));
    expect(areControlsChanged(options)).toBe(false);
    expect(options.seed).toBe(settings.seed);
  });
});
