/**
 * The held-back face-region check of issue 12, as a library: how much skin texture a retouch kept,
 * whether the regions it must not touch stayed as they were, and whether the person is still the
 * same person. Used by the engine's tests, `npm run engine:sheet` and the README's quality figures.
 *
 * Every figure compares the output with a Lanczos3 resize of the input to the output's size (at
 * 1× that is the input itself), so an enlarged result is judged against the plain enlargement.
 *
 * - Skin high-frequency ratio: mean squared luma detail finer than HF_RADIUS output pixels
 *   (luma − its near-Gaussian blur of radius 2), output ÷ reference, over the skin core: the skin
 *   mask at ≥ 0.95, eroded, minus the eyes, brows, lips and hair grown by 4% of the face width.
 *   1 = untouched, 0 = wax. The default style aims at 0.4–0.8.
 * - Visible texture: the input's own RMS of that band over the skin core, in 8-bit luma levels.
 *   Below VISIBLE_TEXTURE_RMS the skin is already flat (a beauty-camera selfie, a blurred or tiny
 *   face): its ratio says little (noise and JPEG blocks dominate) and is reported, not judged.
 * - Protected ΔE: CIEDE2000 (not ΔE76), mean per region over the pixels where the region's mask is
 *   above 0.5, for the eyes, any excluded region and the "untouched" area (far from every face
 *   region the retouch works on). The check is the largest of those means.
 * - Identity: cosine of the face descriptors (identity.ts) of input and output, the output brought
 *   back to the input's size first.
 */
import type { TFace, TFaceAnalysis } from "../face/analyze.ts";
import type { TRegionMasks, TRegionName } from "../face/regions.ts";
import { scoreIdentity } from "../identity.ts";
import { createMask, enlargeMask, type Mask, type RgbImage, resizeLanczos, resizeMask } from "../image.ts";
import { blurPlane, maxMasks } from "../masks.ts";

/** Detail finer than this many output pixels is the "high-frequency" band. */
export const HF_RADIUS = 2;
/** Input skin texture RMS (8-bit luma levels in the HF band) from which a face counts as textured. */
export const VISIBLE_TEXTURE_RMS = 1.2;
/** The default style's target band for the skin high-frequency ratio (issue 12). */
export const HF_RATIO_TARGET: readonly [number, number] = [0.4, 0.8];

function toLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** CIE L*a*b* (D65) of one 8-bit sRGB pixel. */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const R = toLinear(r);
  const G = toLinear(g);
  const B = toLinear(b);
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

const DEG = Math.PI / 180;

/** CIEDE2000 colour difference of two L*a*b* colours (Sharma, Wu & Dalal 2005; kL = kC = kH = 1). */
export function deltaE2000(lab1: readonly number[], lab2: readonly number[]): number {
  const [L1, a1, b1] = lab1 as [number, number, number];
  const [L2, a2, b2] = lab2 as [number, number, number];
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const Cm7 = Cm ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cm7 / (Cm7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (b: number, a: number) => {
    if (a === 0 && b === 0) return 0;
    const h = Math.atan2(b, a) / DEG;
    return h < 0 ? h + 360 : h;
  };
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * DEG);
  const Lpm = (L1 + L2) / 2;
  const Cpm = (C1p + C2p) / 2;
  let hpm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hpm = (h1p + h2p) / 2;
    else hpm = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hpm - 30) * DEG) +
    0.24 * Math.cos(2 * hpm * DEG) +
    0.32 * Math.cos((3 * hpm + 6) * DEG) -
    0.2 * Math.cos((4 * hpm - 63) * DEG);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const Cpm7 = Cpm ** 7;
  const RC = 2 * Math.sqrt(Cpm7 / (Cpm7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2);
  const SC = 1 + 0.045 * Cpm;
  const SH = 1 + 0.015 * Cpm * T;
  const RT = -Math.sin(2 * dTheta * DEG) * RC;
  const l = dLp / SL;
  const c = dCp / SC;
  const h = dHp / SH;
  return Math.sqrt(l * l + c * c + h * h + RT * c * h);
}

