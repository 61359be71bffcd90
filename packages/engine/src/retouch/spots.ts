/**
 * Blemish and spot removal (issue 24, the `blemish_removal` control): spots are found as small,
 * round, darker or redder blobs on the skin and healed from the skin around them — the spot's
 * colour and shading are filled in from its surroundings and a patch of the neighbouring skin's
 * own grain is laid over it — never blurred. Moles (much darker than a blemish, not red) and
 * everything elongated (folds, lines, the edge of a nostril) stay.
 */
import { blurPlane } from "../masks.ts";
import type { TPlanes } from "./planes.ts";

/** A Gaussian blur of standard deviation `sigma` (blurPlane's radius is σ·√3). */
export function gaussian(p: Float32Array, w: number, h: number, sigma: number): Float32Array {
  return blurPlane(p, w, h, sigma * Math.sqrt(3));
}

export interface TSpot {
  x: number;
  y: number;
  /** Radius of the healed disc, pixels. */
  radius: number;
  /** Darkness against the surrounding skin, 0..1 of its luma. */
  darkness: number;
  /** Extra redness (R − G, 0..1 scale) against the surrounding skin. */
  redness: number;
  kind: "blemish" | "mole";
}

/** Hessian eigenvalues' ratio λmin/λmax of `s` at pixel i (both signed for a dark blob: a minimum). */
function isotropy(s: Float32Array, w: number, i: number, sign: 1 | -1): number {
  const c = sign * s[i]!;
  const xx = sign * (s[i + 1]! + s[i - 1]!) - 2 * c;
  const yy = sign * (s[i + w]! + s[i - w]!) - 2 * c;
  const xy = (sign * (s[i + w + 1]! - s[i + w - 1]! - s[i - w + 1]! + s[i - w - 1]!)) / 4;
  const half = (xx + yy) / 2;
  const root = Math.sqrt(((xx - yy) * (xx - yy)) / 4 + xy * xy);
  const lmax = half + root;
  const lmin = half - root;
  return lmax > 0 ? lmin / lmax : 0;
}

export interface TFindSpotsInput {
  /** Luma 0..1 of the crop. */
  luma: Float32Array;
  /** R − G of the crop (redness), 0..1 units. */
  redness: Float32Array;
  /** 0..1: where a spot may be healed (bare skin away from eyes, brows, lips, nostrils, hairline). */
  allow: Float32Array;
  width: number;
  height: number;
  faceWidth: number;
  /** The control, 0..1: 0 finds nothing; higher finds fainter spots. */
  amount: number;
}

interface TCandidate {
  x: number;
  y: number;
  sigma: number;
  score: number;
  /** Index of the scale it was found at. */
  scale: number;
}

/**
 * The spots to heal. At three scales (σ = face width / 170, / 110, / 70) a difference of
 * Gaussians finds places darker or redder than the skin 2.5σ around them; local maxima that are
 * round (Hessian eigenvalues of similar size: a fold or a line is not) and whose contrast with a
 * ring of skin around them stands out from that ring's own texture are spots. The contrast needed
 * falls as `amount` rises (4–9% darker, or 2.5–6.5% redder). Very dark spots that are not red are
 * moles and kept; where spots crowd (freckles) they are character too, unless `amount` is high.
 */
