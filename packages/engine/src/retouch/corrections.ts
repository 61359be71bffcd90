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
 * Tone evening: colour blotches (redness, patches) narrower than face width / 24 are taken out of
 * the chroma, and low-contrast luma patches are evened by an edge-preserving smooth at face width /
 * 15 (shading and folds, which have contrast, stay). `amount` 0..1.
 */
export function evenTone(planes: TPlanes, weight: Float32Array, faceWidth: number, amount: number): void {
  if (amount <= 0) return;
  const { width: w, height: h, c } = planes;
  const n = w * h;
  const L = lumaPlane(c);
  const radius = Math.max(2, faceWidth / 24);
  const den = lowPass(weight, w, h, radius);
  // Colour that comes with shading (a crease, a fold, the shadow beside the nose) is the face's
  // shape, not a blotch: where the luma departs from its surroundings the chroma stays.
  const Lbroad = weightedLowPass(L, weight, w, h, radius, den);
  const flat = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = Math.min(1, Math.abs(L[i]! - Lbroad[i]!) / Math.max(0.05, Lbroad[i]!) / 0.12);
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

/** Separable max (or min, with `sign` −1) filter of radius r: a grey dilation (erosion). */
function rankFilter(p: Float32Array, w: number, h: number, r: number, sign: 1 | -1): Float32Array {
  const tmp = new Float32Array(p.length);
  const out = new Float32Array(p.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = Number.NEGATIVE_INFINITY;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++)
        m = Math.max(m, sign * p[y * w + k]!);
      tmp[y * w + x] = m;
    }
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h; y++) {
      let m = Number.NEGATIVE_INFINITY;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) m = Math.max(m, tmp[k * w + x]!);
      out[y * w + x] = sign * m;
    }
  return out;
}

/**
 * How line-like a bright structure of `p` is at each pixel, 0..1: the Hessian (at σ = `sigma`)
 * curves strongly across a ridge and little along it; a dot curves both ways.
 */
function ridgeness(p: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const s = lowPass(p, w, h, sigma * Math.sqrt(3));
  const out = new Float32Array(p.length);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      // Negated: a ridge (a local maximum across) curves downwards.
      const xx = 2 * s[i]! - s[i + 1]! - s[i - 1]!;
      const yy = 2 * s[i]! - s[i + w]! - s[i - w]!;
      const xy = -(s[i + w + 1]! - s[i + w - 1]! - s[i - w + 1]! + s[i - w - 1]!) / 4;
      const half = (xx + yy) / 2;
      const root = Math.sqrt(((xx - yy) * (xx - yy)) / 4 + xy * xy);
      const l1 = half + root;
      const l2 = half - root;
      if (l1 <= 0) continue;
      const anisotropy = (l1 - Math.abs(l2)) / (l1 + Math.abs(l2));
      const t = Math.min(1, Math.max(0, (anisotropy - 0.12) / 0.33));
      out[i] = t * t * (3 - 2 * t);
    }
  return out;
}