/** Mean CIEDE2000 between two same-size images over the pixels where mask > 0.5. */
export function meanDeltaE2000(
  a: RgbImage,
  b: RgbImage,
  mask: Float32Array,
): { mean: number; pixels: number } {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! <= 0.5) continue;
    const o = i * 3;
    if (a.data[o] === b.data[o] && a.data[o + 1] === b.data[o + 1] && a.data[o + 2] === b.data[o + 2]) {
      n++;
      continue;
    }
    sum += deltaE2000(
      srgbToLab(a.data[o]!, a.data[o + 1]!, a.data[o + 2]!),
      srgbToLab(b.data[o]!, b.data[o + 1]!, b.data[o + 2]!),
    );
    n++;
  }
  return { mean: n ? sum / n : 0, pixels: n };
}

export function lumaPlane(image: RgbImage): Float32Array {
  const n = image.width * image.height;
  const l = new Float32Array(n);
  const d = image.data;
  for (let i = 0; i < n; i++) l[i] = 0.299 * d[i * 3]! + 0.587 * d[i * 3 + 1]! + 0.114 * d[i * 3 + 2]!;
  return l;
}

/**
 * Mean squared luma detail (8-bit levels²) finer than `radius` pixels over the pixels where
 * mask ≥ 0.95; NaN when there are none.
 */
export function highFrequencyEnergy(image: RgbImage, mask: Float32Array, radius = HF_RADIUS): number {
  const l = lumaPlane(image);
  const low = blurPlane(l, image.width, image.height, radius);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < l.length; i++) {
    if (mask[i]! < 0.95) continue;
    sum += (l[i]! - low[i]!) ** 2;
    count++;
  }
  return count ? sum / count : Number.NaN;
}

/** A region mask (any size) at width × height: bilinear enlargement, or a resize when smaller. */
async function maskAt(mask: Mask, width: number, height: number): Promise<Mask> {
  if (mask.width === width && mask.height === height) return mask;
  if (width >= mask.width && height >= mask.height) return enlargeMask(mask, width, height);
  return resizeMask(mask, width, height);
}

/** Max-dilation of a mask by a square of radius r (two separable passes). */
function dilate(mask: Mask, r: number): Mask {
  const { width, height } = mask;
  const tmp = new Float32Array(mask.data.length);
  const out = createMask(width, height);
  if (r < 1) {
    out.data.set(mask.data);
    return out;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++)
        m = Math.max(m, mask.data[y * width + k]!);
      tmp[y * width + x] = m;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let m = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++)
        m = Math.max(m, tmp[k * width + x]!);
      out.data[y * width + x] = m;
    }
  }
  return out;
}

/** Face width in mask pixels of the widest face (at least 16). */
function faceWidthInMask(analysis: Pick<TFaceAnalysis, "faces" | "width">, maskWidth: number): number {
  const widest = Math.max(0, ...analysis.faces.map((f) => f.box[2]));
  return Math.max(16, (widest * maskWidth) / analysis.width);
}

/**
 * The skin the texture figures are measured on, at width × height (0..1; the measures use ≥ 0.95):
 * the skin mask, eroded and minus the eyes, brows, lips and hair grown, by 4% of the face width
 * (at least 2 mask pixels).
 */
export async function skinCoreMask(
  regions: TRegionMasks,
  analysis: Pick<TFaceAnalysis, "faces" | "width">,
  width: number,
  height: number,
): Promise<Float32Array> {
  const { skin } = regions;
  const grow = Math.max(2, Math.round(faceWidthInMask(analysis, skin.width) * 0.04));
  const features = dilate(
    maxMasks(
      (["eyes", "left_eyebrow", "right_eyebrow", "upper_lip", "lower_lip", "hair"] as const).map(
        (n) => regions[n],
      ),
      skin.width,
      skin.height,
    ),
    grow,
  );
  // Eroded too, so the face's outline (skin against hair or background) is not read as texture.
  const notSkin = createMask(skin.width, skin.height);
  for (let i = 0; i < notSkin.data.length; i++) notSkin.data[i] = skin.data[i]! < 0.95 ? 1 : 0;
  const outline = dilate(notSkin, grow);
  const core = createMask(skin.width, skin.height);
  for (let i = 0; i < core.data.length; i++)
    core.data[i] = outline.data[i]! > 0 ? 0 : skin.data[i]! * (1 - Math.min(1, features.data[i]! * 4));
  return (await maskAt(core, width, height)).data;
}

