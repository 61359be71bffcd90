/**
 * A smooth, fold-free image warp limited to a painted area (face edit's built-in reshape).
 *
 * The caller describes where content should move with a few local controls (face-controls.ts):
 * groups of Gaussian "shifts" anchored on points (the jaw line) and elliptic "scales" around a
 * centre (eyes, nose, mouth). Their sum is the forward displacement D: content at p moves to
 * p + D(p). The output is sampled backwards — out(x) = in(x + u(x)) with u the inverse of D,
 * found by a few fixed-point steps on a coarse grid — and u is multiplied by a gate that is 1
 * deep inside the painted area and exactly 0 on and outside its edge and at the image border,
 * so nothing outside the mask moves. A guard scales the whole field down if its gradient (the
 * gate's slope included) could come near 1, so the map never folds or tears.
 */
import type { Mask, RgbImage } from "../image.ts";

export type TVec = readonly [number, number];

/** Content near `at` moves by `move` pixels; its reach is a Gaussian of `sigma` pixels. */
export interface TShift {
  at: TVec;
  move: TVec;
  sigma: number;
}

/**
 * Shifts that describe one continuous edit (a jaw line). Inside a group the moves are averaged by
 * their weights where the anchors overlap (so dense anchors do not add up) and fade as a Gaussian
 * beyond them.
 */
export interface TShiftGroup {
  shifts: TShift[];
}

/**
 * Content inside the ellipse (radii rx along `axis`, ry across it) around `centre` is scaled by
 * (1 + sx, 1 + sy) at the centre, fading smoothly to no change at the ellipse. Negative shrinks.
 */
export interface TScale {
  centre: TVec;
  /** Unit vector of the ellipse's first axis (the face's left–right direction). */
  axis: TVec;
  rx: number;
  ry: number;
  sx: number;
  sy: number;
}

/**
 * One side of a face's outline moved across the face (a jaw line slimmed or widened). In the
 * frame of `origin` (a point on the face's midline), `axis` (across) and `down`, a point at height
 * v and signed distance h from the midline, on this side (sign(h) = `side`), moves along the axis
 * by m(v)·ψ(|h| / c(v)), where c(v) is the outline's distance from the midline at that height and
 * m(v) its move (both interpolated linearly between `levels`, zero above and below them). ψ is 0
 * up to `inner` (the middle of the face stays), rises smoothly to 1 at the outline and falls
 * smoothly back to 0 at 1 + `outer` (the background beyond is only pulled along a little).
 */
export interface TOutlineSide {
  origin: TVec;
  axis: TVec;
  down: TVec;
  side: 1 | -1;
  /** Heights v along `down`, ascending. */
  levels: number[];
  /** The outline's distance from the midline at each level (> 0). */
  reach: number[];
  /** The signed move along `axis` at each level (+ away from the midline on this side). */
  moves: number[];
  inner: number;
  outer: number;
}

export interface TWarpControls {
  groups: TShiftGroup[];
  scales: TScale[];
  outlines?: TOutlineSide[];
}

const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** The outline profile ψ at ratio r = |h| / c. */
function outlineWeight(r: number, inner: number, outer: number): number {
  if (r <= inner) return 0;
  if (r <= 1) return smoothstep((r - inner) / (1 - inner));
  return 1 - smoothstep((r - 1) / outer);
}

function outlineMove(o: TOutlineSide, x: number, y: number): number {
  const dx = x - o.origin[0];
  const dy = y - o.origin[1];
  const h = (dx * o.axis[0] + dy * o.axis[1]) * o.side;
  if (h <= 0) return 0;
  const v = dx * o.down[0] + dy * o.down[1];
  const { levels } = o;
  const last = levels.length - 1;
  if (v <= levels[0]! || v >= levels[last]!) return 0;
  let k = 0;
  while (k < last - 1 && levels[k + 1]! <= v) k++;
  const t = (v - levels[k]!) / (levels[k + 1]! - levels[k]! || 1);
  const c = o.reach[k]! + t * (o.reach[k + 1]! - o.reach[k]!);
  const m = o.moves[k]! + t * (o.moves[k + 1]! - o.moves[k]!);
  if (m === 0 || c <= 0) return 0;
  return m * outlineWeight(h / c, o.inner, o.outer);
}

