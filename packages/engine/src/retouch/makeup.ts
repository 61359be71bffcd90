import type { TFaceAnalysis } from "../face/analyze.ts";
import {
  LEFT_EYE,
  LEFT_EYEBROW,
  LOWER_LIP,
  RIGHT_EYE,
  RIGHT_EYEBROW,
  UPPER_LIP,
} from "../face/mesh-indices.ts";
import type { TMesh } from "../face/regions.ts";
import { type BoxMask, boxMaskAt, createMask, type Mask, type RgbImage } from "../image.ts";
import { blurPlane, featherMask, fillPolygon, type TPoint } from "../masks.ts";
import type { TMakeupLook } from "../style.ts";
import { colourGate } from "./filters.ts";

/** Cheek apples in the face mesh (MediaPipe): the subject's right and left. */
const CHEEKS = [50, 280] as const;
/** The upper-lid half of each eye outline (mesh-indices RIGHT_EYE / LEFT_EYE, lower half dropped). */
const UPPER_LIDS = [
  [130, 247, 30, 29, 27, 28, 56, 190, 243],
  [359, 467, 260, 259, 257, 258, 286, 414, 463],
] as const;

function points(mesh: TMesh, indices: readonly number[], dx: number, dy: number): TPoint[] {
  return indices.map((i) => [mesh[i]![0] - dx, mesh[i]![1] - dy] as TPoint);
}

function mean(pts: readonly TPoint[]): TPoint {
  let x = 0;
  let y = 0;
  for (const [px, py] of pts) {
    x += px;
    y += py;
  }
  return [x / pts.length, y / pts.length];
}

/** Adds an axis-aligned Gaussian blob (peak `peak`) into the mask, keeping the max. */
function addBlob(mask: Mask, [cx, cy]: TPoint, sx: number, sy: number, peak: number): void {
  const x0 = Math.max(0, Math.floor(cx - 3 * sx));
  const x1 = Math.min(mask.width, Math.ceil(cx + 3 * sx));
  const y0 = Math.max(0, Math.floor(cy - 3 * sy));
  const y1 = Math.min(mask.height, Math.ceil(cy + 3 * sy));
  for (let y = y0; y < y1; y++) {
    const ty = (y + 0.5 - cy) / sy;
    for (let x = x0; x < x1; x++) {
      const tx = (x + 0.5 - cx) / sx;
      const v = peak * Math.exp(-0.5 * (tx * tx + ty * ty));
      const i = y * mask.width + x;
      if (v > mask.data[i]!) mask.data[i] = v;
    }
  }
}

/** A colour as channel ÷ luma ratios (BT.601), so it can be laid over any pixel's own luma. */
function ratios([r, g, b]: readonly [number, number, number]): [number, number, number] {
  const l = 0.299 * r + 0.587 * g + 0.114 * b;
  return [r / l, g / l, b / l];
}

/**
 * Lays a colour over the pixels of `crop` (x0, y0 in the image) through `weight` (0..1): each
 * pixel keeps its own luma, darkened by `deepen`, and takes the colour's hue and saturation in
 * proportion to the weight. The hue only goes where colourGate says the pixel has colour (a
 * black-and-white photo gets the shading, never a tint).
 */
function layColour(
  image: RgbImage,
  x0: number,
  y0: number,
  weight: Mask,
  colour: readonly [number, number, number],
  deepen: number,
): void {
  const [kr, kg, kb] = ratios(colour);
  const { data, width } = image;
  for (let y = 0; y < weight.height; y++) {
    for (let x = 0; x < weight.width; x++) {
      const w = weight.data[y * weight.width + x]!;
      if (w <= 0.002) continue;
      const o = ((y + y0) * width + x + x0) * 3;
      const r = data[o]! / 255;
      const g = data[o + 1]! / 255;
      const b = data[o + 2]! / 255;
      const l = (0.299 * r + 0.587 * g + 0.114 * b) * (1 - deepen);
      const gate = colourGate(r, g, b);
      const tr = l * (1 + gate * (kr - 1));
      const tg = l * (1 + gate * (kg - 1));
      const tb = l * (1 + gate * (kb - 1));
      data[o] = Math.round(Math.min(255, Math.max(0, 255 * (r + w * (tr - r)))));
      data[o + 1] = Math.round(Math.min(255, Math.max(0, 255 * (g + w * (tg - g)))));
      data[o + 2] = Math.round(Math.min(255, Math.max(0, 255 * (b + w * (tb - b)))));
    }
  }
}

/**
 * Lowers the sheen (specular highlights: luma well above its surroundings) inside `weight` by
 * `amount` (0..1): the matte look.
 */
