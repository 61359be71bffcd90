import { enlargeMask, type RgbImage } from "../image.ts";
import { blurPlane } from "../masks.ts";

/** A crop of an image as three float planes (0..1), for filtering without touching the rest. */
export interface TPlanes {
  x0: number;
  y0: number;
  width: number;
  height: number;
  c: [Float32Array, Float32Array, Float32Array];
}

export function cropToPlanes(image: RgbImage, x0: number, y0: number, x1: number, y1: number): TPlanes {
  const width = x1 - x0;
  const height = y1 - y0;
  const c: [Float32Array, Float32Array, Float32Array] = [
    new Float32Array(width * height),
    new Float32Array(width * height),
    new Float32Array(width * height),
  ];
  for (let y = 0; y < height; y++) {
    let s = ((y + y0) * image.width + x0) * 3;
    for (let x = 0; x < width; x++, s += 3) {
      const i = y * width + x;
      c[0][i] = image.data[s]! / 255;
      c[1][i] = image.data[s + 1]! / 255;
      c[2][i] = image.data[s + 2]! / 255;
    }
  }
  return { x0, y0, width, height, c };
}

/** Box mean with radius r (running sums), used by the guided filter. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    let n = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) {
      acc += src[row + x]!;
      n++;
    }
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc / n;
      const add = x + r + 1;
      const sub = x - r;
      if (add < width) {
        acc += src[row + add]!;
        n++;
      }
      if (sub >= 0) {
        acc -= src[row + sub]!;
        n--;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let acc = 0;
    let n = 0;
    for (let y = 0; y <= Math.min(r, height - 1); y++) {
      acc += tmp[y * width + x]!;
      n++;
    }
    for (let y = 0; y < height; y++) {
      out[y * width + x] = acc / n;
      const add = y + r + 1;
      const sub = y - r;
      if (add < height) {
        acc += tmp[add * width + x]!;
        n++;
      }
      if (sub >= 0) {
        acc -= tmp[sub * width + x]!;
        n--;
      }
    }
  }
  return out;
}

/**
 * He et al.'s guided filter with the channel as its own guide: an edge-preserving smooth that
 * flattens regions whose variance is below eps (blemishes, uneven tone) and keeps edges above it.
 * From radius FAST_GUIDED_RADIUS up it is He & Sun's fast guided filter: the linear coefficients
 * a and b are found at half resolution and enlarged (they vary slowly by construction), and only
 * q = a·p + b is formed at full resolution, so edges stay exactly as sharp as the guide's.
 */
export function guidedFilterSelf(
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): Float32Array {
  if (r < FAST_GUIDED_RADIUS || width < 4 || height < 4) {
    const [a, b] = guidedCoefficients(p, width, height, r, eps);
    const meanA = boxMean(a, width, height, r);
    const meanB = boxMean(b, width, height, r);
    for (let i = 0; i < p.length; i++) meanB[i] = meanA[i]! * p[i]! + meanB[i]!;
    return meanB;
  }
  // He & Sun: subsample by about r / 5 (2 from radius 6), so large faces cost what small ones do.
  const k = Math.max(2, Math.min(8, Math.floor(r / 5)));
  const small = shrinkPlane(p, width, height, k);
  const hr = Math.max(1, Math.round(r / k));
  const [a, b] = guidedCoefficients(small.data, small.width, small.height, hr, eps);
  const meanA = enlargeMask(
    { data: boxMean(a, small.width, small.height, hr), width: small.width, height: small.height },
    width,
    height,
  ).data;
  const meanB = enlargeMask(
    { data: boxMean(b, small.width, small.height, hr), width: small.width, height: small.height },
    width,
    height,
  ).data;
  for (let i = 0; i < p.length; i++) meanB[i] = meanA[i]! * p[i]! + meanB[i]!;
  return meanB;
}

/** Radii from this up use the fast (half-resolution) guided filter. */
const FAST_GUIDED_RADIUS = 6;

/** The guided filter's per-pixel a and b for a self-guided plane. */
function guidedCoefficients(
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): [Float32Array, Float32Array] {
  const meanP = boxMean(p, width, height, r);
  const pp = new Float32Array(p.length);
  for (let i = 0; i < p.length; i++) pp[i] = p[i]! * p[i]!;
  const meanPP = boxMean(pp, width, height, r);
  const a = pp;
  const b = new Float32Array(p.length);
  for (let i = 0; i < p.length; i++) {
    const m = meanP[i]!;
    const v = Math.max(0, meanPP[i]! - m * m);
    const ai = v / (v + eps);
    a[i] = ai;
    b[i] = m - ai * m;
  }
  return [a, b];
}

