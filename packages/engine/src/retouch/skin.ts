import type { TRetouchControls } from "@gyeol/shared/retouch";
import type { TFace, TFaceAnalysis } from "../face/analyze.ts";
import { SILHOUETTE } from "../face/mesh-indices.ts";
import type { TMesh, TRegionName } from "../face/regions.ts";
import { type BoxMask, createMask, type Mask, type RgbImage, resizeMaskToBox } from "../image.ts";
import { featherMask, growAndFeather, maskBounds, maxMasks } from "../masks.ts";
import type { TStyleParams } from "../style.ts";
import { evenTone, liftDarkCircles, onZone, reduceShine, softenFineLines } from "./corrections.ts";
import {
  boxMean,
  cropToPlanes,
  enlargePlane,
  guidedFilterSelf,
  lowPass,
  luma,
  shrinkPlane,
  type TPlanes,
} from "./planes.ts";
import { findSpots, healSpots } from "./spots.ts";
import { faceTerritory, faceZones, type TFaceZones, UNDER_EYE_REFERENCE } from "./zones.ts";

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
  /**
   * The regions the job excluded (not the eyes), grown and feathered: what the filters keep off.
   * The filters are a grade of the whole photo, so the eyes take it with the face around them (a
   * face lifted around unchanged eyes wears rings); null when the job excluded nothing.
   */
  excluded: BoxMask | null;
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
  const userExcluded = excluded.filter((name) => name !== "eyes");
  const excludedByUser =
    userExcluded.length > 0
      ? growAndFeather(
          maxMasks(
            userExcluded.map((name) => regions[name]),
            mw,
            mh,
          ),
          feather,
        )
      : null;
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
  // The skin's treatment never reaches the brows or the lips (issue 24: within ΔE 1 at 1×), even
  // when they are not excluded: their own treatment, if any, is the makeup pass's.
  const features = growAndFeather(
    maxMasks(
      (["left_eyebrow", "right_eyebrow", "upper_lip", "lower_lip"] as const).map((name) => regions[name]),
      mw,
      mh,
    ),
    Math.max(1, feather * 0.7),
  );
  const skinWeight = weigh(["skin"], feather);
  for (let i = 0; i < skinWeight.data.length; i++)
    skinWeight.data[i] = skinWeight.data[i]! * (1 - features.data[i]!);
  const weights = {
    skin: skinWeight,
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
    excluded: excludedByUser ? await resizeMaskToBox(excludedByUser, width, height) : null,
    weights: { skin: skin!, lips: lips!, brows: brows!, hair: hair! },
    faceWidth,
  };
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

/** What the skin retouch does to one face: the style's character and the fine-tuning controls. */
export interface TSkinSettings {
  style: TStyleParams;
  /** The style strength multiplier (0..1.5, default 1). */
  strength: number;
  controls: TRetouchControls;
}

/** The fine band's luma share needed so the blended skin keeps `target` of the input's HF energy. */
function solveKeep(
  reference: Float32Array,
  base: Float32Array,
  low: Float32Array,
  fine: Float32Array,
  blend: Float32Array,
  w: number,
  h: number,
  target: number,
): number {
  // X = base + m·(low + k·fine − base) = A + k·B.
  const a = new Float32Array(base.length);
  const b = new Float32Array(base.length);
  for (let i = 0; i < a.length; i++) {
    a[i] = base[i]! + blend[i]! * (low[i]! - base[i]!);
    b[i] = blend[i]! * fine[i]!;
  }
  const ha = highPass2(a, w, h);
  const hb = highPass2(b, w, h);
  const ho = highPass2(reference, w, h);
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
  const c = aa - target * oo;
  const disc = ab * ab - bb * c;
  const k = disc < 0 ? -ab / bb : (-ab + Math.sqrt(disc)) / bb;
  return Math.min(1.2, Math.max(0, k));
}

