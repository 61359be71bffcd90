/**
 * CIE L*a*b* (D65) for float RGB planes 0..1, for the treatments that work in a perceptual space:
 * makeup laid as a shift of hue and chroma over the skin's own colour (so it stays right on light,
 * olive and brown skin), the fair-skin lift, the under-eye correction. sRGB decoding goes through a
 * 4096-entry table; the cube root is exact.
 */

const LUT_SIZE = 4096;
const TO_LINEAR = new Float32Array(LUT_SIZE + 1);
for (let i = 0; i <= LUT_SIZE; i++) {
  const v = i / LUT_SIZE;
  TO_LINEAR[i] = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** sRGB 0..1 → linear light (table, linearly interpolated). */
export function srgbToLinear(v: number): number {
  const x = Math.min(1, Math.max(0, v)) * LUT_SIZE;
  const i = Math.floor(x);
  if (i >= LUT_SIZE) return TO_LINEAR[LUT_SIZE]!;
  const f = x - i;
  return TO_LINEAR[i]! + f * (TO_LINEAR[i + 1]! - TO_LINEAR[i]!);
}

/** Linear light → sRGB 0..1. */
export function linearToSrgb(v: number): number {
  const c = Math.min(1, Math.max(0, v));
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}

const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;
const XN = 0.95047;
const ZN = 1.08883;

function f(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

function fInv(t: number): number {
  const t3 = t * t * t;
  return t3 > EPSILON ? t3 : (116 * t - 16) / KAPPA;
}

/** One sRGB pixel (0..1) → [L*, a*, b*]; written into `out`. */
export function rgbToLab(r: number, g: number, b: number, out: Float32Array | number[], o = 0): void {
  const R = srgbToLinear(r);
  const G = srgbToLinear(g);
  const B = srgbToLinear(b);
  const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / XN);
  const fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / ZN);
  out[o] = 116 * fy - 16;
  out[o + 1] = 500 * (fx - fy);
  out[o + 2] = 200 * (fy - fz);
}

/** [L*, a*, b*] → sRGB 0..1 (clamped), written into `out`. */
export function labToRgb(L: number, a: number, b: number, out: Float32Array | number[], o = 0): void {
  const fy = (L + 16) / 116;
  const X = XN * fInv(fy + a / 500);
  const Y = fInv(fy);
  const Z = ZN * fInv(fy - b / 200);
  out[o] = linearToSrgb(3.2406 * X - 1.5372 * Y - 0.4986 * Z);
  out[o + 1] = linearToSrgb(-0.9689 * X + 1.8758 * Y + 0.0415 * Z);
  out[o + 2] = linearToSrgb(0.0557 * X - 0.204 * Y + 1.057 * Z);
}

/** Three RGB planes (0..1) → three Lab planes. */
export function planesToLab(
  c: readonly [Float32Array, Float32Array, Float32Array],
): [Float32Array, Float32Array, Float32Array] {
  const n = c[0].length;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    rgbToLab(c[0][i]!, c[1][i]!, c[2][i]!, lab);
    L[i] = lab[0]!;
    A[i] = lab[1]!;
    B[i] = lab[2]!;
  }
  return [L, A, B];
}

/** Three Lab planes → three RGB planes (0..1), into `out` (new planes when not given). */
export function labToPlanes(
  lab: readonly [Float32Array, Float32Array, Float32Array],
  out?: [Float32Array, Float32Array, Float32Array],
): [Float32Array, Float32Array, Float32Array] {
  const n = lab[0].length;
  const o = out ?? [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const rgb = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    labToRgb(lab[0][i]!, lab[1][i]!, lab[2][i]!, rgb);
    o[0][i] = rgb[0]!;
    o[1][i] = rgb[1]!;
    o[2][i] = rgb[2]!;
  }
  return o;
}
