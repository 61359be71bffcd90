/**
 * Face edit's built-in engine (spec 02 §2.4, §3; issue 24 item 6): without a generative provider,
 * an honest local edit inside the painted area. Every face the mask covers is reshaped along its
 * 478-point mesh — jaw and cheek line, eye size, nose width, lip fullness — in the feminine
 * (`여성`) or masculine (`남성`) direction, by an amount from the intensity, and its skin gets a
 * light retouch. A mask over no face gets only a light local smoothing, and the result says so.
 * Pixels outside the painted area are never changed. Deterministic: no randomness anywhere.
 */

import { EASY_VALUE_MAX, EASY_VALUE_MIN } from "@gyeol/shared/face-edit";
import { defaultRetouchControls } from "@gyeol/shared/retouch";
import sharp, { type OutputInfo } from "sharp";
import { EngineError } from "./errors.ts";
import { analyzeImage, type TFace, type TFaceAnalysis } from "./face/analyze.ts";
import { createMask, decodeImage, encodeJpeg, type Mask, type RgbImage } from "./image.ts";
import { maskBounds } from "./masks.ts";
import {
  faceFrame,
  faceReshapeControls,
  reshapeAmounts,
  type TReshapeAmounts,
  type TReshapeDirection,
} from "./reshape/face-controls.ts";
import {
  applyWarp,
  backwardGrid,
  distanceInside,
  gateFromDistance,
  gradientBound,
  MAX_WARP_GRADIENT,
  maxDisplacement,
  scaleGrid,
  type TGate,
  type TWarpControls,
} from "./reshape/warp.ts";
import { cropToPlanes, guidedFilterSelf, lowPass } from "./retouch/planes.ts";
import { applyRetouch, planRetouch } from "./retouch/skin.ts";
import { getStyleParams } from "./style.ts";

/** spec 02 §3/§9: easy_value = 0.45 + 0.1 × slider, so 0.45..0.55 (default 0.5); rules in shared. */
export { EASY_VALUE_MAX, EASY_VALUE_MIN };

/** The words the face-edit request carries (spec 02 §3: Korean), and their English equivalents. */
export type TFaceEditGender = "남성" | "여성" | "male" | "female";

export interface FaceEditOptions {
  easy_value: number;
  gender: TFaceEditGender | string;
  maxPixels?: number;
}

/** What the built-in engine did, stored with the job (the history keeps it). */
export interface FaceEditReport {
  /** Always the built-in reshape here; never a generative change. */
  engine: "builtin-reshape";
  generative: false;
  /** 0..1, the slider position recovered from easy_value. */
  intensity: number;
  direction: TReshapeDirection;
  /** Faces inside the painted area that were reshaped. */
  facesFound: number;
  /** True when the painted area covers no face: only the light local smoothing ran. */
  noFace: boolean;
  /** The reshape's relative amounts as applied (after the fold guard); null without a face. */
  amounts: TReshapeAmounts | null;
  /** The skin retouch's strength (0..1). */
  skin: number;
  /** Largest displacement in pixels. */
  maxShiftPx: number;
}

export interface FaceEditResult extends FaceEditReport {
  jpeg: Buffer;
  width: number;
  height: number;
  timings: { decodeMs: number; analyzeMs: number; editMs: number; encodeMs: number; totalMs: number };
}

/** The slider value (0..1) behind an easy_value; values outside 0.45..0.55 are clamped. */
export function intensityFromEasyValue(easyValue: number): number {
  if (!Number.isFinite(easyValue)) throw new EngineError("INVALID_ARGUMENT", "easy_value must be a number.");
  return Math.min(1, Math.max(0, (easyValue - EASY_VALUE_MIN) / (EASY_VALUE_MAX - EASY_VALUE_MIN)));
}

export function directionOf(gender: string): TReshapeDirection {
  return gender === "남성" || gender.toLowerCase() === "male" ? "masculine" : "feminine";
}

/**
 * The reshape's strength for a slider position: 0 is subtle, the default 0.5 is seen at a
 * glance, 1 is strong but stays photoreal.
 */
export function reshapeStrength(intensity: number): number {
  return 0.4 + 1.4 * Math.min(1, Math.max(0, intensity));
}

/** The skin retouch's strength for a slider position: light at every setting. */
export function skinStrength(intensity: number): number {
  return 0.35 + 0.3 * Math.min(1, Math.max(0, intensity));
}

/** A mask pixel counts as painted from this value on. */
export const PAINTED = 0.5;
/** A face is reshaped when at least this share of its mesh points lies in the painted area. */
const MIN_FACE_COVERAGE = 0.05;

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

