/**
 * Retouch/upscale rules both sides compute (spec 02 §5 "Retouch", §9 "Retouch"): the style table,
 * the filter rule, the cost estimate, the scale limit, the auto-resize tiers and the quality badge
 * (the polling schedule is data in polling.ts). The server charges with these same functions; the
 * web only shows them.
 */

import { POLL_SCHEDULES } from "./polling.ts";

export type TGender = "male" | "female";
export type TEthnicity = "east_asian" | "western";
export type TRetouchStyle = "basic" | "makeup" | "matte_makeup" | "glossy" | "basic_chic";
export type TFilter = "none" | "studio" | "ppoyong";

export const GENDERS: readonly TGender[] = ["female", "male"];
export const ETHNICITIES: readonly TEthnicity[] = ["east_asian", "western"];
export const FILTERS: readonly TFilter[] = ["none", "studio", "ppoyong"];

/** spec 02 §5: the styles offered for each gender and ethnicity, in menu order. */
export function listRetouchStyles(gender: TGender, ethnicity: TEthnicity): TRetouchStyle[] {
  if (gender === "female" && ethnicity === "east_asian") {
    return ["basic", "makeup", "matte_makeup", "glossy", "basic_chic"];
  }
  if (gender === "female" && ethnicity === "western") return ["basic", "makeup", "matte_makeup"];
  return ["basic"];
}

/** spec 02 §4.1: a style not valid for the chosen gender and ethnicity resets to basic. */
export function normalizeRetouchStyle(
  gender: TGender,
  ethnicity: TEthnicity,
  style: TRetouchStyle,
): TRetouchStyle {
  return listRetouchStyles(gender, ethnicity).includes(style) ? style : "basic";
}

/**
 * The styles that are "skin correction (makeup)" in the plan catalog (plans.ts: what deluxe adds);
 * `canUseMakeupCorrection` in policy.ts says which plans include them.
 */
export const MAKEUP_STYLES: readonly TRetouchStyle[] = ["makeup", "matte_makeup"];
/** Their lora indices (spec 02 §5: makeup 0 and 4, matte makeup 7). */
export const MAKEUP_LORA_INDICES: readonly number[] = [0, 4, 7];

export function isMakeupStyle(style: TRetouchStyle): boolean {
  return MAKEUP_STYLES.includes(style);
}

/** spec 02 §5 style index (lora_index); any combination not listed is 2. */
export function resolveLoraIndex(gender: TGender, ethnicity: TEthnicity, style: TRetouchStyle): number {
  if (gender === "female" && ethnicity === "east_asian") {
    const table: Record<TRetouchStyle, number> = {
      makeup: 0,
      matte_makeup: 7,
      glossy: 1,
      basic: 2,
      basic_chic: 8,
    };
    return table[style];
  }
  if (gender === "female" && ethnicity === "western") {
    if (style === "basic") return 3;
    if (style === "makeup") return 4;
    if (style === "matte_makeup") return 7;
    return 2;
  }
  if (gender === "male" && ethnicity === "western" && style === "basic") return 5;
  if (gender === "male" && ethnicity === "east_asian" && style === "basic") return 6;
  return 2;
}

/** The prompts the original GPU worker receives with each filter (spec 02 §5 filter rule). */
export const FILTER_PROMPT_PPOYONG = "asle";
export const FILTER_PROMPT_STUDIO = "studio";
/** spec 02 §5: strength sent when the filter is off. */
export const FILTER_OFF_STRENGTH = 0.01;

export interface TFilterFields {
  filter_index: number;
  filter_strength: number;
  filter_prompt: string;
}

/** spec 02 §2.1: filter strength 0..1, step 0.05, clamped and rounded to 2 decimals. */
export function clampFilterStrength(strength: number): number {
  const finite = Number.isFinite(strength) ? strength : 0;
  return Math.round(Math.min(1, Math.max(0, finite)) * 100) / 100;
}

/**
 * spec 02 §5: none or strength 0 → strength 0.01 and index 0; ppoyong → index 1 and the 'asle'
 * prompt while strength is above 0; otherwise the studio prompt (index 0).
 */