/**
 * The largest gradient the warp may have: below 1 the map x → x + u(x) cannot fold. The bound it is
 * held to (gradientBound: one-sided slopes of the bilinear field, Frobenius norm) is conservative,
 * so the true gradient stays well under this; at 0.75 content is at most 1.75× compressed or 4×
 * stretched in theory, far less in practice, and only in small areas.
 */
export const MAX_WARP_GRADIENT = 0.75;

/** Forward displacement D at (x, y), written into out[0..1]. */
export function forwardDisplacement(controls: TWarpControls, x: number, y: number, out: Float64Array): void {
  let dx = 0;
  let dy = 0;
  for (const group of controls.groups) {
    let s = 0;
    let vx = 0;
    let vy = 0;
    for (const shift of group.shifts) {
      const ex = x - shift.at[0];
      const ey = y - shift.at[1];
      const d2 = ex * ex + ey * ey;
      const s2 = shift.sigma * shift.sigma;
      if (d2 > 16 * s2) continue;
      const phi = Math.exp(-d2 / (2 * s2));
      s += phi;
      vx += phi * shift.move[0];
      vy += phi * shift.move[1];
    }
    if (s === 0) continue;
    // A smooth max(1, s): averages where anchors overlap, decays like the Gaussian beyond them.
    const norm = Math.sqrt(Math.sqrt(1 + s * s * s * s));
    dx += vx / norm;
    dy += vy / norm;
  }
  for (const outline of controls.outlines ?? []) {
    const m = outlineMove(outline, x, y) * outline.side;
    dx += m * outline.axis[0];
    dy += m * outline.axis[1];
  }
  for (const scale of controls.scales) {
    const vx = x - scale.centre[0];
    const vy = y - scale.centre[1];
    const [ax, ay] = scale.axis;
    const a = vx * ax + vy * ay;
    const b = -vx * ay + vy * ax;
    const r2 = (a / scale.rx) ** 2 + (b / scale.ry) ** 2;
    if (r2 >= 1) continue;
    const f = (1 - r2) * (1 - r2);
    const da = scale.sx * a * f;
    const db = scale.sy * b * f;
    dx += da * ax - db * ay;
    dy += da * ay + db * ax;
  }
  out[0] = dx;
  out[1] = dy;
}

/** A backward displacement on a grid: out(x) = in(x + u(x)), before the gate. */
export interface TWarpGrid {
  /** Image pixel of node (0, 0). */
  x0: number;
  y0: number;
  step: number;
  cols: number;
  rows: number;
  ux: Float32Array;
  uy: Float32Array;
}

/**
 * u = D⁻¹ − id on a grid over [x0, x1) × [y0, y1): three fixed-point steps u ← −D(x + u), exact
 * enough for displacements whose gradient is well below 1.
 */
export function backwardGrid(
  controls: TWarpControls,
  region: { x0: number; y0: number; x1: number; y1: number },
  step: number,
): TWarpGrid {
  const cols = Math.max(2, Math.ceil((region.x1 - region.x0) / step) + 1);
  const rows = Math.max(2, Math.ceil((region.y1 - region.y0) / step) + 1);
  const ux = new Float32Array(cols * rows);
  const uy = new Float32Array(cols * rows);
  const d = new Float64Array(2);
  for (let j = 0; j < rows; j++) {
    const y = region.y0 + j * step;
    for (let i = 0; i < cols; i++) {
      const x = region.x0 + i * step;
      let u = 0;
      let v = 0;
      for (let k = 0; k < 4; k++) {
        forwardDisplacement(controls, x + u, y + v, d);
        u = -d[0]!;
        v = -d[1]!;
      }
      ux[j * cols + i] = u;
      uy[j * cols + i] = v;
    }
  }
  return { x0: region.x0, y0: region.y0, step, cols, rows, ux, uy };
}

/** Bilinear read of the grid's u at image pixel (x, y), into out[0..1] (zero off the grid). */
export function gridAt(grid: TWarpGrid, x: number, y: number, out: Float64Array): void {
  const gx = (x - grid.x0) / grid.step;
  const gy = (y - grid.y0) / grid.step;
  if (gx < 0 || gy < 0 || gx > grid.cols - 1 || gy > grid.rows - 1) {
    out[0] = 0;
    out[1] = 0;
    return;
  }
  const i = Math.min(grid.cols - 2, Math.floor(gx));
  const j = Math.min(grid.rows - 2, Math.floor(gy));
  const fx = gx - i;
  const fy = gy - j;
  const k = j * grid.cols + i;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const c = grid.cols;
  out[0] = w00 * grid.ux[k]! + w10 * grid.ux[k + 1]! + w01 * grid.ux[k + c]! + w11 * grid.ux[k + c + 1]!;
  out[1] = w00 * grid.uy[k]! + w10 * grid.uy[k + 1]! + w01 * grid.uy[k + c]! + w11 * grid.uy[k + c + 1]!;
}