export function findSpots(input: TFindSpotsInput): TSpot[] {
  const { luma, redness, allow, width: w, height: h, faceWidth: fw, amount } = input;
  if (amount <= 0) return [];
  const n = w * h;
  const a = Math.min(1, amount);
  const minDark = 0.04 + 0.05 * (1 - a);
  const minRed = 0.025 + 0.04 * (1 - a);
  const candidates: TCandidate[] = [];
  const details: Array<{ dark: Float32Array; red: Float32Array; l1: Float32Array; r1: Float32Array }> = [];
  const scales = [fw / 170, fw / 110, fw / 70].map((v) => Math.max(0.8, v));
  scales.forEach((sigma, scale) => {
    const l1 = gaussian(luma, w, h, sigma);
    const l3 = gaussian(luma, w, h, sigma * 2.5);
    const r1 = gaussian(redness, w, h, sigma);
    const r3 = gaussian(redness, w, h, sigma * 2.5);
    // Detail at this scale: darkness (relative) and redness above the surroundings.
    const dark = new Float32Array(n);
    const red = new Float32Array(n);
    const score = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      dark[i] = (l3[i]! - luma[i]!) / Math.max(0.08, l3[i]!);
      red[i] = redness[i]! - r3[i]!;
      if (allow[i]! < 0.5) continue;
      const d = (l3[i]! - l1[i]!) / Math.max(0.08, l3[i]!);
      score[i] = Math.max(d / minDark, (r1[i]! - r3[i]!) / minRed);
    }
    details.push({ dark, red, l1, r1 });
    const margin = Math.max(1, Math.ceil(sigma));
    for (let y = margin; y < h - margin; y++) {
      for (let x = margin; x < w - margin; x++) {
        const i = y * w + x;
        // The DoG at this scale only proposes; the disc-and-ring test below decides.
        const v = score[i]!;
        if (v < 0.6) continue;
        let isMax = true;
        for (let dy = -1; dy <= 1 && isMax; dy++)
          for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && score[i + dy * w + dx]! > v) isMax = false;
        if (!isMax) continue;
        if (Math.max(isotropy(l1, w, i, 1), isotropy(r1, w, i, -1)) < 0.4) continue;
        candidates.push({ x, y, sigma, score: v, scale });
      }
    }
  });
  candidates.sort((p, q) => q.score - p.score);
  const spots: Array<TSpot & { red: boolean }> = [];
  for (const c of candidates) {
    const radius = Math.max(1.5, c.sigma * 2);
    if (spots.some((s) => Math.hypot(s.x - c.x, s.y - c.y) < (s.radius + radius) * 0.8)) continue;
    const { dark, red, l1, r1 } = details[c.scale]!;
    // The spot's own contrast (its centre) against the skin's detail around it (a ring of allowed skin).
    const centre = discStats(dark, red, l1, r1, allow, w, h, c.x, c.y, 0, Math.max(1, radius * 0.6));
    const ring = discStats(dark, red, l1, r1, allow, w, h, c.x, c.y, radius * 1.5, radius * 3);
    if (!centre || !ring) continue;
    const darkness = centre.dark - ring.dark;
    const redExtra = centre.red - ring.red;
    // A spot stands out from skin all round it: the ring is mostly skin (not the face's edge, the
    // hairline or a brow) and every quarter of it is lighter (or less red) than the centre. Shading
    // that darkens towards one side (a cheek turning from the light, a temple) is not a spot, and
    // filling it leaves a pale disc. The quarters are judged on the smoothed luma and redness
    // themselves, where a slope shows (the detail planes have taken it out).
    if (ring.coverage < MIN_RING_COVERAGE) continue;
    const level = Math.max(0.08, centre.level);
    const isDark =
      darkness >= minDark &&
      darkness >= 2.2 * ring.darkStd &&
      ring.sectorLevel.every((v) => (v - centre.level) / level >= 0.5 * minDark);
    const isRed =
      redExtra >= minRed &&
      redExtra >= 2.2 * ring.redStd &&
      ring.sectorRedLevel.every((v) => centre.redLevel - v >= 0.5 * minRed);
    if (!isDark && !isRed) continue;
    // Red (inflamed) spots are blemishes. A dark spot that is not red is a mole when it is far
    // darker than a blemish (character: it stays); a fainter brown mark is a spot, healed only when
    // the control is high (DARK_SPOTS_FROM), so freckles and moles stay at the styles' defaults.
    // Nothing far darker than its skin is a blemish (acne is rarely 20% darker; moles, nostrils and
    // the corners of the eyes are), however red.
    const kind: TSpot["kind"] = darkness <= 0.2 && (isRed || a >= DARK_SPOTS_FROM) ? "blemish" : "mole";
    spots.push({
      x: c.x,
      y: c.y,
      radius,
      darkness: Math.max(0, darkness),
      redness: Math.max(0, redExtra),
      kind,
      red: isRed,
    });
  }
  // Crowded dark spots are freckles or stubble, and crowded faint red ones a flush: the skin's
  // character. Only a high control heals a crowd of red spots (a breakout).
  const reach = fw / 8;
  return spots
    .filter((s) => {
      const crowd = spots.filter((t) => Math.hypot(s.x - t.x, s.y - t.y) < reach).length;
      return crowd <= 5 || (s.red && a >= DARK_SPOTS_FROM);
    })
    .map(({ red: _red, ...spot }) => spot);
}

