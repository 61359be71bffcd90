/**
 * Face edit's business rules (spec 02 §2.4, §3, §5, §9 "Face edit"), shared by the web page, the
 * server's intake and the engines. Pure functions, no I/O.
 */

export type TFaceEditGender = "female" | "male";
/** spec 02 §3: the request carries the Korean word. */
export type TFaceEditGenderWire = "여성" | "남성";

export const FACE_EDIT_GENDERS: readonly TFaceEditGender[] = ["female", "male"];
export const FACE_EDIT_DEFAULT_GENDER: TFaceEditGender = "female";

export function faceEditGenderToWire(gender: TFaceEditGender): TFaceEditGenderWire {
  return gender === "male" ? "남성" : "여성";
}

export function faceEditGenderFromWire(wire: TFaceEditGenderWire): TFaceEditGender {
  return wire === "남성" ? "male" : "female";
}

/** spec 02 §2.4/§5: intensity slider 0..1, step 0.1, one decimal, default 0.5. */
export const FACE_EDIT_INTENSITY_MIN = 0;
export const FACE_EDIT_INTENSITY_MAX = 1;
export const FACE_EDIT_INTENSITY_STEP = 0.1;
export const FACE_EDIT_DEFAULT_INTENSITY = 0.5;

/** Snaps a slider value onto the 0.1 grid inside 0..1 (non-numbers give the default). */
export function roundIntensity(value: number): number {
  if (!Number.isFinite(value)) return FACE_EDIT_DEFAULT_INTENSITY;
  const clamped = Math.min(FACE_EDIT_INTENSITY_MAX, Math.max(FACE_EDIT_INTENSITY_MIN, value));
  return Math.round(clamped * 10) / 10;
}

/** spec 02 §3/§9: easy_value = 0.45 + 0.1 × intensity, three decimals (0.450..0.550). */
export const EASY_VALUE_MIN = 0.45;
export const EASY_VALUE_MAX = 0.55;

export function easyValueFromIntensity(intensity: number): number {
  return Math.round((EASY_VALUE_MIN + 0.1 * roundIntensity(intensity)) * 1000) / 1000;
}

/** The slider position behind an easy_value (clamped to 0..1). */
export function intensityFromEasyValue(easyValue: number): number {
  if (!Number.isFinite(easyValue)) return FACE_EDIT_DEFAULT_INTENSITY;
  const t = (easyValue - EASY_VALUE_MIN) / (EASY_VALUE_MAX - EASY_VALUE_MIN);
  return Math.min(1, Math.max(0, Math.round(t * 1000) / 1000));
}

/** spec 02 §3: seed random 1..1,000,000. */
export const FACE_EDIT_SEED_MIN = 1;
export const FACE_EDIT_SEED_MAX = 1_000_000;

export function randomFaceEditSeed(random: () => number = Math.random): number {
  const span = FACE_EDIT_SEED_MAX - FACE_EDIT_SEED_MIN + 1;
  return FACE_EDIT_SEED_MIN + Math.min(span - 1, Math.floor(random() * span));
}

/** spec 02 §3: resize_factor, two decimals, default 1. */
export const FACE_EDIT_DEFAULT_RESIZE_FACTOR = 1;
export const FACE_EDIT_RESIZE_FACTOR_MIN = 0.01;
export const FACE_EDIT_RESIZE_FACTOR_MAX = 4;

export function roundResizeFactor(value: number): number {
  return Math.round(value * 100) / 100;
}

/** spec 02 §5/§9: images are downscaled so width + height is about 3000 px. */
export const FACE_EDIT_TARGET_SUM_PX = 3000;

/** The size an upload is downscaled to before it is sent (never enlarged). */
export function faceEditUploadSize(
  width: number,
  height: number,
): { width: number; height: number; resized: boolean } {
  const sum = width + height;
  if (sum <= FACE_EDIT_TARGET_SUM_PX) return { width, height, resized: false };
  const factor = FACE_EDIT_TARGET_SUM_PX / sum;
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
    resized: true,
  };
}

/** spec 02 §9: 85 credits up to a resized sum of 3000 px, plus 10 per full 200 px above. */
export const FACE_EDIT_BASE_COST = 85;
export const FACE_EDIT_COST_STEP_PX = 200;
export const FACE_EDIT_COST_PER_STEP = 10;

export function estimateFaceEditCost(width: number, height: number, resizeFactor = 1): number {
  const factor = Number.isFinite(resizeFactor) && resizeFactor > 0 ? resizeFactor : 1;
  const total = Math.round(width * factor) + Math.round(height * factor);
  if (total <= FACE_EDIT_TARGET_SUM_PX) return FACE_EDIT_BASE_COST;
  const steps = Math.floor((total - FACE_EDIT_TARGET_SUM_PX) / FACE_EDIT_COST_STEP_PX);
  return FACE_EDIT_BASE_COST + steps * FACE_EDIT_COST_PER_STEP;
}

/** spec 02 §2.4/§5/§9: brush 5..250 in the face-edit mask editor. */
export const FACE_EDIT_BRUSH_MIN = 5;
export const FACE_EDIT_BRUSH_MAX = 250;

/** spec 02 §9: history shows 15 first, then 10 per Load more. */
export const FACE_EDIT_HISTORY_FIRST_PAGE = 15;
export const FACE_EDIT_HISTORY_PAGE = 10;

/** spec 02 §9: layout breakpoint. */
export const FACE_EDIT_BREAKPOINT_PX = 1000;
