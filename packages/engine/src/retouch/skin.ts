import type { TFaceAnalysis } from "../face/analyze.ts";
import type { TRegionName } from "../face/regions.ts";
import { type BoxMask, createMask, type Mask, type RgbImage, resizeMaskToBox } from "../image.ts";
import { featherMask, growAndFeather, maskBounds, maxMasks } from "../masks.ts";
import type { TStyleParams } from "../style.ts";
import { boxMean, cropToPlanes, guidedFilterSelf, lowPass, luma, type TPlanes } from "./planes.ts";

/** The spec 02 §3 exclusion fields: true keeps that region exactly as it was. */
export interface TExclusions {
  upper_lip: boolean;
  lower_lip: boolean;
  left_eyebrow: boolean;
  right_eyebrow: boolean;
  nose: boolean;
  hair: boolean;
}

/**
 * At the photo's size, each kept as the box it is non-zero in (image.ts BoxMask): a weight covers a
 * face or a head, so whole-image masks would be mostly zeros (five of them took 20 bytes a pixel).
 */
export interface TRetouchPlan {
  /** Regions that must come out unchanged (eyes always), grown and feathered outward. */
  protect: BoxMask;
  /** Per-region blend weights 0..1, already multiplied by (1 − protect). */
  weights: { skin: BoxMask; lips: BoxMask; brows: BoxMask; hair: BoxMask };
  faceWidth: number;
}

function faceWidthOf(analysis: TFaceAnalysis): number {
  const widths = analysis.faces.map((f) => f.box[2]).sort((a, b) => b - a);
  return Math.max(16, widths[0] ?? 0);
}

/**
 * Which pixels each treatment may touch, given the job's exclusions. Built at the analysis' mask
 * size and scaled to the image (width × height) at the end, so the cost does not grow with the photo.
 */
export async function planRetouch(
  analysis: TFaceAnalysis,
  exclude: TExclusions,
  width = analysis.width,
  height = analysis.height,
): Promise<TRetouchPlan> {
  const { regions } = analysis;
  const mw = regions.skin.width;
  const mh = regions.skin.height;
  const faceWidth = faceWidthOf(analysis);
  const feather = Math.max(2, Math.round((faceWidth * mw) / analysis.width / 40));
  const excluded: TRegionName[] = ["eyes"];
  for (const name of ["upper_lip", "lower_lip", "left_eyebrow", "right_eyebrow", "nose", "hair"] as const) {
    if (exclude[name]) excluded.push(name);
  }
  const protect = growAndFeather(
    maxMasks(
      excluded.map((name) => regions[name]),
      mw,
      mh,
    ),
    feather,
  );
  const weigh = (names: TRegionName[], radius: number): Mask => {
    const kept = names.filter((name) => !excluded.includes(name));
    if (kept.length === 0) return createMask(mw, mh);
    const soft = featherMask(
      maxMasks(
        kept.map((name) => regions[name]),
        mw,
        mh,
      ),
      radius,
    );
    for (let i = 0; i < soft.data.length; i++) soft.data[i] = soft.data[i]! * (1 - protect.data[i]!);
    return soft;
  };
  const weights = {
    skin: weigh(["skin"], feather),
    lips: weigh(["upper_lip", "lower_lip"], Math.max(1, feather / 2)),
    brows: weigh(["left_eyebrow", "right_eyebrow"], Math.max(1, feather / 2)),
    hair: weigh(["hair"], feather),
  };
  const [protectFull, skin, lips, brows, hair] = await Promise.all(
    [protect, weights.skin, weights.lips, weights.brows, weights.hair].map((m) =>
      resizeMaskToBox(m, width, height),
    ),
  );
  return {
    protect: protectFull!,
    weights: { skin: skin!, lips: lips!, brows: brows!, hair: hair! },
    faceWidth,
  };
}

/** Replaces the finest band of `smooth` by `keep` × the finest band of `orig` (pores come back). */
function restoreTexture(
  smooth: Float32Array,
  orig: Float32Array,
  w: number,
  h: number,
  keep: number,
): Float32Array {
  // lowPass(smooth) + keep·(orig − lowPass(orig)), with the two blurs folded into one (it is linear).
  const mix = new Float32Array(smooth.length);
  for (let i = 0; i < mix.length; i++) mix[i] = smooth[i]! - keep * orig[i]!;
  const out = lowPass(mix, w, h, 1.5);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! + keep * orig[i]!;
  return out;
}