/** The regions the retouch works on; "untouched" is everything well away from them. */
const WORKED_REGIONS: readonly TRegionName[] = [
  "skin",
  "upper_lip",
  "lower_lip",
  "left_eyebrow",
  "right_eyebrow",
  "nose",
  "eyes",
  "hair",
];

/**
 * Protected masks at width × height: the eyes (always), each excluded region, and "untouched",
 * the pixels more than 15% of the face width away from every region the retouch works on.
 */
export async function protectedMasks(
  regions: TRegionMasks,
  analysis: Pick<TFaceAnalysis, "faces" | "width">,
  excluded: readonly TRegionName[],
  width: number,
  height: number,
): Promise<Record<string, Float32Array>> {
  const { skin } = regions;
  const out: Record<string, Float32Array> = {};
  for (const name of new Set<TRegionName>(["eyes", ...excluded]))
    out[name] = (await maskAt(regions[name], width, height)).data;
  const worked = dilate(
    maxMasks(
      WORKED_REGIONS.map((n) => regions[n]),
      skin.width,
      skin.height,
    ),
    Math.round(faceWidthInMask(analysis, skin.width) * 0.15),
  );
  const untouched = createMask(skin.width, skin.height);
  for (let i = 0; i < untouched.data.length; i++) untouched.data[i] = worked.data[i]! > 0.01 ? 0 : 1;
  out.untouched = (await maskAt(untouched, width, height)).data;
  return out;
}

export interface TSkinTexture {
  /** RMS of the input's HF band over the skin core, 8-bit luma levels. */
  rms: number;
  /** rms ≥ VISIBLE_TEXTURE_RMS: the face has texture a retouch can be judged on. */
  visible: boolean;
  pixels: number;
}

/** How much fine texture the skin has (see VISIBLE_TEXTURE_RMS). */
export function skinTexture(image: RgbImage, core: Float32Array): TSkinTexture {
  const energy = highFrequencyEnergy(image, core);
  let pixels = 0;
  for (const v of core) if (v >= 0.95) pixels++;
  const rms = Number.isFinite(energy) ? Math.sqrt(energy) : 0;
  return { rms, visible: rms >= VISIBLE_TEXTURE_RMS, pixels };
}

/** The facial features issue 24 holds within ΔE 1 of the input at 1× for the default styles. */
export const FEATURE_GROUPS = {
  eyes: ["eyes"],
  brows: ["left_eyebrow", "right_eyebrow"],
  lips: ["upper_lip", "lower_lip"],
} as const satisfies Record<string, readonly TRegionName[]>;
export type TFeature = keyof typeof FEATURE_GROUPS;

/**
 * Mean CIEDE2000 per facial feature (eyes, brows, lips) between `reference` and `output` (same
 * size), over each feature's mask above 0.5 shrunk by 1% of the face width (at least a pixel), so the measure reads
 * the feature itself, not the skin the feathered retouch meets at its edge.
 */
export async function featureDeltaE(
  regions: TRegionMasks,
  analysis: Pick<TFaceAnalysis, "faces" | "width">,
  reference: RgbImage,
  output: RgbImage,
): Promise<Record<TFeature, number>> {
  const { width: W, height: H } = output;
  const shrink = Math.max(1, Math.round(faceWidthInMask(analysis, regions.skin.width) * 0.01));
  const out = {} as Record<TFeature, number>;
  for (const [feature, names] of Object.entries(FEATURE_GROUPS) as [TFeature, readonly TRegionName[]][]) {
    const union = maxMasks(
      names.map((n) => regions[n]),
      regions.skin.width,
      regions.skin.height,
    );
    const outside = createMask(union.width, union.height);
    for (let i = 0; i < union.data.length; i++) outside.data[i] = union.data[i]! > 0.5 ? 0 : 1;
    const edge = dilate(outside, shrink);
    for (let i = 0; i < union.data.length; i++) if (edge.data[i]! > 0) union.data[i] = 0;
    const mask = (await maskAt(union, W, H)).data;
    out[feature] = meanDeltaE2000(reference, output, mask).mean;
  }
  return out;
}

