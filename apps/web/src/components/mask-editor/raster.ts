/**
 * A small rasteriser for masks: one byte per pixel, 0 (not painted) or 255 (painted). It needs no
 * canvas, so the saved mask is the same in a browser, in jsdom and in Node, and a stroke covers
 * the same image area at any resolution. A pixel belongs to a shape when its centre does.
 */

export const PAINTED = 255;
export const UNPAINTED = 0;

export interface TRaster {
  width: number;
  height: number;
  /** Row-major, width × height bytes. */
  alpha: Uint8Array;
}

/** The pixels a change touched, inclusive-exclusive, for repainting only that part of the screen. */
export interface TDirtyRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function createRaster(width: number, height: number): TRaster {
  return { width, height, alpha: new Uint8Array(width * height) };
}

export function unionDirty(a: TDirtyRect | null, b: TDirtyRect | null): TDirtyRect | null {
  if (!a) return b;
  if (!b) return a;
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

/**
 * Sets every pixel within r of the segment a→b (a round-capped line; a dot when a = b). The
 * capsule is convex, so each row meets it in one span: the union of the spans of the two end
 * circles and of the band swept by the segment, filled with one native fill per row. Everything
 * is inlined with the per-segment constants hoisted: this runs for each row of each segment.
 */
export function fillCapsule(
  raster: TRaster,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  value: number,
): TDirtyRect | null {
  if (!(r > 0)) return null;
  const { width, alpha } = raster;
  const top = Math.max(0, Math.floor(Math.min(ay, by) - r));
  const bottom = Math.min(raster.height - 1, Math.ceil(Math.max(ay, by) + r));
  const r2 = r * r;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const reach = r * Math.sqrt(length2);
  let x0 = width;
  let x1 = 0;
  let y0 = -1;
  let y1 = -1;
  for (let row = top; row <= bottom; row += 1) {
    const yc = row + 0.5;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    // The end circles: |x − cx| ≤ √(r² − (yc − cy)²).
    const da = yc - ay;
    if (da * da <= r2) {
      const half = Math.sqrt(r2 - da * da);
      lo = ax - half;
      hi = ax + half;
    }
    const db = yc - by;
    if (db * db <= r2) {
      const half = Math.sqrt(r2 - db * db);
      if (bx - half < lo) lo = bx - half;
      if (bx + half > hi) hi = bx + half;
    }
    // The band: 0 ≤ dx·(x − ax) + dy·(yc − ay) ≤ |d|² and |dx·(yc − ay) − dy·(x − ax)| ≤ r·|d|.
    if (length2 > 0) {
      let bandLo = Number.NEGATIVE_INFINITY;
      let bandHi = Number.POSITIVE_INFINITY;
      const along = dy * da;
      let isInside = true;
      if (dx === 0) {
        isInside = along >= 0 && along <= length2;
      } else {
        const p = ax - along / dx;
        const q = ax + (length2 - along) / dx;
        bandLo = Math.min(p, q);
        bandHi = Math.max(p, q);
      }
      const across = dx * da;
      if (dy === 0) {
        isInside = isInside && Math.abs(across) <= reach;
      } else if (isInside) {
        const p = ax + (across - reach) / dy;
        const q = ax + (across + reach) / dy;
        bandLo = Math.max(bandLo, Math.min(p, q));
        bandHi = Math.min(bandHi, Math.max(p, q));
      }
      if (isInside && bandLo <= bandHi) {
        if (bandLo < lo) lo = bandLo;
        if (bandHi > hi) hi = bandHi;
      }
    }
    // Pixel x is inside when its centre x + 0.5 lies in [lo, hi].
    const first = Math.max(0, Math.ceil(lo - 0.5));
    const last = Math.min(width - 1, Math.floor(hi - 0.5));
    if (last < first) continue;
    alpha.fill(value, row * width + first, row * width + last + 1);
    if (first < x0) x0 = first;
    if (last + 1 > x1) x1 = last + 1;
    if (y0 < 0) y0 = row;
    y1 = row + 1;
  }
  return y0 < 0 ? null : { x0, y0, x1, y1 };
}

/** Sets every pixel whose centre lies in [x0, x1) × [y0, y1). */
export function fillRect(
  raster: TRaster,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  value: number,
): TDirtyRect | null {
  const left = Math.max(0, Math.ceil(Math.min(x0, x1) - 0.5));
  const right = Math.min(raster.width, Math.ceil(Math.max(x0, x1) - 0.5));
  const top = Math.max(0, Math.ceil(Math.min(y0, y1) - 0.5));
  const bottom = Math.min(raster.height, Math.ceil(Math.max(y0, y1) - 0.5));
  if (right <= left || bottom <= top) return null;
  for (let row = top; row < bottom; row += 1) {
    raster.alpha.fill(value, row * raster.width + left, row * raster.width + right);
  }
  return { x0: left, y0: top, x1: right, y1: bottom };
}

export function invertRaster(raster: TRaster): void {
  const { alpha } = raster;
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = PAINTED - alpha[i]!;
}

/** Replaces the raster with a mask of another size, stretched by nearest neighbour. */
export function sampleInto(
  raster: TRaster,
  source: Uint8Array,
  sourceWidth: number,
  sourceHeight: number,
): void {
  const { width, height, alpha } = raster;
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x += 1) {
    columns[x] = Math.min(sourceWidth - 1, Math.floor(((x + 0.5) * sourceWidth) / width));
  }
  for (let y = 0; y < height; y += 1) {
    const sourceRow =
      Math.min(sourceHeight - 1, Math.floor(((y + 0.5) * sourceHeight) / height)) * sourceWidth;
    const row = y * width;
    for (let x = 0; x < width; x += 1) alpha[row + x] = source[sourceRow + columns[x]!]!;
  }
}

export function fullRect(raster: TRaster): TDirtyRect {
  return { x0: 0, y0: 0, x1: raster.width, y1: raster.height };
}