/** The largest displacement on the grid, in pixels. */
export function maxDisplacement(grid: TWarpGrid): number {
  let m = 0;
  for (let k = 0; k < grid.ux.length; k++) m = Math.max(m, Math.hypot(grid.ux[k]!, grid.uy[k]!));
  return m;
}

/**
 * An upper bound of the gated field's largest gradient norm, ‖∇(g·u)‖ ≤ g·‖∇u‖ + |u|·|∇g|, for
 * the gate g = smoothstep(d / radius) of the distance map d (gateFromDistance). ‖∇u‖ is the
 * spectral norm of the grid's central differences; since d changes by at most one pixel per
 * pixel, g and |∇g| = 6t(1 − t)/radius are bounded exactly over each cell from d at its node.
 * Returns the worst node's bound and its intrinsic part (g·‖∇u‖).
 */
export function gradientBound(
  grid: TWarpGrid,
  distance: TGate,
  radius: number,
): { bound: number; intrinsic: number } {
  const { cols, rows, step, ux, uy } = grid;
  const r = Math.max(1, radius);
  const reach = step * Math.SQRT2;
  let worst = 0;
  let intrinsic = 0;
  for (let j = 0; j < rows; j++) {
    const y = grid.y0 + j * step;
    for (let i = 0; i < cols; i++) {
      const x = grid.x0 + i * step;
      const d = gateAt(
        distance,
        Math.min(x, distance.x0 + distance.width - 1),
        Math.min(y, distance.y0 + distance.height - 1),
      );
      const hi = Math.min(1, (d + reach) / r);
      if (hi <= 0) continue;
      const lo = Math.max(0, (d - reach) / r);
      const g = hi * hi * (3 - 2 * hi);
      // 6t(1 − t) peaks at t = 0.5; over [lo, hi] its largest value is at the point nearest 0.5.
      const t = Math.min(hi, Math.max(lo, 0.5));
      const slope = (6 * t * (1 - t)) / r;
      const k = j * cols + i;
      const il = i > 0 ? k - 1 : k;
      const ir = i < cols - 1 ? k + 1 : k;
      const ju = j > 0 ? k - cols : k;
      const jd = j < rows - 1 ? k + cols : k;
      // The field is bilinear between nodes, so inside a cell its slope is a one-sided
      // difference, up to twice a central one: take the steeper side of each node.
      const side = (p: Float32Array, q: number, m: number, o: number) =>
        Math.max(Math.abs(p[q]! - p[m]!), Math.abs(p[o]! - p[q]!)) / step;
      const a = side(ux, k, il, ir);
      const b = side(ux, k, ju, jd);
      const c = side(uy, k, il, ir);
      const e = side(uy, k, ju, jd);
      // The Frobenius norm bounds the spectral norm from above.
      const norm = Math.sqrt(a * a + b * b + c * c + e * e);
      const own = g * norm;
      // |u| anywhere in the cell: the node's plus what the gradient adds across it.
      const u = Math.hypot(ux[k]!, uy[k]!) + norm * reach;
      const bound = own + u * slope;
      if (bound > worst) worst = bound;
      if (own > intrinsic) intrinsic = own;
    }
  }
  return { bound: worst, intrinsic };
}

/** Multiplies the grid's field by `factor` in place. */
export function scaleGrid(grid: TWarpGrid, factor: number): void {
  for (let k = 0; k < grid.ux.length; k++) {
    grid.ux[k] = grid.ux[k]! * factor;
    grid.uy[k] = grid.uy[k]! * factor;
  }
}