/**
 * Fine lines: thin dark lines of low contrast (crow's feet, forehead and under-eye lines) are
 * filled in from the skin beside them. A grey closing (dilation then erosion, radius face width /
 * 100) fills every dark structure narrower than about twice that — its difference from the skin
 * (the black top-hat) is exactly those structures; of them only the line-like ones are lifted
 * (pores and spots are round: they are the grain, and the spot control's). Deep folds are wider
 * than the closing and stay; any dark structure deeper than ~9% of its skin is a fold's edge and
 * fades out too. `amount` 0..1.
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
  const r = Math.max(1, Math.round(faceWidth / 100));
  const closed = rankFilter(rankFilter(L, w, h, r, 1), w, h, r, -1);
  const hat = new Float32Array(L.length);
  for (let i = 0; i < L.length; i++) hat[i] = Math.max(0, closed[i]! - L[i]!);
  const lineness = ridgeness(hat, w, h, Math.max(1, faceWidth / 250));
  for (let i = 0; i < L.length; i++) {
    const m = weight[i]!;
    const dark = hat[i]!;
    if (m <= 0 || dark <= 0) continue;
    const depth = dark / Math.max(0.1, closed[i]!);
    const keep = depth < 0.06 ? 1 : depth > 0.1 ? 0 : 1 - (depth - 0.06) / 0.04;
    addLuma(c, i, m * amount * keep * lineness[i]! * dark);
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
 * Shine: oily specular highlights on the T-zone are brought down towards the skin around them and
 * take back the skin's colour the shine washed out. A pixel is shine as far as it is brighter than
 * the skin around it (face width / 150 against face width / 8) and greyer than that skin (a
 * specular reflection adds white light; the skin's own light parts keep their colour). The skin
 * around is estimated twice, the second time leaving the shine out, so a large shine does not
 * raise its own reference. `amount` 0..1.
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
  const spread = new Float32Array(n);
  for (let i = 0; i < n; i++)
    spread[i] = Math.max(c[0][i]!, c[1][i]!, c[2][i]!) - Math.min(c[0][i]!, c[1][i]!, c[2][i]!);
  const hi = lowPass(L, w, h, Math.max(1, faceWidth / 150));
  const hiSpread = lowPass(spread, w, h, Math.max(1, faceWidth / 150));
  const wide = Math.max(3, faceWidth / 8);
  const score = new Float32Array(n);
  let weights = skin;
  let base = weightedLowPass(L, weights, w, h, wide);
  let baseSpread = weightedLowPass(spread, weights, w, h, wide);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < n; i++) {
      const bright = (hi[i]! - base[i]! - 0.01) / 0.05;
      const grey = (1 - hiSpread[i]! / Math.max(0.02, baseSpread[i]!)) / 0.35;
      const b = Math.min(1, Math.max(0, bright));
      const g = Math.min(1, Math.max(0, grey));
      score[i] = b * (0.35 + 0.65 * g);
    }
    if (pass === 1) break;
    weights = skin.map((v, i) => v * (1 - score[i]!));
    base = weightedLowPass(L, weights, w, h, wide);
    baseSpread = weightedLowPass(spread, weights, w, h, wide);
  }
  const baseColour = [0, 1, 2].map((k) => weightedLowPass(c[k as 0 | 1 | 2], weights, w, h, wide));
  for (let i = 0; i < n; i++) {
    const z = zone[i]!;
    const s = score[i]!;
    if (z <= 0 || s <= 0) continue;
    const k = z * amount * s;
    const bl = Math.max(0.02, base[i]!);
    // The skin's own colour at a brightness a little above the skin around (a matte sheen stays).
    const target = Math.min(L[i]!, base[i]! + 0.01 + 0.3 * Math.max(0, L[i]! - base[i]!));
    for (let ch = 0; ch < 3; ch++) {
      const p = c[ch as 0 | 1 | 2];
      const own = baseColour[ch]![i]! * (target / bl);
      p[i] = p[i]! + k * (own - p[i]!);
    }
  }
}

/**
 * Runs `treat` on the part of the crop around where `zone` is non-zero (its bounding box grown by
 * `margin`), on copies of the planes, zone and skin cut to that box, and writes the planes back:
 * the under-eye and T-zone corrections blur only their own neighbourhood, not the whole face.
 */
export function onZone(
  planes: TPlanes,
  zone: Float32Array,
  skin: Float32Array,
  margin: number,
  treat: (sub: TPlanes, zone: Float32Array, skin: Float32Array) => void,
): void {
  const { width: w, height: h } = planes;
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (zone[y * w + x]! <= 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0) return;
  const m = Math.ceil(margin);
  x0 = Math.max(0, x0 - m);
  y0 = Math.max(0, y0 - m);
  x1 = Math.min(w, x1 + m + 1);
  y1 = Math.min(h, y1 + m + 1);
  const sw = x1 - x0;
  const sh = y1 - y0;
  const cut = (p: Float32Array) => {
    const out = new Float32Array(sw * sh);
    for (let y = 0; y < sh; y++) out.set(p.subarray((y + y0) * w + x0, (y + y0) * w + x1), y * sw);
    return out;
  };
  const sub: TPlanes = {
    x0: 0,
    y0: 0,
    width: sw,
    height: sh,
    c: [cut(planes.c[0]), cut(planes.c[1]), cut(planes.c[2])],
  };
  treat(sub, cut(zone), cut(skin));
  for (let c = 0; c < 3; c++) {
    const p = planes.c[c as 0 | 1 | 2];
    const q = sub.c[c as 0 | 1 | 2];
    for (let y = 0; y < sh; y++) p.set(q.subarray(y * sw, (y + 1) * sw), (y + y0) * w + x0);
  }
}
