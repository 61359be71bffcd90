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

function fillSpan(
  raster: TRaster,
  row: number,
  lo: number,
  hi: number,
  value: number,
): [number, number] | null {
  // Pixel x is inside when its centre x + 0.5 lies in [lo, hi].
  const first = Math.max(0, Math.ceil(lo - 0.5));
  const last = Math.min(raster.width - 1, Math.floor(hi - 0.5));
  if (last < first) return null;
  raster.alpha.fill(value, row * raster.width + first, row * raster.width + last + 1);
  return [first, last + 1];
}

/** Widens [lo, hi] by the interval where |x - cx| ≤ half, or returns it unchanged. */
function circleSpan(cx: number, cy: number, r: number, yc: number, span: [number, number]): void {
  const dy = yc - cy;
  const rest = r * r - dy * dy;
  if (rest < 0) return;
  const half = Math.sqrt(rest);
  span[0] = Math.min(span[0], cx - half);
  span[1] = Math.max(span[1], cx + half);
}

/** The part of row yc inside the rectangle swept by the segment a→b with half-width r. */
function bandSpan(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  yc: number,
  span: [number, number],
): void {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return;
  const length = Math.sqrt(length2);
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  // Along the segment: 0 ≤ dx·(x − ax) + dy·(yc − ay) ≤ |d|².
  const along = dy * (yc - ay);
  if (dx === 0) {
    if (along < 0 || along > length2) return;
  } else {
    const p = ax + (0 - along) / dx;
    const q = ax + (length2 - along) / dx;
    lo = Math.max(lo, Math.min(p, q));
    hi = Math.min(hi, Math.max(p, q));
  }
  // Across the segment: |dx·(yc − ay) − dy·(x − ax)| ≤ r·|d|.
  const across = dx * (yc - ay);
  if (dy === 0) {
    if (Math.abs(across) > r * length) return;
  } else {
    const p = ax + (across - r * length) / dy;
    const q = ax + (across + r * length) / dy;
    lo = Math.max(lo, Math.min(p, q));
    hi = Math.min(hi, Math.max(p, q));
  }
  if (lo > hi) return;
  span[0] = Math.min(span[0], lo);
  span[1] = Math.max(span[1], hi);
}

/**
 * Sets every pixel within r of the segment a→b (a round-capped line; a dot when a = b). The
 * capsule is convex, so each row meets it in one span: the union of the two end circles' spans
 * and the band's span, filled with one native fill per row.
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
  const top = Math.max(0, Math.floor(Math.min(ay, by) - r));
  const bottom = Math.min(raster.height - 1, Math.ceil(Math.max(ay, by) + r));
  let dirty: TDirtyRect | null = null;
  const span: [number, number] = [0, 0];
  for (let row = top; row <= bottom; row += 1) {
    const yc = row + 0.5;
    span[0] = Number.POSITIVE_INFINITY;
    span[1] = Number.NEGATIVE_INFINITY;
    circleSpan(ax, ay, r, yc, span);
    circleSpan(bx, by, r, yc, span);
    bandSpan(ax, ay, bx, by, r, yc, span);
    if (span[0] > span[1]) continue;
    const filled = fillSpan(raster, row, span[0], span[1], value);
    if (filled) dirty = unionDirty(dirty, { x0: filled[0], y0: row, x1: filled[1], y1: row + 1 });
  }
  return dirty;
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
