/**
 * Fair skin (뽀얀 피부, spec 02 §2.1 filter `ppoyong`): the clean, slightly pink-white look Korean
 * users know. The whole face — eye surroundings included — moves together with the neck, ears and
 * hands, so nothing keeps its old colour in rings or patches; hair, clothes and the background stay.
 *
 * - Where: a smooth weight built at the analysis' mask size: each face's whole oval, plus the
 *   person's skin elsewhere (the face's own skin colour, or, in a black-and-white photo, its
 *   luma), minus hair, blurred so it never mottles. The lips keep most of their own colour.
 * - What: in CIE L*a*b*, a lift of L* that fades out in the shadows (dark hair, brows, lashes and
 *   pupils stay dark) and eases off in the highlights (no blown cheeks), yellow (b*) lowered by
 *   about a third and a touch of pink added — both only where the pixel has colour, so grey stays
 *   grey. Chroma is never cut below three quarters of its own, so skin never turns ashen. Local
 *   contrast (pores, the texture the retouch kept) passes through: the lift is smooth in L*.
 */
import type { TFaceAnalysis } from "../face/analyze.ts";
import { SILHOUETTE } from "../face/mesh-indices.ts";
import { sampleSkinModel, skinLikelihood, type TMesh } from "../face/regions.ts";
import { createEnlargedRowReader, createMask, type Mask, type RgbImage, resizeLanczos } from "../image.ts";
import { blurPlane, fillPolygon, type TPoint } from "../masks.ts";
import { labToRgb, linearToSrgb, rgbToLab, srgbToLinear } from "./colour.ts";
import type { TRowReader } from "./filters.ts";

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/** A black-and-white (or fully desaturated) photo: the main face's skin has no chroma. */
function isGrey(image: RgbImage, mesh: TMesh, faceWidth: number): boolean {
  const model = sampleSkinModel(image, mesh, faceWidth);
  return Math.hypot(model.cb - 128, model.cr - 128) < 3.5;
}

/**
 * Where the fair-skin look goes, 0..1, at the analysis' mask size (analysis.regions.skin's
 * width × height). `image` is the photo (any size); it is read at the mask size.
 */
export async function fairSkinWeight(
  image: RgbImage,
  analysis: TFaceAnalysis,
): Promise<{ weight: Mask; lift: number }> {
  const { width: mw, height: mh } = analysis.regions.skin;
  const k = mw / image.width;
  const small = mw === image.width && mh === image.height ? image : await resizeLanczos(image, mw, mh);
  const weight = createMask(mw, mh);
  const { person, hair, upper_lip, lower_lip } = analysis.regions;
  let widest = 0;
  let skinLightness = Number.NaN;
  for (const face of analysis.faces) {
    const mesh: TMesh = face.mesh.map(([x, y, z]) => [x * k, y * k, z * k] as const);
    const fw = Math.max(4, face.box[2] * k);
    if (fw > widest) {
      widest = fw;
      const model = sampleSkinModel(small, mesh, fw);
      // The model's luma (0..255) as L*: the main face's own lightness.
      skinLightness = 116 * Math.cbrt(((model.y / 255 + 0.055) / 1.055) ** 2.4) - 16;
    }
    // The whole oval: eyes, brows and lips too (the tone curve keeps the dark ones dark).
    fillPolygon(
      weight,
      SILHOUETTE.map((i) => [mesh[i]![0], mesh[i]![1]] as TPoint),
    );
    // The person's skin elsewhere: neck, ears, hands, arms.
    const like = createMask(mw, mh);
    if (isGrey(small, mesh, fw)) {
      const model = sampleSkinModel(small, mesh, fw);
      for (let i = 0; i < mw * mh; i++) {
        const l =
          0.299 * small.data[i * 3]! + 0.587 * small.data[i * 3 + 1]! + 0.114 * small.data[i * 3 + 2]!;
        const d = (l - model.y) / Math.max(20, model.y * 0.3);
        like.data[i] = Math.exp(-0.5 * d * d);
      }
    } else {
      const model = sampleSkinModel(small, mesh, fw);
      skinLikelihood(small, { ...model, sigma: model.sigma * 1.3 }, like);
    }
    for (let i = 0; i < like.data.length; i++) {
      // Only where the segmentation is sure of the person: a skin-coloured background stays.
      const v = Math.min(1, like.data[i]! * 1.4) * smoothstep((person.data[i]! - 0.35) / 0.45);
      if (v > weight.data[i]!) weight.data[i] = v;
    }
  }
  for (let i = 0; i < weight.data.length; i++) weight.data[i] = weight.data[i]! * (1 - hair.data[i]!);
  // Smooth: the likelihood is per pixel; a weight that varies pixel to pixel mottles the skin.
  const smooth = blurPlane(weight.data, mw, mh, Math.max(1.5, widest / 30));
  for (let i = 0; i < smooth.length; i++) {
    const lips = Math.max(upper_lip.data[i]!, lower_lip.data[i]!);
    weight.data[i] = Math.min(1, smooth[i]! * 1.1) * (1 - 0.6 * lips);
  }
  return { weight, lift: fairLiftFor(skinLightness) };
}