export function resolveFilterFields(filter: TFilter, strength: number): TFilterFields {
  const clamped = clampFilterStrength(strength);
  if (filter === "none" || clamped === 0) {
    return { filter_index: 0, filter_strength: FILTER_OFF_STRENGTH, filter_prompt: FILTER_PROMPT_STUDIO };
  }
  if (filter === "ppoyong") {
    return { filter_index: 1, filter_strength: clamped, filter_prompt: FILTER_PROMPT_PPOYONG };
  }
  return { filter_index: 0, filter_strength: clamped, filter_prompt: FILTER_PROMPT_STUDIO };
}

/** spec 02 §5: "Fair-skin at strength 0.75 is labelled dewy-skin retouch". */
export function isDewySkin(filter: TFilter, strength: number): boolean {
  return filter === "ppoyong" && clampFilterStrength(strength) === 0.75;
}

/** spec 02 §2.1 resize slider: 0 to 2, step 0.1. 0 keeps the original size (the engine's reading). */
export const SCALE_MIN = 0;
export const SCALE_MAX = 2;
export const SCALE_STEP = 0.1;
export const DEFAULT_SCALE = 1;

export function roundScale(scale: number): number {
  const finite = Number.isFinite(scale) ? scale : DEFAULT_SCALE;
  return Math.round(Math.min(SCALE_MAX, Math.max(SCALE_MIN, finite)) * 10) / 10;
}

/** The factor the image is resized by: 0 on the slider means "keep the original size", so 1. */
export function effectiveScale(scale: number): number {
  const rounded = roundScale(scale);
  return rounded === 0 ? 1 : rounded;
}