function lowerSheen(
  image: RgbImage,
  x0: number,
  y0: number,
  weight: Mask,
  amount: number,
  radius: number,
): void {
  const { data, width } = image;
  const n = weight.width * weight.height;
  const l = new Float32Array(n);
  for (let y = 0; y < weight.height; y++)
    for (let x = 0; x < weight.width; x++) {
      const o = ((y + y0) * width + x + x0) * 3;
      l[y * weight.width + x] = (0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!) / 255;
    }
  const low = blurPlane(l, weight.width, weight.height, radius);
  for (let i = 0; i < n; i++) {
    const w = weight.data[i]!;
    if (w <= 0.002) continue;
    const excess = l[i]! - low[i]! - 0.015;
    if (excess <= 0) continue;
    const down = 255 * amount * w * excess;
    const o = ((Math.floor(i / weight.width) + y0) * width + (i % weight.width) + x0) * 3;
    for (let c = 0; c < 3; c++) data[o + c] = Math.round(Math.max(0, data[o + c]! - down));
  }
}

/**
 * The makeup styles' makeup (spec 02 §5 "makeup", "matte makeup"), over the retouched photo in
 * place: lip colour, blush on the cheek apples, a soft shadow on the upper lids, and for the matte
 * look less sheen. Lips are coloured even when the job excludes them: the exclusion keeps their
 * shape and texture out of the smoothing (skin.ts), and colour is what a makeup style is for. The
 * eyes themselves (their outline ring) and the brows are never touched; blush stays on skin
 * (`skinWeight`, the retouch's skin weight). `strength` scales every amount (the style strength).
 */
export function applyMakeup(
  image: RgbImage,
  analysis: TFaceAnalysis,
  skinWeight: BoxMask,
  look: TMakeupLook,
  strength: number,
): void {
  const s = Math.min(1, Math.max(0, strength));
  if (s <= 0) return;
  for (const face of analysis.faces) {
    const mesh = face.mesh;
    const fw = face.box[2];
    const x0 = Math.max(0, Math.floor(face.box[0] - fw * 0.15));
    const y0 = Math.max(0, Math.floor(face.box[1] - fw * 0.15));
    const x1 = Math.min(image.width, Math.ceil(face.box[0] + face.box[2] + fw * 0.15));
    const y1 = Math.min(image.height, Math.ceil(face.box[1] + face.box[3] + fw * 0.15));
    const w = x1 - x0;
    const h = y1 - y0;
    if (w < 4 || h < 4) continue;

    // Never on the eyes or brows: their outlines, grown by a feather.
    const keepOff = createMask(w, h);
    for (const path of [RIGHT_EYE, LEFT_EYE, RIGHT_EYEBROW, LEFT_EYEBROW])
      fillPolygon(keepOff, points(mesh, path, x0, y0));
    const guard = featherMask(keepOff, Math.max(1, fw / 80));
    for (let i = 0; i < guard.data.length; i++)
      guard.data[i] = Math.min(1, Math.max(keepOff.data[i]!, guard.data[i]! * 2.5));

    // Lips.
    const lips = createMask(w, h);
    fillPolygon(lips, points(mesh, UPPER_LIP, x0, y0));
    fillPolygon(lips, points(mesh, LOWER_LIP, x0, y0));
    const lipWeight = featherMask(lips, Math.max(1, fw / 110));
    for (let i = 0; i < lipWeight.data.length; i++)
      lipWeight.data[i] = Math.min(1, lipWeight.data[i]! * 1.3) * look.lip.amount * s;
    layColour(image, x0, y0, lipWeight, look.lip.colour, look.lip.deepen * s);

    // Blush on the cheek apples, on skin only.
    const blush = createMask(w, h);
    for (const index of CHEEKS) {
      const [cx, cy] = points(mesh, [index], x0, y0)[0]!;
      addBlob(blush, [cx, cy], fw * 0.1, fw * 0.075, look.blush.amount * s);
    }
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (blush.data[i]! > 0)
          blush.data[i] = blush.data[i]! * boxMaskAt(skinWeight, x + x0, y + y0) * (1 - guard.data[i]!);
      }
    layColour(image, x0, y0, blush, look.blush.colour, 0.01 * s);

    // A soft shadow on each upper lid, between the eye outline and the brow.
    const lids = createMask(w, h);
    for (const lid of UPPER_LIDS) {
      const pts = points(mesh, lid, x0, y0);
      const [cx, cy] = mean(pts);
      const eyeW = Math.max(...pts.map((p) => p[0])) - Math.min(...pts.map((p) => p[0]));
      addBlob(lids, [cx, cy - eyeW * 0.12], eyeW * 0.42, eyeW * 0.16, look.eyes.amount * s);
    }
    for (let i = 0; i < lids.data.length; i++) lids.data[i] = lids.data[i]! * (1 - guard.data[i]!);
    layColour(image, x0, y0, lids, look.eyes.colour, look.eyes.deepen * s);

    if (look.sheen < 0) {
      // Matte: highlights on the skin and the lips brought down towards their surroundings.
      const matte = createMask(w, h);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const i = y * w + x;
          matte.data[i] =
            Math.max(boxMaskAt(skinWeight, x + x0, y + y0), lips.data[i]!) * (1 - guard.data[i]!);
        }
      lowerSheen(image, x0, y0, matte, Math.min(1, -look.sheen * s), Math.max(2, fw / 25));
    }
  }
}
