import type { RgbImage } from "../image.ts";
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
 */
export function guidedFilterSelf(
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): Float32Array {
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
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  const q = meanB;
  for (let i = 0; i < p.length; i++) q[i] = meanA[i]! * p[i]! + meanB[i]!;
  return q;
}

/** Gaussian-like low-pass of a plane. */
export function lowPass(p: Float32Array, width: number, height: number, radius: number): Float32Array {
  return blurPlane(p, width, height, radius);
}

export function luma(planes: TPlanes): Float32Array {
  const [r, g, b] = planes.c;
  const out = new Float32Array(r.length);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
  return out;
}