/** From this control value up, faint brown marks (not only red blemishes) are healed too. */
const DARK_SPOTS_FROM = 0.85;

/** The share of a spot's ring that must be healable skin. */
const MIN_RING_COVERAGE = 0.75;

/** Mean darkness and redness over an annulus, and their spread, over allowed pixels only. */
function discStats(
  dark: Float32Array,
  red: Float32Array,
  luma: Float32Array,
  redness: Float32Array,
  allow: Float32Array,
  w: number,
  h: number,
  cx: number,
  cy: number,
  r0: number,
  r1: number,
): TDiscStats | null {
  let d = 0;
  let d2 = 0;
  let r = 0;
  let r2 = 0;
  let n = 0;
  let all = 0;
  let lv = 0;
  let rv = 0;
  // Per quarter (right, below, left, above): sums and counts.
  const sd = [0, 0, 0, 0];
  const sr = [0, 0, 0, 0];
  const sn = [0, 0, 0, 0];
  const R = Math.ceil(r1);
  for (let y = Math.max(0, cy - R); y <= Math.min(h - 1, cy + R); y++) {
    for (let x = Math.max(0, cx - R); x <= Math.min(w - 1, cx + R); x++) {
      const q = (x - cx) ** 2 + (y - cy) ** 2;
      if (q < r0 * r0 || q > r1 * r1) continue;
      all++;
      const i = y * w + x;
      if (allow[i]! < 0.5 && r0 > 0) continue;
      d += dark[i]!;
      d2 += dark[i]! * dark[i]!;
      r += red[i]!;
      r2 += red[i]! * red[i]!;
      lv += luma[i]!;
      rv += redness[i]!;
      n++;
      const dx = x - cx;
      const dy = y - cy;
      const sector = Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 0 : 2) : dy >= 0 ? 1 : 3;
      sd[sector] = sd[sector]! + luma[i]!;
      sr[sector] = sr[sector]! + redness[i]!;
      sn[sector] = sn[sector]! + 1;
    }
  }
  if (n < 3) return null;
  const md = d / n;
  const mr = r / n;
  return {
    dark: md,
    red: mr,
    darkStd: Math.sqrt(Math.max(0, d2 / n - md * md)),
    redStd: Math.sqrt(Math.max(0, r2 / n - mr * mr)),
    level: lv / n,
    redLevel: rv / n,
    // A quarter with no skin in it reads as the mean (the coverage test judges it).
    sectorLevel: sd.map((v, k) => (sn[k]! > 0 ? v / sn[k]! : lv / n)),
    sectorRedLevel: sr.map((v, k) => (sn[k]! > 0 ? v / sn[k]! : rv / n)),
    coverage: all > 0 ? n / all : 0,
  };
}

interface TDiscStats {
  dark: number;
  red: number;
  darkStd: number;
  redStd: number;
  /** Mean smoothed luma and redness. */
  level: number;
  redLevel: number;
  /** The same per quarter of the annulus (right, below, left, above). */
  sectorLevel: number[];
  sectorRedLevel: number[];
  /** The share of the annulus's pixels that are allowed skin. */
  coverage: number;
}

/**
 * Heals the blemishes among `spots` in `planes` (in place), `strength` 0..1: inside each spot's
 * soft disc, the colour and shading become those of the skin around it (a normalised convolution
 * that leaves every spot out) and the grain is the neighbouring skin's, taken from beside the spot
 * on the side that is most surely skin. Each spot is worked in a window a few radii wide, so the
 * cost follows the spots, not the photo. Returns the per-pixel heal weight (0..1) it used.
 */