function smoothstep01(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/** The bounds of a face's silhouette (its mesh outline), image coordinates. */
function outlineBounds(mesh: TMesh): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const i of SILHOUETTE) {
    const [x, y] = mesh[i]!;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/** Mean of `plane` over a disc, weighted by `weight`; null where the disc holds no weight. */
function discMean(
  plane: Float32Array,
  weight: Float32Array,
  w: number,
  h: number,
  cx: number,
  cy: number,
  r: number,
): number | null {
  let sum = 0;
  let n = 0;
  const R = Math.ceil(r);
  for (let y = Math.max(0, Math.round(cy) - R); y <= Math.min(h - 1, Math.round(cy) + R); y++)
    for (let x = Math.max(0, Math.round(cx) - R); x <= Math.min(w - 1, Math.round(cx) + R); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      const i = y * w + x;
      sum += plane[i]! * weight[i]!;
      n += weight[i]!;
    }
  return n > 0.5 ? sum / n : null;
}

/**
 * The largest face width the spot finding and the shading and colour corrections are worked at:
 * larger faces are shrunk by a whole factor to at most this (they work on broad features; the
 * smooth, the healing and the grain stay at full resolution).
 */
const WORK_FACE_WIDTH = 256;
/** …and the crop it is worked on at most this many pixels. */
const WORK_PIXELS = 160_000;

/** A face's crop shrunk by an integer factor for the corrections: planes, skin weight and zones. */
interface TWorkCrop {
  k: number;
  planes: TPlanes;
  skin: Float32Array;
  zones: TFaceZones | null;
  /** The mesh in the small crop's coordinates. */
  mesh: TMesh;
}

function shrinkCrop(
  planes: TPlanes,
  skin: Float32Array,
  face: TFace,
  k: number,
  zones?: TFaceZones | null,
): TWorkCrop {
  const { width: w, height: h } = planes;
  const c = planes.c.map((p) => shrinkPlane(p, w, h, k).data) as TPlanes["c"];
  const small = shrinkPlane(skin, w, h, k);
  const mesh = face.mesh.map(
    ([x, y, z]) => [(x - planes.x0) / k, (y - planes.y0) / k, z / k] as [number, number, number],
  );
  return {
    k,
    planes: { x0: 0, y0: 0, width: small.width, height: small.height, c },
    skin: small.data,
    // The zones are geometry only: one crop's serve the next at the same size.
    zones:
      zones !== undefined ? zones : mesh.length > 0 ? faceZones(mesh, 0, 0, small.width, small.height) : null,
    mesh,
  };
}

/**
 * The shading and colour controls on the working copy: tone evened, fine lines softened, dark
 * circles lifted towards the cheek below each eye, T-zone shine lowered; each only inside the
 * face's skin (and its own zone). In place.
 */
function correctShading(work: TWorkCrop, fw: number, controls: TRetouchControls, strength: number): void {
  const { planes, skin, zones, mesh } = work;
  const { width: w, height: h } = planes;
  const n = w * h;
  evenTone(planes, skin, fw, Math.min(1, controls.tone_evening * strength));
  // The nose's creases and shading are its shape; lines are softened everywhere else.
  const lines = zones ? skin.map((v, i) => v * (1 - zones.nose.data[i]!)) : skin;
  softenFineLines(planes, lines, fw, Math.min(1, controls.wrinkle_softening * strength));
  if (!zones) return;
  const darkCircles = Math.min(1, controls.dark_circles * strength);
  if (darkCircles > 0) {
    const TL = luma(planes);
    const chromaPlanes = planes.c.map((p) => {
      const d = new Float32Array(n);
      for (let i = 0; i < n; i++) d[i] = p[i]! - TL[i]!;
      return d;
    });
    zones.underEyes.forEach((zone, side) => {
      const rr = Math.max(1.5, fw / 25);
      const values = UNDER_EYE_REFERENCE[side]!.map((index) => {
        const [px, py] = mesh[index]!;
        const l = discMean(TL, skin, w, h, px, py, rr);
        if (l === null) return null;
        const chroma = chromaPlanes.map((d) => discMean(d, skin, w, h, px, py, rr) ?? 0);
        return { luma: l, chroma };
      }).filter((v) => v !== null);
      if (values.length === 0) return;
      // The cheek at its brightest of the three points: a shadowed lower cheek is no standard.
      values.sort((p, q) => q.luma - p.luma);
      values.length = Math.min(values.length, 2);
      const reference = {
        luma: values.reduce((s, v) => s + v.luma, 0) / values.length,
        chroma: [0, 1, 2].map((k) => values.reduce((s, v) => s + v.chroma[k]!, 0) / values.length) as [
          number,
          number,
          number,
        ],
      };
      const weight = new Float32Array(n);
      for (let i = 0; i < n; i++) weight[i] = zone.data[i]! * Math.min(1, skin[i]! * 1.5);
      onZone(planes, weight, skin, fw / 10, (sub, subZone, subSkin) =>
        liftDarkCircles(sub, subZone, subSkin, reference, fw, darkCircles),
      );
    });
  }
  const shine = Math.min(1, controls.shine_reduction * strength);
  if (shine > 0) {
    const weight = new Float32Array(n);
    for (let i = 0; i < n; i++) weight[i] = zones.tZone.data[i]! * skin[i]!;
    onZone(planes, weight, skin, fw / 6, (sub, subZone, subSkin) =>
      reduceShine(sub, subZone, subSkin, fw, shine),
    );
  }
}

/**
 * One face's skin, in place in `out`: spots healed from the skin around them, an edge-preserving
 * smooth at the style's share, tone evened, fine lines softened, dark circles lifted and T-zone
 * shine lowered (the controls), the style's tone, then the skin's own grain put back at the share
 * that leaves the style's target of its high-frequency energy. Everything is blended through the
 * face's skin weight (its own territory only, so neighbours in a group photo are each done at their
 * own scale). Spot finding and the shading corrections run on a copy shrunk to a face width of
 * about WORK_FACE_WIDTH (they work on broad features), the smooth, the healing and the grain at
 * full resolution.
 */
function retouchFaceSkin(out: RgbImage, face: TFace, plan: TRetouchPlan, settings: TSkinSettings): void {
  const { style, strength, controls } = settings;
  const [bx, by, bw, bh] = face.box;
  const fw = Math.max(16, bw);
  // The crop: the face's outline (its skin lives inside, grown by the territory's margin) with
  // room for the widest blur; the detector's box is looser than the face, so it is the fallback.
  const frame =
    face.mesh.length > 0 ? outlineBounds(face.mesh) : { x0: bx, y0: by, x1: bx + bw, y1: by + bh };
  const margin = 0.2 * fw;
  const x0 = Math.max(0, Math.floor(frame.x0 - margin));
  const y0 = Math.max(0, Math.floor(frame.y0 - margin));
  const x1 = Math.min(out.width, Math.ceil(frame.x1 + margin));
  const y1 = Math.min(out.height, Math.ceil(frame.y1 + margin));
  if (x1 - x0 < 8 || y1 - y0 < 8) return;
  const planes = cropToPlanes(out, x0, y0, x1, y1);
  const { width: w, height: h } = planes;
  const n = w * h;
  const skin = cropWeight(plan.weights.skin, planes);
  if (face.mesh.length > 0) {
    const territory = faceTerritory(face.mesh, x0, y0, w, h);
    for (let i = 0; i < n; i++) skin[i] = skin[i]! * territory[i]!;
  }
  let top = 0;
  for (let i = 0; i < n; i++) if (skin[i]! > top) top = skin[i]!;
  if (top < 0.05) return;
  const origL = luma(planes);
  // The working copy: a face at most WORK_FACE_WIDTH wide, a crop of at most WORK_PIXELS.
  // (The face's own width, from its outline: the detector's box is looser.)
  const faceSpan = face.mesh.length > 0 ? frame.x1 - frame.x0 : fw;
  const k = Math.max(1, Math.ceil(faceSpan / WORK_FACE_WIDTH), Math.ceil(Math.sqrt(n / WORK_PIXELS)));
  const workFw = fw / k;

  // 1. Spots, found on the working copy, healed at full resolution from the skin around them.
  const blemish = Math.min(1, controls.blemish_removal * strength);
  let zones: TFaceZones | null | undefined;
  if (blemish > 0) {
    const work = shrinkCrop(planes, skin, face, k);
    zones = work.zones;
    const sn = work.planes.width * work.planes.height;
    const allow = new Float32Array(sn);
    for (let i = 0; i < sn; i++)
      allow[i] =
        smoothstep01((work.skin[i]! - 0.5) / 0.4) *
        (work.zones ? (1 - work.zones.lowerNose.data[i]!) * (1 - work.zones.eyeGuard.data[i]!) : 1);
    const redness = new Float32Array(sn);
    for (let i = 0; i < sn; i++) redness[i] = work.planes.c[0][i]! - work.planes.c[1][i]!;
    const spots = findSpots({
      luma: luma(work.planes),
      redness,
      allow,
      width: work.planes.width,
      height: work.planes.height,
      faceWidth: workFw,
      amount: blemish,
    }).map((spot) => ({
      ...spot,
      x: (spot.x + 0.5) * k - 0.5,
      y: (spot.y + 0.5) * k - 0.5,
      radius: spot.radius * k,
    }));
    if (spots.length > 0) {
      const allowFull = enlargePlane(allow, work.planes.width, work.planes.height, w, h);
      healSpots(planes, spots, allowFull, 1);
    }
  }
  // 2. The controls (tone, fine lines, dark circles, shine) on a working copy of the healed crop,
  //    added back as an enlarged change: the defects are fixed before the smooth and before the
  //    grain is taken, so neither brings them back.
  const work = shrinkCrop(planes, skin, face, k, zones);
  const before = work.planes.c.map((p) => p.slice());
  correctShading(work, workFw, controls, strength);
  for (let c = 0; c < 3; c++) {
    const delta = work.planes.c[c]!;
    let any = false;
    for (let i = 0; i < delta.length; i++) {
      delta[i] = delta[i]! - before[c]![i]!;
      if (delta[i] !== 0) any = true;
    }
    if (!any) continue;
    const full = enlargePlane(delta, work.planes.width, work.planes.height, w, h);
    const p = planes.c[c as 0 | 1 | 2];
    for (let i = 0; i < n; i++) p[i] = p[i]! + full[i]!;
  }
  const P0 = planes.c.map((p) => p.slice()) as TPlanes["c"];
  const L0 = luma(planes);

  // 3. The edge-preserving smooth at the style's share, at full resolution.
  const r = Math.max(2, Math.round(fw / 28));
  const eps = adaptiveEps(L0, skin, w, h, r, 0.0022 * (0.5 + style.smoothing));
  const a = Math.min(1, style.smoothing * strength);
  const T = P0.map((p) => {
    const s = guidedFilterSelf(p, w, h, r, eps);
    for (let i = 0; i < s.length; i++) s[i] = p[i]! + a * (s[i]! - p[i]!);
    return s;
  }) as TPlanes["c"];

  // 4. The style's own tone.
  adjustSaturation(
    T,
    1 + style.skinSaturation * Math.min(1, strength),
    style.brighten * Math.min(1, strength),
  );
  if (style.gloss > 0) {
    const TL = luma({ ...planes, c: T });
    const base = lowPass(TL, w, h, r * 2);
    const gain = style.gloss * 0.06 * Math.min(1, strength);
    for (let i = 0; i < n; i++) {
      const t = Math.min(1, Math.max(0, (base[i]! - 0.55) / 0.35));
      const add = gain * t * t;
      T[0][i] = T[0][i]! + add;
      T[1][i] = T[1][i]! + add;
      T[2][i] = T[2][i]! + add;
    }
  }

  // 5. The grain: lowPass(T) + keep · fine(P0), keep so the skin keeps the target of its HF energy.
  const hfTarget = Math.min(1, Math.max(0.3, 1 - strength * (1 - style.textureKeep)));
  const lows = T.map((p) => lowPass(p, w, h, 1.5)) as TPlanes["c"];
  const fines = P0.map((p) => fineBand(p, w, h)) as TPlanes["c"];
  const keep = solveKeep(
    origL,
    L0,
    luma({ ...planes, c: lows }),
    luma({ ...planes, c: fines }),
    skin,
    w,
    h,
    hfTarget,
  );
  // Blend: the healed crop everywhere, the treated skin through its weight.
  for (let c = 0; c < 3; c++) {
    const t = planes.c[c as 0 | 1 | 2];
    const lo = lows[c as 0 | 1 | 2];
    const fi = fines[c as 0 | 1 | 2];
    for (let i = 0; i < n; i++) {
      const m = skin[i]!;
      if (m > 0) t[i] = t[i]! + m * (lo[i]! + keep * fi[i]! - t[i]!);
    }
  }
  writePlanes(out, planes);
}

function writePlanes(target: RgbImage, planes: TPlanes): void {
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
 * The skin retouch of every face (largest first, each at its own scale), then what the style does
 * beyond the skin: clarity on the hair for the chic and male styles. The eyes, brows and lips are
 * not touched (issue 24: within ΔE 1 of the input); colour on the lips is the makeup pass's
 * (makeup.ts). Returns a new image; the input is not changed.
 */
export function applyRetouch(
  image: RgbImage,
  analysis: TFaceAnalysis,
  plan: TRetouchPlan,
  style: TStyleParams,
  strength: number,
  controls: TRetouchControls,
): RgbImage {
  if (analysis.faces.length === 0 || strength <= 0) return image;
  const out: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
  const settings: TSkinSettings = { style, strength, controls };
  for (const face of [...analysis.faces].sort((p, q) => q.box[2] - p.box[2]))
    retouchFaceSkin(out, face, plan, settings);
  if (style.clarity > 0.15) {
    const r = Math.max(2, Math.round(plan.faceWidth / 28));
    treatRegion(out, plan.weights.hair, r * 2 + 4, Math.min(1, strength), (planes) =>
      planes.c.map((p) => {
        const { width: w, height: h } = planes;
        const low = lowPass(p, w, h, 3);
        const sharp = new Float32Array(p.length);
        for (let i = 0; i < p.length; i++) sharp[i] = p[i]! + style.clarity * 0.6 * (p[i]! - low[i]!);
        return sharp;
      }),
    );
  }
  return out;
}