/** Share of a face's mesh points inside the painted area. */
export function faceCoverage(face: TFace, mask: Mask): number {
  let inside = 0;
  for (const [x, y] of face.mesh) {
    const ix = Math.round(x);
    const iy = Math.round(y);
    if (
      ix >= 0 &&
      iy >= 0 &&
      ix < mask.width &&
      iy < mask.height &&
      mask.data[iy * mask.width + ix]! >= PAINTED
    )
      inside++;
  }
  return inside / Math.max(1, face.mesh.length);
}

/** out = a + gate · (b − a), only where the gate is above 0 (a's own pixels elsewhere). */
function blendInto(a: RgbImage, b: RgbImage, gate: TGate): RgbImage {
  const out: RgbImage = { data: new Uint8Array(a.data), width: a.width, height: a.height };
  for (let gy = 0; gy < gate.height; gy++) {
    for (let gx = 0; gx < gate.width; gx++) {
      const g = gate.data[gy * gate.width + gx]!;
      if (g <= 0) continue;
      const o = ((gate.y0 + gy) * a.width + gate.x0 + gx) * 3;
      for (let c = 0; c < 3; c++)
        out.data[o + c] = Math.round(a.data[o + c]! + g * (b.data[o + c]! - a.data[o + c]!));
    }
  }
  return out;
}

/**
 * The light smoothing a mask without a face gets: an edge-preserving smooth with a little of the
 * fine texture kept, inside the gate only.
 */
function smoothInside(image: RgbImage, gate: TGate, amount: number): RgbImage {
  const size = Math.max(gate.width, gate.height);
  const r = Math.max(2, Math.round(size / 60));
  const margin = r * 3;
  const x0 = Math.max(0, gate.x0 - margin);
  const y0 = Math.max(0, gate.y0 - margin);
  const x1 = Math.min(image.width, gate.x0 + gate.width + margin);
  const y1 = Math.min(image.height, gate.y0 + gate.height + margin);
  const planes = cropToPlanes(image, x0, y0, x1, y1);
  const { width: w, height: h } = planes;
  const smoothed: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
  for (let c = 0; c < 3; c++) {
    const p = planes.c[c as 0 | 1 | 2];
    const smooth = guidedFilterSelf(p, w, h, r, 0.003);
    const fineS = lowPass(smooth, w, h, 1.5);
    const fineO = lowPass(p, w, h, 1.5);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const treated = fineS[i]! + 0.5 * (p[i]! - fineO[i]!);
        const v = p[i]! + amount * (treated - p[i]!);
        smoothed.data[((y + y0) * image.width + x + x0) * 3 + c] = Math.round(
          Math.min(1, Math.max(0, v)) * 255,
        );
      }
    }
  }
  return blendInto(image, smoothed, gate);
}

export interface FaceEditImageResult {
  image: RgbImage;
  report: FaceEditReport;
}

/**
 * The edit on decoded pixels: `mask` is the user's painted area (0..1) at the image's size. Pass
 * an analysis of this image to skip the face analysis (tests re-use one).
 */