export interface TQualityReport {
  /** Skin HF energy, output ÷ the Lanczos reference (1× : the input). */
  hfRatio: number;
  /** The input's skin texture (at the input's size). */
  texture: TSkinTexture;
  /** Mean CIEDE2000 per protected region against the Lanczos reference. */
  protectedDeltaE: Record<string, number>;
  /** The largest of protectedDeltaE. */
  maxProtectedDeltaE: number;
  /** Mean CIEDE2000 of the eyes, brows and lips against the Lanczos reference (featureDeltaE). */
  featureDeltaE: Record<TFeature, number>;
  /** Descriptor cosine of the main face, input vs output; null when no face. */
  identity: number | null;
  /**
   * Enlarged outputs given `retouchedAt1x`: skin HF energy of the output ÷ that of the Lanczos
   * enlargement of the 1× result, over the skin core (1 = the upscale kept every grain a plain
   * enlargement shows; below 1 it smoothed the skin).
   */
  upscaleTextureKeep?: number;
}

export interface TQualityInput {
  input: RgbImage;
  output: RgbImage;
  /** The analysis of `input` (its regions, faces). */
  analysis: TFaceAnalysis;
  /** Regions the job excluded (the eyes are always protected). */
  excluded?: readonly TRegionName[];
  /** Skip the identity descriptors (they need the worker pool). */
  skipIdentity?: boolean;
  /**
   * The same job's result at 1× (input size), for an enlarged `output`: the report then says how
   * much of the skin texture a plain Lanczos enlargement of that result keeps the enlarged output
   * keeps (`upscaleTextureKeep`, issue 24: ≥ 0.8).
   */
  retouchedAt1x?: RgbImage;
}

/** The whole held-back check for one retouch result. */
export async function measureRetouch(q: TQualityInput): Promise<TQualityReport> {
  const { input, output, analysis } = q;
  const { width: W, height: H } = output;
  const sameSize = W === input.width && H === input.height;
  const reference = sameSize ? input : await resizeLanczos(input, W, H);
  const coreIn = await skinCoreMask(analysis.regions, analysis, input.width, input.height);
  const coreOut = sameSize ? coreIn : await skinCoreMask(analysis.regions, analysis, W, H);
  const texture = skinTexture(input, coreIn);
  const hfRatio = highFrequencyEnergy(output, coreOut) / highFrequencyEnergy(reference, coreOut);
  const masks = await protectedMasks(analysis.regions, analysis, q.excluded ?? [], W, H);
  const protectedDeltaE: Record<string, number> = {};
  let maxProtectedDeltaE = 0;
  for (const [name, mask] of Object.entries(masks)) {
    const { mean, pixels } = meanDeltaE2000(reference, output, mask);
    if (pixels === 0) continue;
    protectedDeltaE[name] = mean;
    maxProtectedDeltaE = Math.max(maxProtectedDeltaE, mean);
  }
  const features = await featureDeltaE(analysis.regions, analysis, reference, output);
  const face: TFace | undefined = analysis.faces[0];
  let identity: number | null = null;
  if (face && !q.skipIdentity) {
    const back = sameSize ? output : await resizeLanczos(output, input.width, input.height);
    identity = (await scoreIdentity(face, input, back)).cosine;
  }
  let upscaleTextureKeep: number | undefined;
  if (q.retouchedAt1x && !sameSize) {
    const plain = await resizeLanczos(q.retouchedAt1x, W, H);
    upscaleTextureKeep = highFrequencyEnergy(output, coreOut) / highFrequencyEnergy(plain, coreOut);
  }
  return {
    hfRatio,
    texture,
    protectedDeltaE,
    maxProtectedDeltaE,
    featureDeltaE: features,
    identity,
    ...(upscaleTextureKeep === undefined ? {} : { upscaleTextureKeep }),
  };
}

/** min / median / max of the finite values. */
export function summarize(values: readonly number[]): {
  min: number;
  median: number;
  max: number;
  n: number;
} {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN, n: 0 };
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { min: v[0]!, median, max: v[v.length - 1]!, n: v.length };
}
