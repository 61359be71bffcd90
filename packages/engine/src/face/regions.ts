import { createMask, type Mask, type RgbImage } from "../image.ts";
import { convexHull, fillPolygon, type TPoint } from "../masks.ts";
import {
  LEFT_EYE,
  LEFT_EYEBROW,
  LOWER_LIP,
  MOUTH,
  NOSE_POINTS,
  RIGHT_EYE,
  RIGHT_EYEBROW,
  SILHOUETTE,
  SKIN_SAMPLE_POINTS,
  UPPER_LIP,
} from "./mesh-indices.ts";

export const REGION_NAMES = [
  "skin",
  "upper_lip",
  "lower_lip",
  "left_eyebrow",
  "right_eyebrow",
  "nose",
  "eyes",
  "hair",
  "person",
  "outfit",
] as const;
export type TRegionName = (typeof REGION_NAMES)[number];
export type TRegionMasks = Record<TRegionName, Mask>;

export type TMesh = ReadonlyArray<readonly [number, number, number]>;

function pathPoints(mesh: TMesh, indices: readonly number[]): TPoint[] {
  return indices.map((i) => [mesh[i]![0], mesh[i]![1]] as TPoint);
}

function bounds(points: readonly TPoint[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/** BT.601 chroma of one pixel. */
function chroma(r: number, g: number, b: number): [number, number, number] {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  return [y, 128 + 0.564 * (b - y), 128 + 0.713 * (r - y)];
}

export interface TSkinModel {
  y: number;
  cb: number;
  cr: number;
  sigma: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Skin colour of one face, from small discs around cheek, forehead and chin points. */
export function sampleSkinModel(image: RgbImage, mesh: TMesh, faceWidth: number): TSkinModel {
  const radius = Math.max(2, Math.round(faceWidth * 0.035));
  const ys: number[] = [];
  const cbs: number[] = [];
  const crs: number[] = [];
  for (const index of SKIN_SAMPLE_POINTS) {
    const [px, py] = mesh[index]!;
    for (let dy = -radius; dy <= radius; dy += 2) {
      for (let dx = -radius; dx <= radius; dx += 2) {
        const x = Math.round(px + dx);
        const y = Math.round(py + dy);
        if (x < 0 || y < 0 || x >= image.width || y >= image.height || dx * dx + dy * dy > radius * radius)
          continue;
        const o = (y * image.width + x) * 3;
        const [l, cb, cr] = chroma(image.data[o]!, image.data[o + 1]!, image.data[o + 2]!);
        ys.push(l);
        cbs.push(cb);
        crs.push(cr);
      }
    }
  }
  const cb = median(cbs);
  const cr = median(crs);
  const spread = median(cbs.map((v, i) => Math.hypot(v - cb, crs[i]! - cr)));
  return { y: median(ys), cb, cr, sigma: Math.min(14, Math.max(5, spread * 2.5)) };
}

/**
 * 0..1 likelihood that each pixel in the window is this skin colour (chroma distance, soft), kept
 * where it beats what `out` holds. `out` covers the image from pixel `outOffset` on (a single row
 * of it: y × width), so a caller can work one row at a time.
 */
export function skinLikelihood(
  image: RgbImage,
  model: TSkinModel,
  out: Mask,
  window: { x0: number; y0: number; x1: number; y1: number } = {
    x0: 0,
    y0: 0,
    x1: image.width,
    y1: image.height,
  },
  outOffset = 0,
): void {
  const twoSigma2 = 2 * model.sigma * model.sigma;
  // Beyond this distance the likelihood is under 1e-4: not skin, and no exp() to pay for.
  const farD2 = 9.2 * twoSigma2;
  const minLuma = model.y * 0.3;
  const { data } = image;
  const x0 = Math.max(0, window.x0);
  const x1 = Math.min(image.width, window.x1);
  for (let y = Math.max(0, window.y0); y < Math.min(image.height, window.y1); y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * image.width + x;
      // chroma(), inlined: this runs over the head and the whole outfit area.
      const r = data[i * 3]!;
      const b = data[i * 3 + 2]!;
      const l = 0.299 * r + 0.587 * data[i * 3 + 1]! + 0.114 * b;
      const dcb = 128 + 0.564 * (b - l) - model.cb;
      const dcr = 128 + 0.713 * (r - l) - model.cr;
      const d2 = dcb * dcb + dcr * dcr;
      if (d2 > farD2) continue;
      // Shadowed skin keeps its chroma but loses luma; very dark or blown pixels are not skin.
      const lumaOk = l > minLuma && l < 252 ? 1 : 0.2;
      const v = Math.exp(-d2 / twoSigma2) * lumaOk;
      if (v > out.data[i - outOffset]!) out.data[i - outOffset] = v;
    }
  }
}

export interface TFaceGeometry {
  mesh: TMesh;
  /** Face oval bounds in pixels. */
  oval: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Region masks for every face at the image's size, unfeathered (the retouch feathers them).
 * `person` is the selfie-segmentation probability 0..1 at the same size.
 */
export function buildRegionMasks(image: RgbImage, meshes: readonly TMesh[], person: Mask): TRegionMasks {
  const { width, height } = image;
  const masks = Object.fromEntries(
    REGION_NAMES.map((name) => [name, createMask(width, height)]),
  ) as TRegionMasks;
  masks.person = person;
  for (const mesh of meshes) {
    const oval = pathPoints(mesh, SILHOUETTE);
    const box = bounds(oval);
    const faceW = box.x1 - box.x0;
    const faceH = box.y1 - box.y0;
    fillPolygon(masks.upper_lip, pathPoints(mesh, UPPER_LIP));
    fillPolygon(masks.lower_lip, pathPoints(mesh, LOWER_LIP));
    fillPolygon(masks.left_eyebrow, pathPoints(mesh, LEFT_EYEBROW));
    fillPolygon(masks.right_eyebrow, pathPoints(mesh, RIGHT_EYEBROW));
    fillPolygon(masks.eyes, pathPoints(mesh, LEFT_EYE));
    fillPolygon(masks.eyes, pathPoints(mesh, RIGHT_EYE));
    fillPolygon(masks.nose, convexHull(pathPoints(mesh, NOSE_POINTS)));

    // Skin: the oval, gated by this face's skin colour, minus eyes, brows and mouth.
    const ovalMask = createMask(width, height);
    fillPolygon(ovalMask, oval);
    const features = createMask(width, height);
    fillPolygon(features, pathPoints(mesh, LEFT_EYE));
    fillPolygon(features, pathPoints(mesh, RIGHT_EYE));
    fillPolygon(features, pathPoints(mesh, LEFT_EYEBROW));
    fillPolygon(features, pathPoints(mesh, RIGHT_EYEBROW));
    fillPolygon(features, pathPoints(mesh, MOUTH));
    const model = sampleSkinModel(image, mesh, faceW);
    const likely = createMask(width, height);
    const head = {
      x0: Math.floor(box.x0 - faceW * 0.9),
      y0: Math.floor(box.y0 - faceH * 0.8),
      x1: Math.ceil(box.x1 + faceW * 0.9),
      y1: Math.ceil(box.y1 + faceH * 1.6),
    };
    skinLikelihood(image, model, likely, head);
    const outfitTop = Math.max(0, Math.floor(box.y1 + faceH * 0.3));
    skinLikelihood(image, model, likely, { x0: 0, y0: outfitTop, x1: width, y1: height });
    const browTop = Math.min(...pathPoints(mesh, [...LEFT_EYEBROW, ...RIGHT_EYEBROW]).map((p) => p[1]));
    const eyeLine = Math.max(...pathPoints(mesh, [...LEFT_EYE, ...RIGHT_EYE]).map((p) => p[1]));
    const chinY = box.y1;
    const cx = (box.x0 + box.x1) / 2;
    for (let y = Math.max(0, head.y0); y < Math.min(height, head.y1); y++) {
      for (let x = Math.max(0, head.x0); x < Math.min(width, head.x1); x++) {
        const i = y * width + x;
        const inOval = ovalMask.data[i]!;
        const skin = Math.min(1, likely.data[i]! * 1.6);
        const s = inOval * skin * (1 - features.data[i]!);
        if (s > masks.skin.data[i]!) masks.skin.data[i] = s;
        const p = person.data[i]!;
        if (p < 0.05 || Math.abs(x - cx) > faceW * 0.95) continue;
        const nonSkin = 1 - skin;
        // Hair: above the eyes, every person pixel outside the oval (blond hair can match skin
        // chroma); lower down, only non-skin pixels beside the face (not ears, neck or collar);
        // inside the oval, non-skin pixels above the brows (a fringe).
        let hair = 0;
        if (inOval > 0) hair = y < browTop - faceH * 0.03 ? p * nonSkin : 0;
        else if (y < eyeLine) hair = p;
        else if (y < chinY - faceH * 0.2 && Math.abs(x - cx) > faceW * 0.3) hair = p * nonSkin;
        if (hair > masks.hair.data[i]!) masks.hair.data[i] = hair;
      }
    }
    // Outfit: non-skin person pixels below the chin and neck, down to the bottom of the photo.
    for (let y = outfitTop; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const p = person.data[i]!;
        if (p < 0.05) continue;
        const outfit = p * (1 - Math.min(1, likely.data[i]! * 1.6)) * (1 - masks.hair.data[i]!);
        if (outfit > masks.outfit.data[i]!) masks.outfit.data[i] = outfit;
      }
    }
  }
  return masks;
}
