import { createMask, type Mask } from "./image.ts";

export type TPoint = [number, number];

/** Fills a polygon (even-odd rule, pixel centres) into the mask with max(existing, value). */
export function fillPolygon(mask: Mask, polygon: readonly TPoint[], value = 1): void {
  if (polygon.length < 3) return;
  const { width, height, data } = mask;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [, y] of polygon) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(height - 1, Math.ceil(maxY));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i]!;
      const [xj, yj] = polygon[j]!;
      if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
      const row = y * width;
      for (let x = from; x <= to; x++) if (data[row + x]! < value) data[row + x] = value;
    }
  }
}

/** Andrew's monotone chain; returns the hull counter-clockwise without repeating the first point. */
export function convexHull(points: readonly TPoint[]): TPoint[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: TPoint, a: TPoint, b: TPoint) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: TPoint[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: TPoint[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

/**
 * One box-filter pass along rows then columns (running sums, O(n) in the radius, edges clamped).
 * The column pass walks rows with one running sum per column, so memory is read in order.
 */
function boxBlurPass(
  src: Float32Array,
  dst: Float32Array,
  tmp: Float32Array,
  acc: Float32Array,
  width: number,
  height: number,
  r: number,
): void {
  const norm = 1 / (2 * r + 1);
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += src[row + (x < 0 ? 0 : Math.min(x, last))]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum * norm;
      const add = x + r + 1;
      const sub = x - r;
      sum += src[row + Math.min(add, last)]! - src[row + Math.max(sub, 0)]!;
    }
  }
  const lastRow = height - 1;
  acc.fill(0);
  for (let y = -r; y <= r; y++) {
    const row = (y < 0 ? 0 : Math.min(y, lastRow)) * width;
    for (let x = 0; x < width; x++) acc[x] = acc[x]! + tmp[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const out = y * width;
    const add = y + r + 1;
    const sub = y - r;
    const addRow = Math.min(add, lastRow) * width;
    const subRow = Math.max(sub, 0) * width;
    for (let x = 0; x < width; x++) {
      const a = acc[x]!;
      dst[out + x] = a * norm;
      acc[x] = a + tmp[addRow + x]! - tmp[subRow + x]!;
    }
  }
}

/** Near-Gaussian blur of a plane (three box passes), sigma ≈ radius / √3 · √3. */
export function blurPlane(plane: Float32Array, width: number, height: number, radius: number): Float32Array {
  const r = Math.max(0, Math.round(radius / Math.sqrt(3)));
  if (r === 0) return plane.slice();
  const out = new Float32Array(plane.length);
  const tmp = new Float32Array(plane.length);
  const acc = new Float32Array(width);
  // A pass reads its source whole (into tmp) before it writes: the later two run in place, which
  // spares a whole-image plane (the filter blurs the full photo's luma).
  boxBlurPass(plane, out, tmp, acc, width, height, r);
  boxBlurPass(out, out, tmp, acc, width, height, r);
  boxBlurPass(out, out, tmp, acc, width, height, r);
  return out;
}

/** A soft copy of the mask: edges feathered over about `radius` pixels (work limited to its bounds). */
export function featherMask(mask: Mask, radius: number): Mask {
  const out = createMask(mask.width, mask.height);
  const bounds = maskBounds(mask, 0);
  if (!bounds) return out;
  const m = Math.ceil(radius * 2) + 2;
  const x0 = Math.max(0, bounds[0] - m);
  const y0 = Math.max(0, bounds[1] - m);
  const x1 = Math.min(mask.width, bounds[2] + m);
  const y1 = Math.min(mask.height, bounds[3] + m);
  const w = x1 - x0;
  const crop = new Float32Array(w * (y1 - y0));
  for (let y = y0; y < y1; y++)
    crop.set(mask.data.subarray(y * mask.width + x0, y * mask.width + x1), (y - y0) * w);
  const soft = blurPlane(crop, w, y1 - y0, radius);
  for (let y = y0; y < y1; y++)
    out.data.set(soft.subarray((y - y0) * w, (y - y0 + 1) * w), y * mask.width + x0);
  return out;
}

/**
 * Feathered and grown: full strength everywhere inside the original region, fading to zero about
 * `radius` pixels outside it. Used for protected (excluded) regions so the feather never eats into them.
 */
export function growAndFeather(mask: Mask, radius: number): Mask {
  const soft = featherMask(mask, radius);
  const out = createMask(mask.width, mask.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = Math.min(1, soft.data[i]! * 2.2);
  for (let i = 0; i < out.data.length; i++) if (mask.data[i]! > out.data[i]!) out.data[i] = mask.data[i]!;
  return out;
}

export function maxMasks(masks: readonly Mask[], width: number, height: number): Mask {
  const out = createMask(width, height);
  for (const m of masks)
    for (let i = 0; i < out.data.length; i++) if (m.data[i]! > out.data[i]!) out.data[i] = m.data[i]!;
  return out;
}

/** a × (1 − b), element-wise. */
export function subtractMask(a: Mask, b: Mask): Mask {
  const out = createMask(a.width, a.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = a.data[i]! * (1 - b.data[i]!);
  return out;
}

export function maskMean(mask: Mask): number {
  let sum = 0;
  for (const v of mask.data) sum += v;
  return sum / Math.max(1, mask.data.length);
}

/** Bounding box [x0, y0, x1, y1) of the pixels above the threshold, or null if none. */
export function maskBounds(mask: Mask, threshold = 0.01): [number, number, number, number] | null {
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[row + x]! > threshold) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
  }
  return x1 < 0 ? null : [x0, y0, x1 + 1, y1 + 1];
}

/**
 * The outfit mask as the filter's "keep" weight: the region starts on one row below the chin
 * (face/regions.ts), which left a hard line across the neck and collar wherever a filter ran
 * above it and not below. Grown and feathered over a fifth of the face width: the outfit stays
 * fully kept and the filter fades in above it. `faces` and `width` are the analysis' (input pixels).
 */
export function softOutfitMask(
  outfit: Mask,
  analysis: { width: number; faces: ReadonlyArray<{ box: readonly number[] }> },
): Mask {
  const faceWidth = Math.max(0, ...analysis.faces.map((f) => f.box[2] ?? 0));
  const radius = Math.max(2, (faceWidth * outfit.width) / analysis.width / 5);
  return growAndFeather(outfit, radius);
}