/** Output size for a scale factor; 0 means "keep the original size" (documented in the engine). */
export function scaledSize(width: number, height: number, scale: number): { width: number; height: number } {
  const factor = effectiveScale(scale);
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/** spec 02 §9: 80 credits under a 2500 px sum, else 100 + 5 per full 100 px above 2500. */
export const RETOUCH_BASE_COST = 80;
export const RETOUCH_LARGE_BASE_COST = 100;
export const RETOUCH_COST_THRESHOLD_PX = 2500;
export const RETOUCH_COST_STEP_PX = 100;
export const RETOUCH_COST_PER_STEP = 5;

export function estimateRetouchCost(width: number, height: number, scale: number): number {
  const size = scaledSize(width, height, scale);
  const sum = size.width + size.height;
  if (sum < RETOUCH_COST_THRESHOLD_PX) return RETOUCH_BASE_COST;
  return (
    RETOUCH_LARGE_BASE_COST +
    RETOUCH_COST_PER_STEP * Math.floor((sum - RETOUCH_COST_THRESHOLD_PX) / RETOUCH_COST_STEP_PX)
  );
}

/**
 * spec 02 §5: scale not 1 and scaled width + height ≥ 4000 opens the limit dialog; refused by the
 * server. "Keep original size" (0) resizes nothing, so it counts as 1, like the slider's 1.0.
 */
export const SCALE_LIMIT_SUM_PX = 4000;

export function isOverScaleLimit(width: number, height: number, scale: number): boolean {
  if (effectiveScale(scale) === 1) return false;
  const size = scaledSize(width, height, scale);
  return size.width + size.height >= SCALE_LIMIT_SUM_PX;
}

/**
 * The largest slider value (on its 0.1 grid) whose output stays under the scale limit, so the page
 * offers only scales that can run (issue 26): a 1333×1000 photo goes up to 1.7. SCALE_MAX when
 * every scale fits; 1 at worst (×1 never counts against the limit).
 */
export function maxAllowedScale(width: number, height: number): number {
  for (let tenths = Math.round(SCALE_MAX * 10); tenths > 10; tenths--) {
    if (!isOverScaleLimit(width, height, tenths / 10)) return tenths / 10;
  }
  return 1;
}

/** spec 02 §5 auto-resize tiers by width + height. */
export const AUTO_RESIZE_MIN_SIDE_PX = 1000;
export const AUTO_RESIZE_JPEG_QUALITY = 0.9;

export function autoResizeFactor(sum: number): number {
  if (sum < 5000) return 1;
  if (sum < 6000) return 0.2;
  if (sum < 7000) return 1 / 6;
  if (sum < 8000) return 1 / 7;
  if (sum < 9000) return 1 / 8;
  if (sum < 10000) return 1 / 9;
  return 0.1;
}

export interface TAutoResize {
  width: number;
  height: number;
  isResized: boolean;
  /** The smaller side was raised to AUTO_RESIZE_MIN_SIDE_PX after the tier's factor. */
  isMinSideApplied: boolean;
}

/** spec 02 §5: tier factor, then the smaller side raised to at least 1000 px keeping the ratio. */
export function computeAutoResize(width: number, height: number): TAutoResize {
  const factor = autoResizeFactor(width + height);
  if (factor === 1) return { width, height, isResized: false, isMinSideApplied: false };
  let w = width * factor;
  let h = height * factor;
  const smaller = Math.min(w, h);
  const isMinSideApplied = smaller < AUTO_RESIZE_MIN_SIDE_PX;
  if (isMinSideApplied) {
    const lift = AUTO_RESIZE_MIN_SIDE_PX / smaller;
    w *= lift;
    h *= lift;
  }
  return { width: Math.round(w), height: Math.round(h), isResized: true, isMinSideApplied };
}

/** spec 02 §5 quality badge by the scaled width + height. */
export type TQualityBadge = "BEST" | "NORMAL" | "WORST";

export function qualityBadge(width: number, height: number, scale: number): TQualityBadge {
  const size = scaledSize(width, height, scale);
  const sum = size.width + size.height;
  if (sum >= 2500 && sum <= 3100) return "BEST";
  if (sum >= 2048 && sum < 2500) return "NORMAL";
  return "WORST";
}

/** spec 02 §2.1: the "about 4 thousand pixels" alert; we read it as a longer side of 4000 px or more. */
export const LARGE_IMAGE_ALERT_PX = 4000;

/**
 * What the retouch engine can take as input (issue 11; measured, packages/engine README "Input
 * limits"). The server refuses anything else at upload and again before a job is charged; the web
 * can check the same rule before it uploads.
 * - The face analysis found no face in a portrait whose shorter side was under ~80 px.
 * - It runs on a copy whose longer side is 640 px: at 8:1 the shorter side keeps those 80 px;
 *   past 1280:1 it rounded to 0 px and the job failed after it had been charged.
 * - 4096² pixels: the photo at its largest after the spec's own auto-resize (about 10 MP) fits
 *   with room; a 49 MP job took 2.7 GB and 22 s where a 16 MP one takes well under a gigabyte.
 */
export const ENGINE_MIN_SIDE_PX = 80;
export const ENGINE_MAX_ASPECT_RATIO = 8;
export const ENGINE_MAX_INPUT_PIXELS = 4096 * 4096;

export type TEngineInputProblem = "IMAGE_TOO_SMALL" | "IMAGE_ASPECT_RATIO_UNSUPPORTED" | "IMAGE_TOO_LARGE";

/**
 * Why the engine cannot take an image of this size, or null when it can. `maxPixels` may only
 * lower the engine's limit (an operator's UPLOAD_MAX_PIXELS).
 */
export function findEngineInputProblem(
  width: number,
  height: number,
  maxPixels: number = ENGINE_MAX_INPUT_PIXELS,
): TEngineInputProblem | null {
  const shorter = Math.min(width, height);
  const longer = Math.max(width, height);
  if (!(shorter >= ENGINE_MIN_SIDE_PX)) return "IMAGE_TOO_SMALL";
  if (longer > shorter * ENGINE_MAX_ASPECT_RATIO) return "IMAGE_ASPECT_RATIO_UNSUPPORTED";
  if (width * height > Math.min(maxPixels, ENGINE_MAX_INPUT_PIXELS)) return "IMAGE_TOO_LARGE";
  return null;
}

/** spec 02 §3: seed random 1..10000; output jpg at quality 100; one image. */
export const RETOUCH_SEED_MIN = 1;
export const RETOUCH_SEED_MAX = 10_000;
export const RETOUCH_OUTPUT_FORMAT = "jpg";
export const RETOUCH_OUTPUT_QUALITY = 100;
export const RETOUCH_NUM_IMAGES = 1;
/** spec 02 §3: "a fixed portrait photography prompt". */
export const RETOUCH_PROMPT =
  "professional portrait photography, natural skin texture, soft studio light, sharp focus, photorealistic";

export function randomRetouchSeed(random: () => number = Math.random): number {
  return RETOUCH_SEED_MIN + Math.floor(random() * (RETOUCH_SEED_MAX - RETOUCH_SEED_MIN + 1));
}

/** spec 02 §4.1, §9: the polling schedule itself is data in polling.ts (POLL_SCHEDULES.retouch). */
export const RETOUCH_POLL_CAP_MS = POLL_SCHEDULES.retouch.capMs;
export const RETOUCH_SUCCESS_TOAST_MS = 4000;

/**
 * The fine-tuning controls retouchers expect beyond the spec (issue 24: what Evoto, Meitu and SNOW
 * users reach for every day). Each is a strength 0..1; a job that leaves one out gets the chosen
 * style's default (`defaultRetouchControls`), so the spec's fields keep their meaning and outside
 * clients need not know these. Stored with the job, so running it again reproduces the result.
 *
 * - blemish_removal: spots (acne, small red or dark marks) found and healed from the skin around
 *   them; moles well darker than a blemish and larger features stay.
 * - dark_circles: the shadow and the blue-purple cast under the lower lids lifted towards the cheek.
 * - shine_reduction: oily specular shine on the forehead, nose and chin brought down.
 * - wrinkle_softening: fine lines softened; deep folds (nasolabial, smile lines) stay.
 * - tone_evening: blotchy colour and uneven tone (redness, patches) evened; broad colour (a blush,
 *   contour) stays.
 */
export const RETOUCH_CONTROLS = [
  "blemish_removal",
  "dark_circles",
  "shine_reduction",
  "wrinkle_softening",
  "tone_evening",
] as const;
export type TRetouchControl = (typeof RETOUCH_CONTROLS)[number];
export type TRetouchControls = Record<TRetouchControl, number>;

/** Control sliders move in steps of 0.05 (like the filter strength), 0..1. */
export const RETOUCH_CONTROL_STEP = 0.05;

export function clampRetouchControl(value: number): number {
  const finite = Number.isFinite(value) ? value : 0;
  return Math.round(Math.min(1, Math.max(0, finite)) * 20) / 20;
}

/** The basic styles' controls: a visible clean-up that keeps the face's character. */
const BASIC_CONTROLS: TRetouchControls = {
  blemish_removal: 0.7,
  dark_circles: 0.4,
  shine_reduction: 0.4,
  wrinkle_softening: 0.35,
  tone_evening: 0.5,
};

/**
 * Each style's defaults by its spec 02 §5 lora_index: makeup styles clean more (a made-up face is
 * an even face), matte takes the shine away, glossy keeps it (its glow is the point), the male
 * style keeps more of the skin's character.
 */
export function defaultRetouchControls(loraIndex: number): TRetouchControls {
  switch (loraIndex) {
    case 0:
    case 4:
      return { ...BASIC_CONTROLS, blemish_removal: 0.8, dark_circles: 0.5, tone_evening: 0.6 };
    case 7:
      return {
        blemish_removal: 0.8,
        dark_circles: 0.5,
        shine_reduction: 0.8,
        wrinkle_softening: 0.4,
        tone_evening: 0.6,
      };
    case 1:
      return { ...BASIC_CONTROLS, blemish_removal: 0.8, dark_circles: 0.5, shine_reduction: 0 };
    case 8:
      return { ...BASIC_CONTROLS, shine_reduction: 0.5, wrinkle_softening: 0.3 };
    case 5:
    case 6:
      return {
        blemish_removal: 0.6,
        dark_circles: 0.35,
        shine_reduction: 0.5,
        wrinkle_softening: 0.2,
        tone_evening: 0.4,
      };
    default:
      return { ...BASIC_CONTROLS };
  }
}

/** A job's controls: what it sets, the style's default for the rest, each clamped to 0..1. */
export function resolveRetouchControls(
  loraIndex: number,
  fields: Partial<Record<TRetouchControl, number | undefined>>,
): TRetouchControls {
  const defaults = defaultRetouchControls(loraIndex);
  const out = { ...defaults };
  for (const key of RETOUCH_CONTROLS) {
    const value = fields[key];
    if (typeof value === "number" && Number.isFinite(value)) out[key] = clampRetouchControl(value);
  }
  return out;
}
