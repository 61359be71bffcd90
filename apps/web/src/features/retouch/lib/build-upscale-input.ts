import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import {
  RETOUCH_NUM_IMAGES,
  RETOUCH_OUTPUT_FORMAT,
  RETOUCH_OUTPUT_QUALITY,
  RETOUCH_PROMPT,
  randomRetouchSeed,
  resolveFilterFields,
  resolveLoraIndex,
  roundScale,
} from "@gyeol/shared/retouch";
import type { TRetouchOptions } from "./retouch-options.ts";

export interface TRetouchImage {
  /** The uploaded image's URL on our storage. */
  url: string;
  width: number;
  height: number;
}

/** The job input of spec 02 §3 from the screen's options; every rule comes from shared/retouch. */
export function buildUpscaleInput(
  image: TRetouchImage,
  options: TRetouchOptions,
  random: () => number = Math.random,
): TUpscaleInput {
  const filter = resolveFilterFields(options.filter, options.strength);
  const { exclusions } = options;
  return {
    image: image.url,
    seed: options.seed ?? randomRetouchSeed(random),
    prompt: RETOUCH_PROMPT,
    output_format: RETOUCH_OUTPUT_FORMAT,
    output_quality: RETOUCH_OUTPUT_QUALITY,
    lora_index: resolveLoraIndex(options.gender, options.ethnicity, options.style),
    numImages: RETOUCH_NUM_IMAGES,
    width: image.width,
    height: image.height,
    scale_factor: roundScale(options.scale),
    upper_lip: exclusions.lips,
    lower_lip: exclusions.lips,
    filter_strength: filter.filter_strength,
    filter_index: filter.filter_index === 1 ? 1 : 0,
    filter_prompt: filter.filter_prompt as TUpscaleInput["filter_prompt"],
    left_eyebrow: exclusions.eyebrows,
    right_eyebrow: exclusions.eyebrows,
    nose: exclusions.nose,
    hair: exclusions.hair,
    exclude_background: exclusions.background,
    exclude_outfit: exclusions.outfit,
    // Our additions (issue 24): every control as shown, so the job is stored as it ran.
    ...options.controls,
  };
}
