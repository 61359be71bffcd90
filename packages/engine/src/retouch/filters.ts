import type { RgbImage } from "../image.ts";
import { blurPlane } from "../masks.ts";
import type { TFilter } from "../style.ts";

/** Fills `out` with one value per pixel of row `y` (width values). */
export type TRowReader = (y: number, out: Float32Array) => void;

/**
 * Where the filter works, one row at a time: whole-image masks of these took 4 bytes a pixel
 * each (four of them for a fair-skin filter with the background and the outfit excluded).
 */
export interface TFilterScope {
  /** 0..1 per pixel: how much the filter may change it (1 − protected regions, background, outfit). */
  allow: TRowReader | null;
  /**
   * 0..1 skin likelihood over the whole image: fair-skin works mostly on skin, and the studio
   * look keeps its local contrast off skin (the retouch has just evened it).
   */
  skin: TRowReader | null;
}

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/**
 * How much of the filter's colour shift (warmth, the fair-skin cool lift) a pixel takes, from its
 * own channel spread (max − min, 0..1): none for grey pixels, so a black-and-white photo stays
 * neutral, all of it from a skin-like spread up. JPEG chroma noise stays under the 0.02 knee.
 */
export function colourGate(r: number, g: number, b: number): number {
  const spread = Math.max(r, g, b) - Math.min(r, g, b);
  return smoothstep((spread - 0.02) / 0.06);
}

/**
 * Detail finer than this (pores, fine lines, what the retouch's texture pass left) passes through
 * the filter at gain 1: the look is computed on the luma blurred by this radius. 4 px up to
 * 512 px, then 1/128 of the long side, so the same features count as detail at any size (at 2 px
 * the curve's slope still reached the finest band: studio 0.5 left up to 1.12× the no-filter
 * skin HF energy on 29 textured faces; at 4 px 0.96–1.05×).
 */
export function filterDetailRadius(width: number, height: number): number {
  return Math.max(4, Math.round(Math.max(width, height) / 128));
}

/**
 * The two looks of spec 02 §2.1. Studio: a clean portrait-studio grade (gentle S-curve, a touch of
 * local contrast off the skin, neutral-warm balance). Ppoyong (fair skin): brighter, less yellow,
 * softly desaturated skin with a faint glow. Strength 0..1 blends the look over the input.
 *
 * The filter composes with the retouch: the tone curve is applied to the luma's base layer (blurred
 * by filterDetailRadius) and the detail above it is added back unchanged, so the studio look does
 * not re-sharpen the skin the retouch smoothed; colour shifts go through colourGate, so grey stays
 * grey.
 */
export function applyFilter(
  image: RgbImage,
  filter: TFilter,
  strength: number,
  scope: TFilterScope,
  /** Write into `image` itself (each pixel is read before it is written): one copy of the photo less. */
  { inPlace = false }: { inPlace?: boolean } = {},
): RgbImage {
  if (filter === "none" || strength <= 0) return image;
  const { width, height } = image;
  const n = width * height;
  const src = image.data;
  const out = inPlace ? src : new Uint8Array(src);
  let lum: Float32Array | null = new Float32Array(n);
  for (let i = 0; i < n; i++)
    lum[i] = (0.299 * src[i * 3]! + 0.587 * src[i * 3 + 1]! + 0.114 * src[i * 3 + 2]!) / 255;
  const fine = filterDetailRadius(width, height);
  const base = blurPlane(lum, width, height, fine);
  // The pixel's own luma is recomputed from `src` below; the plane goes before the wide blur.
  lum = null;
  const radius = Math.max(4, Math.round(Math.max(width, height) / 60));
  // Blurs compose (variances add): base blurred by √(R² − r²) is the luma blurred by R.
  const low = blurPlane(base, width, height, Math.sqrt(Math.max(0, radius * radius - fine * fine)));
  const allowRow = new Float32Array(width);
  const skinRow = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    if (scope.allow) scope.allow(y, allowRow);
    if (scope.skin) scope.skin(y, skinRow);
    for (let x = 0, i = y * width; x < width; x++, i++) {
      filterPixel(i, scope.allow ? allowRow[x]! : 1, scope.skin ? skinRow[x]! : 0.5);
    }
  }
  return { data: out, width, height };

  function filterPixel(i: number, allow: number, s: number): void {
    if (allow <= 0) return;
    let r = src[i * 3]! / 255;
    let g = src[i * 3 + 1]! / 255;
    let b = src[i * 3 + 2]! / 255;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    const gate = colourGate(r, g, b);
    const bl = base[i]!;
    if (filter === "studio") {
      // S-curve on the base layer, local contrast on the mid band off the skin, detail as it was.
      const curved = bl + 0.35 * (smoothstep(bl) - bl) + 0.25 * (1 - s) * (bl - low[i]!);
      const shift = curved - bl;
      r += shift;
      g += shift;
      b += shift;
      const nl = l + shift;
      // Neutral-warm balance, only where there is colour to balance.
      r += 0.01 * gate * r;
      b -= 0.015 * gate * b;
      r = nl + 1.06 * (r - nl);
      g = nl + 1.06 * (g - nl);
      b = nl + 1.06 * (b - nl);
    } else {
      const lift = 0.1 + 0.14 * s;
      const glow = 0.08 * Math.max(0, low[i]! - l + 0.1);
      r = r + lift * (1 - r) + glow;
      g = g + lift * (1 - g) + glow;
      b = b + (lift + 0.04 * s * gate) * (1 - b) + glow;
      const nl = 0.299 * r + 0.587 * g + 0.114 * b;
      const sat = 1 - 0.22 * s - 0.05;
      r = nl + sat * (r - nl) + 0.01 * s * gate;
      g = nl + sat * (g - nl);
      b = nl + sat * (b - nl);
    }
    const a = strength * allow;
    out[i * 3] = Math.round(Math.min(255, Math.max(0, src[i * 3]! + a * (r * 255 - src[i * 3]!))));
    out[i * 3 + 1] = Math.round(
      Math.min(255, Math.max(0, src[i * 3 + 1]! + a * (g * 255 - src[i * 3 + 1]!))),
    );
    out[i * 3 + 2] = Math.round(
      Math.min(255, Math.max(0, src[i * 3 + 2]! + a * (b * 255 - src[i * 3 + 2]!))),
    );
  }
}
