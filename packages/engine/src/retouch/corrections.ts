/**
 * The fine-tuning controls that act on the skin's shading and colour (issue 24): tone evening,
 * fine-line softening, dark circles and shine. Each works in place on the float planes of one
 * face's crop, only where its own zone says, on the low and middle frequencies — the skin's grain
 * is put back afterwards by the texture pass (skin.ts), so none of them blurs.
 */
import type { TPlanes } from "./planes.ts";
import { guidedFilterSelf, lowPass, weightedLowPass } from "./planes.ts";

function lumaOf(c: TPlanes["c"], i: number): number {
  return 0.299 * c[0][i]! + 0.587 * c[1][i]! + 0.114 * c[2][i]!;
}

function lumaPlane(c: TPlanes["c"]): Float32Array {
  const out = new Float32Array(c[0].length);
  for (let i = 0; i < out.length; i++) out[i] = lumaOf(c, i);
  return out;
}

/** Adds `delta` to the luma of pixel i, scaling its channels so the chromaticity stays. */
function addLuma(c: TPlanes["c"], i: number, delta: number): void {
  const l = lumaOf(c, i);
  if (l > 0.02) {
    const k = (l + delta) / l;
    c[0][i] = c[0][i]! * k;
    c[1][i] = c[1][i]! * k;
    c[2][i] = c[2][i]! * k;
  } else {
    c[0][i] = c[0][i]! + delta;
    c[1][i] = c[1][i]! + delta;
    c[2][i] = c[2][i]! + delta;
  }
}

/**
 * Tone evening: colour blotches (redness, patches) narrower than face width / 30 are taken out of
 * the chroma, and low-contrast luma patches are evened by an edge-preserving smooth at face width /
 * 15 (shading and folds, which have contrast, stay). `amount` 0..1.
 */
export function evenTone(planes: TPlanes, weight: Float32Array, faceWidth: number, amount: number): void {
  if (amount <= 0) return;
  const { width: w, height: h, c } = planes;
  const n = w * h;
  const L = lumaPlane(c);
  const radius = Math.max(2, faceWidth / 30);
  const den = lowPass(weight, w, h, radius);
  // Colour that comes with shading (a crease, a fold, the shadow beside the nose) is the face's
  // shape, not a blotch: where the luma departs from its surroundings the chroma stays.
  const Lbroad = weightedLowPass(L, weight, w, h, radius, den);
  const flat = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = Math.min(1, Math.abs(L[i]! - Lbroad[i]!) / Math.max(0.05, Lbroad[i]!) / 0.06);
    flat[i] = 1 - t * t;
  }
  for (let k = 0; k < 3; k++) {
    const plane = c[k as 0 | 1 | 2];
    const chroma = new Float32Array(n);
    for (let i = 0; i < n; i++) chroma[i] = plane[i]! - L[i]!;
    const broad = weightedLowPass(chroma, weight, w, h, radius, den);
    const gain = Math.min(1, 0.35 + 0.65 * amount);
    for (let i = 0; i < n; i++) {
      const m = weight[i]! * flat[i]!;
      if (m > 0) plane[i] = plane[i]! + m * gain * (broad[i]! - chroma[i]!);
    }
  }
  // Luma patches: the edge-preserving smooth keeps what has contrast (eps ≈ 3% of full scale).
  const r = Math.max(3, Math.round(faceWidth / 15));
  const even = guidedFilterSelf(L, w, h, r, 0.03 * 0.03);
  const fine = lowPass(L, w, h, Math.max(1.5, faceWidth / 120));
  const gain = 0.45 * amount;
  for (let i = 0; i < n; i++) {
    const m = weight[i]!;
    if (m <= 0) continue;
    // Only the patch itself moves: the smooth minus the detail finer than the patch scale.
    addLuma(c, i, m * gain * (even[i]! - fine[i]!));
  }
}

/**
 * Fine lines: thin dark lines of low contrast (crow's feet, forehead and under-eye lines) are
 * lifted towards the skin around them. The skin around is an edge-preserving smooth at face width
 * / 25 whose threshold (eps) keeps deep folds (nasolabial, smile lines): they have far more contrast
 * than a fine line, so they stay in the smooth and are not lifted. Only darker-than-surroundings
 * detail moves. `amount` 0..1.
 */