export async function editFaceImage(
  image: RgbImage,
  mask: Mask,
  options: { intensity: number; direction: TReshapeDirection },
  analysis?: TFaceAnalysis,
): Promise<FaceEditImageResult> {
  const bounds = maskBounds(mask, PAINTED - 1e-6);
  if (!bounds)
    throw new EngineError("INVALID_ARGUMENT", "The mask is empty: paint the area to change first.");
  const box = { x0: bounds[0], y0: bounds[1], x1: bounds[2], y1: bounds[3] };
  const distance = distanceInside(mask, PAINTED, box);
  const faceAnalysis = analysis ?? (await analyzeImage(image));
  const faces = faceAnalysis.faces.filter((face) => faceCoverage(face, mask) >= MIN_FACE_COVERAGE);
  const skin = skinStrength(options.intensity);
  const report: FaceEditReport = {
    engine: "builtin-reshape",
    generative: false,
    intensity: options.intensity,
    direction: options.direction,
    facesFound: faces.length,
    noFace: faces.length === 0,
    amounts: null,
    skin,
    maxShiftPx: 0,
  };

  if (faces.length === 0) {
    const size = Math.max(box.x1 - box.x0, box.y1 - box.y0);
    const gate = gateFromDistance(distance, Math.max(2, size / 30));
    return { image: smoothInside(image, gate, 0.6 * skin), report };
  }

  // 1. A light skin retouch of the faces (the retouch tool's own path; eyes, brows and lips are
  //    protected by its plan), blended in with a short feather inside the painted edge.
  const faceWidth = Math.min(...faces.map((face) => Math.max(8, faceFrame(face.mesh).width)));
  const plan = await planRetouch(
    faceAnalysis,
    {
      upper_lip: false,
      lower_lip: false,
      left_eyebrow: false,
      right_eyebrow: false,
      nose: false,
      hair: true,
    },
    image.width,
    image.height,
  );
  const lora = options.direction === "masculine" ? 6 : 2;
  const style = getStyleParams(lora);
  // The style's own clean-up (spots, tone, dark circles, shine, fine lines) inside the painted area.
  const retouched = applyRetouch(image, faceAnalysis, plan, style, skin, defaultRetouchControls(lora));
  const skinGate = gateFromDistance(distance, Math.max(2, faceWidth / 40));
  const base = retouched === image ? image : blendInto(image, retouched, skinGate);

  // 2. The reshape: every face's controls, one field, gated to the painted area. The gate and the
  //    safe strength are settled on the strongest setting, so the same photo and mask always
  //    get the same gate, and a higher slider never gives a smaller change.
  const controlsAt = (strength: number): TWarpControls => {
    const amounts = reshapeAmounts(options.direction, strength);
    const controls: TWarpControls = { groups: [], scales: [], outlines: [] };
    for (const face of faces) {
      const c = faceReshapeControls(face.mesh, amounts);
      controls.groups.push(...c.groups);
      controls.scales.push(...c.scales);
      controls.outlines!.push(...(c.outlines ?? []));
    }
    return controls;
  };
  const step = Math.min(8, Math.max(2, Math.round(faceWidth / 80)));
  const strongest = reshapeStrength(1);
  const strongestGrid = backwardGrid(controlsAt(strongest), box, step);
  // The move fades to zero over a band inside the painted edge. Where the edge cuts through a
  // large move the band widens (the inner features keep their full amount); what is still too
  // steep lowers the strongest safe strength, so the field's gradient stays below MAX_WARP_GRADIENT.
  let gateRadius = Math.max(4, 2 * maxDisplacement(strongestGrid), faceWidth / 25);
  let check = gradientBound(strongestGrid, distance, gateRadius);
  for (let round = 0; round < 5 && check.bound - check.intrinsic > 0.3 * MAX_WARP_GRADIENT; round++) {
    gateRadius *= 1.6;
    check = gradientBound(strongestGrid, distance, gateRadius);
  }
  const safest = check.bound > MAX_WARP_GRADIENT ? (strongest * MAX_WARP_GRADIENT) / check.bound : strongest;
  const strength = Math.min(reshapeStrength(options.intensity), safest);
  const grid = backwardGrid(controlsAt(strength), box, step);
  // The field is close to linear in its strength; a last check catches what is not.
  const last = gradientBound(grid, distance, gateRadius).bound;
  if (last > MAX_WARP_GRADIENT) scaleGrid(grid, MAX_WARP_GRADIENT / last);
  const gate = gateFromDistance(distance, gateRadius);
  report.amounts = reshapeAmounts(options.direction, strength);
  report.maxShiftPx = Math.round(maxDisplacement(grid) * 10) / 10;
  return { image: applyWarp(base, grid, gate), report };
}

/**
 * The face-edit tool's built-in driver: decode, the user's mask at the image's size, the edit,
 * JPEG quality 100. A mask with nothing painted is refused (INVALID_ARGUMENT).
 */
export async function editFace(
  input: Buffer | Uint8Array,
  maskPng: Buffer | Uint8Array,
  options: FaceEditOptions,
): Promise<FaceEditResult> {
  const t0 = performance.now();
  const image = await decodeImage(input, { maxPixels: options.maxPixels });
  const intensity = intensityFromEasyValue(options.easy_value);
  const direction = directionOf(String(options.gender));
  const mask = await decodeUserMask(maskPng, image.width, image.height);
  if (!maskBounds(mask, PAINTED - 1e-6))
    throw new EngineError("INVALID_ARGUMENT", "The mask is empty: paint the area to change first.");
  const t1 = performance.now();
  const analysis = await analyzeImage(image);
  const t2 = performance.now();
  const { image: out, report } = await editFaceImage(image, mask, { intensity, direction }, analysis);
  const t3 = performance.now();
  const jpeg = await encodeJpeg(out, 100);
  const t4 = performance.now();
  return {
    ...report,
    jpeg,
    width: out.width,
    height: out.height,
    timings: { decodeMs: t1 - t0, analyzeMs: t2 - t1, editMs: t3 - t2, encodeMs: t4 - t3, totalMs: t4 - t0 },
  };
}