/** A 0..1 weight over a box of the image (zero outside the box). */
export interface TGate {
  x0: number;
  y0: number;
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * Euclidean distance (pixels) from each pixel of the painted area to the nearest unpainted pixel,
 * over the painted area's bounding box; the image border counts as unpainted. Felzenszwalb and
 * Huttenlocher's exact transform, rows then columns.
 */
export function distanceInside(
  mask: Mask,
  threshold: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): TGate {
  // One unpainted pixel of padding on every side of the box.
  const width = box.x1 - box.x0 + 2;
  const height = box.y1 - box.y0 + 2;
  // Larger than any squared distance in the box, and small enough to keep the arithmetic exact.
  const FAR = 2 * (width + height) ** 2;
  const f = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const iy = box.y0 + y - 1;
    for (let x = 0; x < width; x++) {
      const ix = box.x0 + x - 1;
      const painted =
        ix >= 0 &&
        iy >= 0 &&
        ix < mask.width &&
        iy < mask.height &&
        mask.data[iy * mask.width + ix]! >= threshold;
      f[y * width + x] = painted ? FAR : 0;
    }
  }
  const n = Math.max(width, height);
  const line = new Float64Array(n);
  const result = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  // The lower envelope of the parabolas (q − p)² + line[p].
  const transform = (len: number) => {
    let k = 0;
    v[0] = 0;
    z[0] = Number.NEGATIVE_INFINITY;
    z[1] = Number.POSITIVE_INFINITY;
    for (let q = 1; q < len; q++) {
      let p = v[k]!;
      let s = (line[q]! + q * q - (line[p]! + p * p)) / (2 * q - 2 * p);
      while (s <= z[k]!) {
        k--;
        p = v[k]!;
        s = (line[q]! + q * q - (line[p]! + p * p)) / (2 * q - 2 * p);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = Number.POSITIVE_INFINITY;
    }
    k = 0;
    for (let q = 0; q < len; q++) {
      while (z[k + 1]! < q) k++;
      const p = v[k]!;
      result[q] = (q - p) * (q - p) + line[p]!;
    }
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) line[x] = f[y * width + x]!;
    transform(width);
    for (let x = 0; x < width; x++) f[y * width + x] = result[x]!;
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = f[y * width + x]!;
    transform(height);
    for (let y = 0; y < height; y++) f[y * width + x] = result[y]!;
  }
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) data[y * w + x] = Math.sqrt(f[(y + 1) * width + x + 1]!);
  return { x0: box.x0, y0: box.y0, width: w, height: h, data };
}

/**
 * A gate from a distance map: 0 on unpainted pixels, rising as a smoothstep to 1 at `radius`
 * pixels inside the edge. Its slope never exceeds 1.5 / radius.
 */
export function gateFromDistance(distance: TGate, radius: number): TGate {
  const data = new Float32Array(distance.data.length);
  const r = Math.max(1, radius);
  for (let i = 0; i < data.length; i++) {
    const d = distance.data[i]!;
    if (d <= 0) continue;
    const t = Math.min(1, d / r);
    data[i] = t * t * (3 - 2 * t);
  }
  return { ...distance, data };
}

export function gateAt(gate: TGate, x: number, y: number): number {
  const gx = x - gate.x0;
  const gy = y - gate.y0;
  if (gx < 0 || gy < 0 || gx >= gate.width || gy >= gate.height) return 0;
  return gate.data[gy * gate.width + gx]!;
}

/**
 * The warped image: a copy of `image` where, inside the gate's box, each pixel with a non-zero
 * gate is sampled bilinearly at x + gate·u(x). Pixels whose gate is 0 are copied unchanged.
 */
export function applyWarp(image: RgbImage, grid: TWarpGrid, gate: TGate): RgbImage {
  const { width, height, data: src } = image;
  const out = new Uint8Array(src);
  const u = new Float64Array(2);
  const maxX = width - 1;
  const maxY = height - 1;
  for (let gy = 0; gy < gate.height; gy++) {
    const y = gate.y0 + gy;
    for (let gx = 0; gx < gate.width; gx++) {
      const g = gate.data[gy * gate.width + gx]!;
      if (g <= 0) continue;
      const x = gate.x0 + gx;
      gridAt(grid, x, y, u);
      const sx = Math.min(maxX, Math.max(0, x + g * u[0]!));
      const sy = Math.min(maxY, Math.max(0, y + g * u[1]!));
      const ix = Math.min(maxX - 1, Math.floor(sx));
      const iy = Math.min(maxY - 1, Math.floor(sy));
      const fx = sx - ix;
      const fy = sy - iy;
      const a = (iy * width + ix) * 3;
      const b = a + 3;
      const c = a + width * 3;
      const d = c + 3;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const o = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        out[o + ch] = Math.round(
          w00 * src[a + ch]! + w10 * src[b + ch]! + w01 * src[c + ch]! + w11 * src[d + ch]!,
        );
      }
    }
  }
  return { data: out, width, height };
}