/** The finest band (pores, grain) of a plane: p − lowPass(p, 1.5). */
function fineBand(p: Float32Array, w: number, h: number): Float32Array {
  const low = lowPass(p, w, h, 1.5);
  for (let i = 0; i < low.length; i++) low[i] = p[i]! - low[i]!;
  return low;
}

/** Detail finer than about 2 px (the band quality/metrics.ts measures): x − lowPass(x, 2). */
function highPass2(x: Float32Array, w: number, h: number): Float32Array {
  const low = lowPass(x, w, h, 2);
  for (let i = 0; i < low.length; i++) low[i] = x[i]! - low[i]!;
  return low;
}

/**
 * The share of the finest band to put back so that, after the blend, the skin keeps `target` of
 * its own high-frequency energy (luma, detail finer than ~2 px, where the weight is ≥ 0.95).
 * The blended luma is A + k·B with A the blend without the fine band and B the blended fine band,
 * both linear, so the energy is a quadratic in k, solved exactly. Adapts to each face: how much
 * the smooth removed depends on the skin's own texture, the face size and the noise.
 */
export function solveTextureKeep(
  origLuma: Float32Array,
  smoothLuma: Float32Array,
  fineLuma: Float32Array,
  blend: Float32Array,
  w: number,
  h: number,
  target: number,
): number {
  const a = new Float32Array(origLuma.length);
  const b = new Float32Array(origLuma.length);
  for (let i = 0; i < a.length; i++) {
    a[i] = origLuma[i]! + blend[i]! * (smoothLuma[i]! - origLuma[i]!);
    b[i] = blend[i]! * fineLuma[i]!;
  }
  const ha = highPass2(a, w, h);
  const hb = highPass2(b, w, h);
  const ho = highPass2(origLuma, w, h);
  let top = 0;
  for (const v of blend) if (v > top) top = v;
  let aa = 0;
  let ab = 0;
  let bb = 0;
  let oo = 0;
  for (let i = 0; i < a.length; i++) {
    if (blend[i]! < 0.95 * top) continue;
    aa += ha[i]! * ha[i]!;
    ab += ha[i]! * hb[i]!;
    bb += hb[i]! * hb[i]!;
    oo += ho[i]! * ho[i]!;
  }
  if (bb <= 0 || oo <= 0) return 0;
  // bb·k² + 2·ab·k + aa − target·oo = 0, the larger root; no root: the k of least energy.
  const c = aa - target * oo;
  const disc = ab * ab - bb * c;
  const k = disc < 0 ? -ab / bb : (-ab + Math.sqrt(disc)) / bb;
  return Math.min(1.2, Math.max(0, k));
}

/**
 * Colour deviations narrower than face width / SPOT_FRACTION are blemishes; broader colour (a
 * blush is about a fifth of the face wide) is deliberate and kept.
 */
const SPOT_FRACTION = 30;

/**
 * Evens small colour blotches (redness, spots) and keeps deliberate colour (blush, contour): the
 * chroma (channel − luma) finer than `spotRadius` is taken out, so what is broad (a blush laid over
 * the cheek, contour shading) keeps its colour and only spot-sized deviations from it go. Returns
 * the per-channel correction to add. `orig` is the crop before smoothing.
 */
