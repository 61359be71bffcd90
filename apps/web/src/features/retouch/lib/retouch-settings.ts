import type { TRetouchSettings } from "@gyeol/shared/contracts/images";
import {
  clampFilterStrength,
  defaultRetouchControls,
  ETHNICITIES,
  FILTER_OFF_STRENGTH,
  GENDERS,
  listRetouchStyles,
  RETOUCH_CONTROLS,
  resolveLoraIndex,
  roundScale,
  type TEthnicity,
  type TGender,
  type TRetouchStyle,
} from "@gyeol/shared/retouch";
import { DEFAULT_RETOUCH_OPTIONS, type TRetouchOptions } from "./retouch-options.ts";

/**
 * The gender, ethnicity and style that give a lora_index, the first in menu order. Two pairs share
 * an index (matte makeup is 7 for both ethnicities) and run the same, so any of them sends the
 * same job again.
 */
function styleOfLoraIndex(
  loraIndex: number,
): { gender: TGender; ethnicity: TEthnicity; style: TRetouchStyle } | null {
  for (const gender of GENDERS)
    for (const ethnicity of ETHNICITIES)
      for (const style of listRetouchStyles(gender, ethnicity))
        if (resolveLoraIndex(gender, ethnicity, style) === loraIndex) return { gender, ethnicity, style };
  return null;
}

/**
 * The form's options from a history item's settings (issue 24 "run again"): style, scale, filter,
 * exclusions, the controls (the style's defaults for those the job left out, as the engine ran it)
 * and the seed, so Generate sends the same job again.
 */
export function optionsFromSettings(settings: TRetouchSettings): TRetouchOptions {
  const base = DEFAULT_RETOUCH_OPTIONS;
  const { gender, ethnicity, style } = styleOfLoraIndex(settings.lora_index) ?? base;
  const isFilterOn = settings.filter_strength > FILTER_OFF_STRENGTH;
  const controls = defaultRetouchControls(settings.lora_index);
  const touched = { ...base.touched };
  for (const control of RETOUCH_CONTROLS) {
    const value = settings[control];
    if (value === undefined) continue;
    controls[control] = value;
    touched[control] = true;
  }
  return {
    gender,
    ethnicity,
    style,
    scale: roundScale(settings.scale_factor),
    filter: !isFilterOn ? "none" : settings.filter_index === 1 ? "ppoyong" : "studio",
    strength: isFilterOn ? clampFilterStrength(settings.filter_strength) : base.strength,
    exclusions: {
      lips: settings.upper_lip || settings.lower_lip,
      eyebrows: settings.left_eyebrow || settings.right_eyebrow,
      nose: settings.nose,
      hair: settings.hair,
      background: settings.exclude_background ?? false,
      outfit: settings.exclude_outfit ?? false,
    },
    controls,
    touched,
    seed: settings.seed,
  };
}