export function healSpots(
  planes: TPlanes,
  spots: readonly TSpot[],
  allow: Float32Array,
  strength: number,
): Float32Array {
  const { width: w, height: h } = planes;
  const weight = new Float32Array(w * h);
  const blemishes = spots.filter((s) => s.kind === "blemish");
  if (blemishes.length === 0 || strength <= 0) return weight;
  const disc = (spot: TSpot, x: number, y: number) => {
    const d = Math.hypot(x - spot.x, y - spot.y) / spot.radius;
    // Full inside the radius, fading to nothing at 1.5 radii.
    return d <= 1 ? 1 : d >= 1.5 ? 0 : 0.5 + 0.5 * Math.cos(((d - 1) / 0.5) * Math.PI);
  };
  for (const spot of blemishes) {
    const R = Math.ceil(spot.radius * 1.5);
    for (let y = Math.max(0, Math.floor(spot.y) - R); y <= Math.min(h - 1, Math.ceil(spot.y) + R); y++)
      for (let x = Math.max(0, Math.floor(spot.x) - R); x <= Math.min(w - 1, Math.ceil(spot.x) + R); x++) {
        const v = disc(spot, x, y);
        const i = y * w + x;
        if (v > weight[i]!) weight[i] = v;
      }
  }
  for (const spot of blemishes) {
    const side = pickSide(allow, w, h, spot);
    const reach = Math.ceil(spot.radius * 4 + Math.hypot(side[0], side[1]));
    const wx0 = Math.max(0, Math.floor(spot.x) - reach);
    const wy0 = Math.max(0, Math.floor(spot.y) - reach);
    const wx1 = Math.min(w, Math.ceil(spot.x) + reach + 1);
    const wy1 = Math.min(h, Math.ceil(spot.y) + reach + 1);
    const ww = wx1 - wx0;
    const wh = wy1 - wy0;
    if (ww < 3 || wh < 3) continue;
    const m = ww * wh;
    // Where the fill may read: skin, outside every spot's disc.
    const clean = new Float32Array(m);
    for (let y = 0; y < wh; y++)
      for (let x = 0; x < ww; x++) {
        const i = (y + wy0) * w + x + wx0;
        clean[y * ww + x] = allow[i]! * (weight[i]! > 0.05 ? 0 : 1);
      }
    const sigma = Math.max(1.5, spot.radius * 1.2);
    const den = gaussian(clean, ww, wh, sigma);
    const fineSigma = Math.max(0.7, spot.radius * 0.25);
    for (let c = 0; c < 3; c++) {
      const p = planes.c[c as 0 | 1 | 2];
      const local = new Float32Array(m);
      for (let y = 0; y < wh; y++) local.set(p.subarray((y + wy0) * w + wx0, (y + wy0) * w + wx1), y * ww);
      const num = new Float32Array(m);
      for (let i = 0; i < m; i++) num[i] = local[i]! * clean[i]!;
      const fill = gaussian(num, ww, wh, sigma);
      const low = gaussian(local, ww, wh, fineSigma);
      for (let y = 0; y < wh; y++)
        for (let x = 0; x < ww; x++) {
          const k = disc(spot, x + wx0, y + wy0) * strength;
          const j = y * ww + x;
          if (k <= 0 || den[j]! < 1e-3) continue;
          // The neighbour's grain: its detail finer than fineSigma.
          const sx = Math.min(ww - 1, Math.max(0, Math.round(x + side[0])));
          const sy = Math.min(wh - 1, Math.max(0, Math.round(y + side[1])));
          const s2 = sy * ww + sx;
          const healed = fill[j]! / den[j]! + (local[s2]! - low[s2]!);
          const i = (y + wy0) * w + x + wx0;
          p[i] = local[j]! + k * (healed - local[j]!);
        }
    }
  }
  for (let i = 0; i < weight.length; i++) weight[i] = weight[i]! * strength;
  return weight;
}

/** The offset (dx, dy) to the side of the spot with the most skin, 2.4 radii away. */
function pickSide(allow: Float32Array, w: number, h: number, spot: TSpot): [number, number] {
  const d = spot.radius * 2.4;
  let best: [number, number] = [d, 0];
  let bestScore = -1;
  for (const [dx, dy] of [
    [d, 0],
    [-d, 0],
    [0, d],
    [0, -d],
    [d * 0.7, d * 0.7],
    [-d * 0.7, d * 0.7],
    [d * 0.7, -d * 0.7],
    [-d * 0.7, -d * 0.7],
  ] as const) {
    const x = Math.round(spot.x + dx);
    const y = Math.round(spot.y + dy);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    const score = allow[y * w + x]!;
    if (score > bestScore + 0.05) {
      bestScore = score;
      best = [dx, dy];
    }
  }
  return best;
}