export function blemishCorrection(
  orig: readonly Float32Array[],
  w: number,
  h: number,
  spotRadius: number,
  amount: number,
): Float32Array[] {
  const [r, g, b] = orig as [Float32Array, Float32Array, Float32Array];
  const L = new Float32Array(r.length);
  for (let i = 0; i < L.length; i++) L[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
  return [r, g, b].map((channel) => {
    const chroma = new Float32Array(channel.length);
    for (let i = 0; i < chroma.length; i++) chroma[i] = channel[i]! - L[i]!;
    const broad = lowPass(chroma, w, h, spotRadius);
    for (let i = 0; i < chroma.length; i++) broad[i] = amount * (broad[i]! - chroma[i]!);
    return broad;
  });
}

/**
 * The guided filter's eps for this skin: its median local variance of the detail finer than r
 * (luma, box radius r, where the weight is high) times K_EPS, kept within ×0.5..×2 of the style's base. Variance below eps is
 * smoothed, so a fixed eps flattened a smooth selfie and left a high-contrast, textured face
 * (hard light, older skin) barely touched.
 */
function adaptiveEps(
  L: Float32Array,
  weight: Float32Array,
  w: number,
  h: number,
  r: number,
  base: number,
): number {
  // Of the detail finer than r only (luma minus its blur): the face's shading is not texture.
  const low = lowPass(L, w, h, r);
  const sq = new Float32Array(L.length);
  for (let i = 0; i < L.length; i++) sq[i] = (L[i]! - low[i]!) ** 2;
  const meanSq = boxMean(sq, w, h, r);
  const values: number[] = [];
  for (let i = 0; i < L.length; i += 3) if (weight[i]! > 0.9) values.push(meanSq[i]!);
  if (values.length < 50) return base;
  values.sort((a, b) => a - b);
  const median = values[values.length >> 1]!;
  return Math.min(2 * base, Math.max(0.5 * base, K_EPS * median));
}

/** eps over the skin's median texture variance (the smooth takes out up to about this much). */
const K_EPS = 3;

/** The weights over the crop, 0 where the crop reaches past the mask's box. */
function cropWeight(mask: BoxMask, planes: TPlanes): Float32Array {
  const out = new Float32Array(planes.width * planes.height);
  const { box } = mask;
  // The crop's columns that fall inside the box, in box coordinates.
  const from = Math.max(planes.x0, mask.x0);
  const to = Math.min(planes.x0 + planes.width, mask.x0 + box.width);
  if (to <= from) return out;
  for (let y = 0; y < planes.height; y++) {
    const by = y + planes.y0 - mask.y0;
    if (by < 0 || by >= box.height) continue;
    const src = by * box.width + (from - mask.x0);
    out.set(box.data.subarray(src, src + (to - from)), y * planes.width + (from - planes.x0));
  }
  return out;
}

function blendInto(target: TPlanes, treated: Float32Array[], weight: Float32Array, amount: number): void {
  for (let c = 0; c < 3; c++) {
    const t = target.c[c as 0 | 1 | 2];
    const s = treated[c]!;
    for (let i = 0; i < t.length; i++) {
      const w = weight[i]! * amount;
      if (w > 0) t[i] = t[i]! + w * (s[i]! - t[i]!);
    }
  }
}

function adjustSaturation(channels: Float32Array[], factor: number, lift: number): void {
  const [r, g, b] = channels as [Float32Array, Float32Array, Float32Array];
  for (let i = 0; i < r.length; i++) {
    const l = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
    r[i] = l + factor * (r[i]! - l) + lift * (1 - r[i]!);
    g[i] = l + factor * (g[i]! - l) + lift * (1 - g[i]!);
    b[i] = l + factor * (b[i]! - l) + lift * (1 - b[i]!);
  }
}

/** Runs one treatment on the crop around its weight mask and blends it into `target` in place. */
function treatRegion(
  target: RgbImage,
  weight: BoxMask,
  margin: number,
  amount: number,
  treat: (planes: TPlanes, weight: Float32Array, amount: number) => Float32Array[],
): void {
  if (amount <= 0) return;
  const inBox = maskBounds(weight.box, 0.002);
  if (!inBox) return;
  const [bx0, by0, bx1, by1] = inBox;
  const planes = cropToPlanes(
    target,
    Math.max(0, weight.x0 + bx0 - margin),
    Math.max(0, weight.y0 + by0 - margin),
    Math.min(target.width, weight.x0 + bx1 + margin),
    Math.min(target.height, weight.y0 + by1 + margin),
  );
  const crop = cropWeight(weight, planes);
  const treated = treat(planes, crop, amount);
  blendInto(planes, treated, crop, amount);
  // A clamped view rounds and clamps on store, which the loop would otherwise do per sample.
  const clamped = new Uint8ClampedArray(target.data.buffer, target.data.byteOffset, target.data.length);
  const [r, g, b] = planes.c;
  for (let y = 0; y < planes.height; y++) {
    let d = ((y + planes.y0) * target.width + planes.x0) * 3;
    let i = y * planes.width;
    for (let x = 0; x < planes.width; x++, d += 3, i++) {
      clamped[d] = r[i]! * 255;
      clamped[d + 1] = g[i]! * 255;
      clamped[d + 2] = b[i]! * 255;
    }
  }
}

/**
 * Skin retouch by frequency separation: an edge-preserving guided filter removes blemishes and
 * uneven tone, then the finest band (pores) is put back at the style's share, colour blotches are
 * evened without flattening the face's shading, and the result is blended through feathered masks.
 * Each treatment works on the crop around its own region only.
 */
export function applyRetouch(
  image: RgbImage,
  analysis: TFaceAnalysis,
  plan: TRetouchPlan,
  style: TStyleParams,
  strength: number,
): RgbImage {
  if (analysis.faces.length === 0 || strength <= 0) return image;
  const out: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
  const fw = plan.faceWidth;
  const r = Math.max(2, Math.round(fw / 28));
  const baseEps = 0.0022 * (0.5 + style.smoothing);
  const eps = baseEps;

  // Skin: the edge-preserving smooth's threshold follows this skin's own texture (eps from the
  // median local variance), small colour blotches are evened while broad colour stays, and the
  // finest band comes back at the share that leaves the style's target of the skin's HF energy.
  const hfTarget = Math.min(1, Math.max(0.3, 1 - strength * (1 - style.textureKeep)));
  treatRegion(
    out,
    plan.weights.skin,
    r * 3 + 4,
    Math.min(1, style.smoothing * strength),
    (planes, weight, amount) => {
      const { width: w, height: h } = planes;
      const L = luma(planes);
      const eps = adaptiveEps(L, weight, w, h, r, baseEps);
      const smooth = planes.c.map((p) => guidedFilterSelf(p, w, h, r, eps));
      if (style.toneEvening > 0) {
        const fix = blemishCorrection(
          planes.c,
          w,
          h,
          Math.max(2, fw / SPOT_FRACTION),
          Math.min(1, 0.5 + style.toneEvening),
        );
        for (let c = 0; c < 3; c++) {
          const o = smooth[c]!;
          const f = fix[c]!;
          for (let i = 0; i < o.length; i++) o[i] = o[i]! + f[i]!;
        }
      }
      adjustSaturation(smooth, 1 + style.skinSaturation, style.brighten);
      if (style.gloss > 0) {
        const base = lowPass(L, w, h, r * 2);
        const [sr, sg, sb] = smooth as [Float32Array, Float32Array, Float32Array];
        const gain = style.gloss * 0.06;
        for (let i = 0; i < base.length; i++) {
          const t = Math.min(1, Math.max(0, (base[i]! - 0.55) / 0.35));
          const add = gain * t * t;
          sr[i] = sr[i]! + add;
          sg[i] = sg[i]! + add;
          sb[i] = sb[i]! + add;
        }
      }
      // The finest band last: lowPass(smooth) + keep · fine(orig).
      const fines = planes.c.map((p) => fineBand(p, w, h));
      const lows = smooth.map((p) => lowPass(p, w, h, 1.5));
      const blend = new Float32Array(weight.length);
      for (let i = 0; i < blend.length; i++) blend[i] = weight[i]! * amount;
      const lowPlanes = { ...planes, c: lows as [Float32Array, Float32Array, Float32Array] };
      const finePlanes = { ...planes, c: fines as [Float32Array, Float32Array, Float32Array] };
      const keep = solveTextureKeep(L, luma(lowPlanes), luma(finePlanes), blend, w, h, hfTarget);
      for (let c = 0; c < 3; c++) {
        const lo = lows[c]!;
        const fi = fines[c]!;
        for (let i = 0; i < lo.length; i++) lo[i] = lo[i]! + keep * fi[i]!;
      }
      return lows;
    },
  );

  // Lips: lighter smoothing; makeup styles deepen and warm the colour.
  treatRegion(out, plan.weights.lips, r * 2 + 2, Math.min(1, 0.6 * strength), (planes) => {
    const { width: w, height: h } = planes;
    const lipOut = planes.c.map((p) =>
      restoreTexture(guidedFilterSelf(p, w, h, Math.max(1, r >> 1), eps * 0.5), p, w, h, 0.7),
    );
    adjustSaturation(lipOut, 1 + 0.6 * style.lipTint, 0);
    const red = lipOut[0]!;
    for (let i = 0; i < red.length; i++) red[i] = red[i]! + 0.025 * style.lipTint;
    return lipOut;
  });

  // Brows and hair: tidy stray texture a little; "chic" and male styles add clarity.
  const tidy = (radius: number) => (planes: TPlanes) =>
    planes.c.map((p) => {
      const { width: w, height: h } = planes;
      const smooth = guidedFilterSelf(p, w, h, radius, 0.0008);
      const low = lowPass(p, w, h, 3);
      for (let i = 0; i < smooth.length; i++)
        smooth[i] = smooth[i]! + style.clarity * 0.6 * (p[i]! - low[i]!);
      return smooth;
    });
  treatRegion(out, plan.weights.brows, r * 2 + 2, Math.min(1, 0.35 * strength), tidy(Math.max(1, r >> 1)));
  treatRegion(out, plan.weights.hair, r * 2 + 4, Math.min(1, 0.4 * strength), tidy(r));
  return out;
}