export function softenFineLines(
  planes: TPlanes,
  weight: Float32Array,
  faceWidth: number,
  amount: number,
): void {
  if (amount <= 0) return;
  const { width: w, height: h, c } = planes;
  const L = lumaPlane(c);
  const r = Math.max(2, Math.round(faceWidth / 25));
  const around = guidedFilterSelf(L, w, h, r, 0.035 * 0.035);
  // The line itself, without the pores: detail between ~1 px and the line's width.
  const line = lowPass(L, w, h, Math.max(1, faceWidth / 250));
  const gain = 0.9 * amount;
  for (let i = 0; i < L.length; i++) {
    const m = weight[i]!;
    if (m <= 0) continue;
    const dark = around[i]! - line[i]!;
    if (dark <= 0) continue;
    // A line deeper than ~8% of the skin's luma is a fold, not a fine line: it fades out.
    const depth = dark / Math.max(0.1, around[i]!);
    const keep = depth < 0.05 ? 1 : depth > 0.1 ? 0 : 1 - (depth - 0.05) / 0.05;
    addLuma(c, i, m * gain * keep * dark);
  }
}

/**
 * Dark circles: inside the under-eye zone, the shading's luma and colour (a low-pass at face width
 * / 40) are moved towards those of the reference cheek skin below (`reference`: luma and the
 * channels' chroma, from the same low-pass), lifting only what is darker than the cheek. `amount` 0..1.
 */
export function liftDarkCircles(
  planes: TPlanes,
  zone: Float32Array,
  skin: Float32Array,
  reference: { luma: number; chroma: [number, number, number] },
  faceWidth: number,
  amount: number,
): void {
  if (amount <= 0) return;
  const { width: w, height: h, c } = planes;
  const n = w * h;
  const radius = Math.max(2, faceWidth / 40);
  const L = lumaPlane(c);
  const den = lowPass(skin, w, h, radius);
  const Llow = weightedLowPass(L, skin, w, h, radius, den);
  const chromaLow = [0, 1, 2].map((k) => {
    const chroma = new Float32Array(n);
    const p = c[k as 0 | 1 | 2];
    for (let i = 0; i < n; i++) chroma[i] = p[i]! - L[i]!;
    return weightedLowPass(chroma, skin, w, h, radius, den);
  });
  for (let i = 0; i < n; i++) {
    const z = zone[i]!;
    if (z <= 0) continue;
    const lift = Math.max(0, reference.luma - Llow[i]!) * 0.85 * amount * z;
    const colour = 0.75 * amount * z;
    for (let k = 0; k < 3; k++) {
      const p = c[k as 0 | 1 | 2];
      p[i] = p[i]! + colour * (reference.chroma[k]! - chromaLow[k]![i]!);
    }
    if (lift > 0) addLuma(c, i, lift);
  }
}

/**
 * Shine: specular highlights on the T-zone (luma standing above its surroundings, at face width /
 * 150 against face width / 12) are brought down towards the skin around them, and take back the
 * skin's colour that the shine had washed out. `amount` 0..1.
 */
export function reduceShine(
  planes: TPlanes,
  zone: Float32Array,
  skin: Float32Array,
  faceWidth: number,
  amount: number,
): void {
  if (amount <= 0) return;
  const { width: w, height: h, c } = planes;
  const n = w * h;
  const L = lumaPlane(c);
  const hi = lowPass(L, w, h, Math.max(1, faceWidth / 150));
  const wide = Math.max(3, faceWidth / 12);
  const den = lowPass(skin, w, h, wide);
  const base = weightedLowPass(L, skin, w, h, wide, den);
  const baseColour = [0, 1, 2].map((k) => weightedLowPass(c[k as 0 | 1 | 2], skin, w, h, wide, den));
  for (let i = 0; i < n; i++) {
    const z = zone[i]!;
    if (z <= 0) continue;
    const excess = hi[i]! - base[i]! - 0.015;
    if (excess <= 0) continue;
    const t = Math.min(1, excess / 0.06);
    const k = z * amount * t * 0.85;
    const bl = Math.max(0.02, base[i]!);
    // The skin's own colour at this pixel's (lowered) brightness.
    const target = L[i]! - 0.85 * excess;
    for (let ch = 0; ch < 3; ch++) {
      const p = c[ch as 0 | 1 | 2];
      const skin = baseColour[ch]![i]! * (target / bl);
      p[i] = p[i]! + k * (skin - p[i]!);
    }
  }
}
