import { EASY_VALUE_MAX, EASY_VALUE_MIN } from "@gyeol/shared/face-edit";
import sharp, { type OutputInfo } from "sharp";
import { EngineError } from "./errors.ts";
import { createMask, decodeImage, encodeJpeg, type Mask, type RgbImage } from "./image.ts";
import { featherMask, maskBounds } from "./masks.ts";
import { cropToPlanes, guidedFilterSelf, lowPass } from "./retouch/planes.ts";

/** spec 02 §3/§9: easy_value = 0.45 + 0.1 × slider, so 0.45..0.55 (default 0.5); rules in shared. */
export { EASY_VALUE_MAX, EASY_VALUE_MIN };

/** The Korean words the face-edit request carries (spec 02 §3), and their English equivalents. */
export type TFaceEditGender = "남성" | "여성" | "male" | "female";

export interface RefineOptions {
  easy_value: number;
  gender: TFaceEditGender | string;
  maxPixels?: number;
}

export interface RefineResult {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Which driver produced the result: always the built-in refine here, never a generative change. */
  engine: "builtin-refine";
  generative: false;
  /** 0..1, the slider position recovered from easy_value. */
  intensity: number;
}

/** The slider value (0..1) behind an easy_value; values outside 0.45..0.55 are clamped. */
export function intensityFromEasyValue(easyValue: number): number {
  if (!Number.isFinite(easyValue)) throw new EngineError("INVALID_ARGUMENT", "easy_value must be a number.");
  return Math.min(1, Math.max(0, (easyValue - EASY_VALUE_MIN) / (EASY_VALUE_MAX - EASY_VALUE_MIN)));
}

function isMale(gender: string): boolean {
  return gender === "남성" || gender.toLowerCase() === "male";
}

/**
 * The user's mask PNG (spec 02 §4.4: a tinted overlay, possibly with transparency) as 0..1 at the
 * image's size: painted where alpha is set, or — for an opaque mask — where it is bright or coloured.
 */
export async function decodeUserMask(
  maskPng: Buffer | Uint8Array,
  width: number,
  height: number,
): Promise<Mask> {
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(maskPng, { failOn: "warning" })
      .resize(width, height, { fit: "fill", kernel: "linear" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new EngineError("INVALID_IMAGE", "The mask is not a readable image.", { cause: error });
  }
  const { data, info } = raw;
  const mask = createMask(width, height);
  let hasTransparency = false;
  for (let i = 0; i < width * height; i++) if (data[i * info.channels + 3]! < 250) hasTransparency = true;
  for (let i = 0; i < width * height; i++) {
    const o = i * info.channels;
    if (hasTransparency) mask.data[i] = data[o + 3]! / 255;
    else mask.data[i] = Math.max(data[o]!, data[o + 1]!, data[o + 2]!) > 40 ? 1 : 0;
  }
  return mask;
}

/**
 * The face-edit tool's built-in driver: an identity-keeping refine inside the user's mask —
 * edge-preserving smoothing, even tone and a little clarity — whose strength follows easy_value
 * and gender (men keep more texture). It never changes the face's shape; generative change is the
 * RunPod driver's job.
 */
export async function refineFace(
  input: Buffer | Uint8Array,
  maskPng: Buffer | Uint8Array,
  options: RefineOptions,
): Promise<RefineResult> {
  const image = await decodeImage(input, { maxPixels: options.maxPixels });
  const intensity = intensityFromEasyValue(options.easy_value);
  const male = isMale(String(options.gender));
  const userMask = await decodeUserMask(maskPng, image.width, image.height);
  const bounds = maskBounds(userMask, 0.01);
  if (!bounds)
    throw new EngineError("INVALID_ARGUMENT", "The mask is empty: paint the area to change first.");
  const size = Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1]);
  const feather = Math.max(2, Math.round(size / 30));
  const weight = featherMask(userMask, feather);
  const out: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
  const margin = feather * 3 + 8;
  const planes = cropToPlanes(
    image,
    Math.max(0, bounds[0] - margin),
    Math.max(0, bounds[1] - margin),
    Math.min(image.width, bounds[2] + margin),
    Math.min(image.height, bounds[3] + margin),
  );
  const { width: w, height: h } = planes;
  const r = Math.max(2, Math.round(size / 40));
  const smoothing = (male ? 0.35 : 0.55) + (male ? 0.3 : 0.4) * intensity;
  const keep = male ? 0.7 : 0.5;
  const clarity = 0.1 + 0.25 * intensity;
  for (let c = 0; c < 3; c++) {
    const p = planes.c[c as 0 | 1 | 2];
    const smooth = guidedFilterSelf(p, w, h, r, 0.002 + 0.002 * intensity);
    const fineS = lowPass(smooth, w, h, 1.5);
    const fineO = lowPass(p, w, h, 1.5);
    const mid = lowPass(p, w, h, r * 2);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const treated = fineS[i]! + keep * (p[i]! - fineO[i]!) + clarity * 0.3 * (fineO[i]! - mid[i]!);
        const a = weight.data[(y + planes.y0) * image.width + x + planes.x0]! * smoothing;
        const v = p[i]! + a * (treated - p[i]!);
        out.data[((y + planes.y0) * image.width + x + planes.x0) * 3 + c] = Math.round(
          Math.min(1, Math.max(0, v)) * 255,
        );
      }
    }
  }
  return {
    jpeg: await encodeJpeg(out, 100),
    width: out.width,
    height: out.height,
    engine: "builtin-refine",
    generative: false,
    intensity,
  };
}