/** The look's target lightness for skin (L*): milky, not chalk. */
const FAIR_TARGET_L = 76;

/**
 * How far the look lifts the skin at full strength (L* units), from the face's own lightness: a
 * darker face moves more, an already fair one only a little (lifting it as far would flatten its
 * shading into a white mask).
 */
export function fairLiftFor(skinLightness: number): number {
  if (!Number.isFinite(skinLightness)) return 6;
  return Math.min(9, Math.max(2.5, 0.55 * (FAIR_TARGET_L - skinLightness)));
}

/**
 * The share of the lift a pixel of lightness L (0..100) takes: none in the shadows (dark hair,
 * brows, lashes and pupils stay dark), eased in the highlights (no blown cheeks).
 */
export function fairLiftShape(L: number): number {
  return smoothstep((L - 20) / 40) * (1 - 0.6 * smoothstep((L - 72) / 26));
}

/** Relative luminance Y (0..1) of a CIE lightness L* (0..100). */
function lightnessToY(L: number): number {
  const f = (L + 16) / 116;
  return f > 6 / 29 ? f * f * f : (L * 27) / 24389;
}

/**
 * One pixel's fair-skin colour at weight `w` (the look's strength times where it goes), sRGB
 * 0..1 in and out (written to `out`).
 */
export function fairSkinPixel(r: number, g: number, b: number, w: number, lift: number, out: number[]): void {
  const lab = [0, 0, 0];
  rgbToLab(r, g, b, lab);
  const L = lab[0]!;
  const A = lab[1]!;
  const B = lab[2]!;
  const chroma = Math.hypot(A, B);
  // Only where there is colour: grey pixels (a black-and-white photo, a white shirt) stay grey.
  const gate = smoothstep((chroma - 2) / 6);
  const L2 = L + w * lift * fairLiftShape(L);
  if (gate <= 0) {
    // No colour to shift: the lift alone, as one factor on linear light, so R = G = B stays exact
    // (a round trip through Lab leaves a level's difference between channels).
    const k = lightnessToY(L2) / Math.max(1e-6, lightnessToY(L));
    out[0] = linearToSrgb(srgbToLinear(r) * k);
    out[1] = linearToSrgb(srgbToLinear(g) * k);
    out[2] = linearToSrgb(srgbToLinear(b) * k);
    return;
  }
  let A2 = A + w * gate * 1.1;
  let B2 = B - w * gate * 0.28 * Math.max(0, B);
  // Never ashen: chroma stays at least three quarters of its own.
  const c2 = Math.hypot(A2, B2);
  const floor = chroma * (1 - 0.25 * w);
  if (c2 < floor && c2 > 0) {
    A2 *= floor / c2;
    B2 *= floor / c2;
  }
  labToRgb(L2, A2, B2, out);
}

/**
 * Lays the fair-skin look over `image` in place, `strength` 0..1, through `weight` (fairSkinWeight,
 * at the mask size) times `allow` (the job's exclusions, background, outfit), row by row.
 */
export function applyFairSkin(
  image: RgbImage,
  look: { weight: Mask; lift: number },
  strength: number,
  allow: TRowReader | null,
): void {
  const { weight, lift } = look;
  if (strength <= 0) return;
  const { width, height, data } = image;
  const rowWeight = createEnlargedRowReader(weight, width, height);
  const w = new Float32Array(width);
  const a = new Float32Array(width);
  const rgb = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    rowWeight(y, w);
    if (allow) allow(y, a);
    for (let x = 0; x < width; x++) {
      const k = w[x]! * strength * (allow ? a[x]! : 1);
      if (k <= 0.002) continue;
      const o = (y * width + x) * 3;
      fairSkinPixel(data[o]! / 255, data[o + 1]! / 255, data[o + 2]! / 255, k, lift, rgb);
      data[o] = Math.round(rgb[0]! * 255);
      data[o + 1] = Math.round(rgb[1]! * 255);
      data[o + 2] = Math.round(rgb[2]! * 255);
    }
  }
}