/**
 * k×k block means: ceil(width/k) × ceil(height/k), the last partial blocks averaging what they
 * hold. k = 1 copies.
 */
export function shrinkPlane(
  p: Float32Array,
  width: number,
  height: number,
  k: number,
): { data: Float32Array; width: number; height: number } {
  if (k <= 1) return { data: p.slice(), width, height };
  const sw = Math.ceil(width / k);
  const sh = Math.ceil(height / k);
  const out = new Float32Array(sw * sh);
  const count = new Float32Array(sw * sh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / k) * sw;
    for (let x = 0; x < width; x++) {
      const o = row + Math.floor(x / k);
      out[o] = out[o]! + p[y * width + x]!;
      count[o] = count[o]! + 1;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / count[i]!;
  return { data: out, width: sw, height: sh };
}

/** Bilinear enlargement of a plane (pixel centres aligned, edges clamped) to width × height. */
export function enlargePlane(
  p: Float32Array,
  pw: number,
  ph: number,
  width: number,
  height: number,
): Float32Array {
  if (pw === width && ph === height) return p.slice();
  return enlargeMask({ data: p, width: pw, height: ph }, width, height).data;
}

/** 2×2 mean, ceil(width/2) × ceil(height/2) (the last odd row or column is repeated). */
function halve(p: Float32Array, width: number, height: number): Float32Array {
  const hw = Math.ceil(width / 2);
  const hh = Math.ceil(height / 2);
  const half = new Float32Array(hw * hh);
  for (let y = 0; y < hh; y++) {
    const r0 = 2 * y * width;
    const r1 = Math.min(height - 1, 2 * y + 1) * width;
    for (let x = 0; x < hw; x++) {
      const x0 = 2 * x;
      const x1 = Math.min(width - 1, x0 + 1);
      half[y * hw + x] = 0.25 * (p[r0 + x0]! + p[r0 + x1]! + p[r1 + x0]! + p[r1 + x1]!);
    }
  }
  return half;
}

/** Radii from this up are blurred at half resolution (lowPass). */
const HALF_RES_RADIUS = 8;

/**
 * Gaussian-like low-pass of a plane. Wide radii (the tone-evening bands, the gloss base) are
 * blurred at half resolution and enlarged bilinearly: what they keep has no detail finer than a
 * few pixels, so the result is the same to within a few thousandths, at about a quarter of the work.
 */
export function lowPass(p: Float32Array, width: number, height: number, radius: number): Float32Array {
  if (radius < HALF_RES_RADIUS || width < 4 || height < 4) return blurPlane(p, width, height, radius);
  const hw = Math.ceil(width / 2);
  const hh = Math.ceil(height / 2);
  const blurred = blurPlane(halve(p, width, height), hw, hh, radius / 2);
  return enlargeMask({ data: blurred, width: hw, height: hh }, width, height).data;
}

export function luma(planes: TPlanes): Float32Array {
  const [r, g, b] = planes.c;
  const out = new Float32Array(r.length);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
  return out;
}

/**
 * lowPass of `p` over the pixels `m` weighs (normalised convolution: lowPass(p·m) / lowPass(m)), so
 * what lies outside the mask (hair, background) does not bleed into the skin's averages: a plain
 * blur near the face's edge mixes the hair's colour in, and a correction towards it leaves a halo.
 * Where the mask's own average is tiny the plain value is kept.
 */
export function weightedLowPass(
  p: Float32Array,
  m: Float32Array,
  width: number,
  height: number,
  radius: number,
  denominator?: Float32Array,
): Float32Array {
  const num = new Float32Array(p.length);
  for (let i = 0; i < p.length; i++) num[i] = p[i]! * m[i]!;
  const top = lowPass(num, width, height, radius);
  const den = denominator ?? lowPass(m, width, height, radius);
  for (let i = 0; i < p.length; i++) top[i] = den[i]! > 1e-3 ? top[i]! / den[i]! : p[i]!;
  return top;
}
