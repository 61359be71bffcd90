/**
 * The makeup styles' makeup (spec 02 §5 "makeup", "matte makeup", issue 24): lip colour only on
 * what is lip, blush along the cheekbone, a soft shadow on the upper lids, less sheen for matte.
 *
 * - Lips: the mesh says where the lips should be; the pixels say what is there. Inside the lip
 *   outline each pixel is weighed by whether its colour is the lips' own (a model of the visible
 *   lip pixels, in L*a*b*) rather than the cheeks' skin (a finger, a hand), the teeth (bright and
 *   grey), or anything else (hair, glasses, food). Lips hidden behind a hand get nothing. The
 *   colour is laid as a shift of the lips' broad hue and chroma towards the look's, over their own
 *   lightness and texture, easing off on highlights, so the gloss and the lines of the lips stay.
 * - Blush: a soft elongated gradient from the cheek apple up along the cheekbone towards the ear,
 *   on skin only and kept off the under-eye; laid as a shift in a*, b* and L* over the skin's own
 *   colour, so it reads the same on light, olive and brown skin instead of a pink film.
 * - Eyes: a taupe shadow on the upper lids only, never on the eye or the brows.
 */
import type { TFaceAnalysis } from "../face/analyze.ts";
import {
  LEFT_EYE,
  LEFT_EYEBROW,
  LOWER_LIP,
  RIGHT_EYE,
  RIGHT_EYEBROW,
  SKIN_SAMPLE_POINTS,
  UPPER_LIP,
} from "../face/mesh-indices.ts";
import type { TMesh } from "../face/regions.ts";
import { type BoxMask, boxMaskAt, createMask, type Mask, type RgbImage } from "../image.ts";
import { blurPlane, featherMask, fillPolygon, type TPoint } from "../masks.ts";
import type { TMakeupLook } from "../style.ts";
import { labToRgb, rgbToLab } from "./colour.ts";
import { addEllipse } from "./zones.ts";

/** Cheek apples in the face mesh (MediaPipe): the subject's right and left. */
const CHEEKS = [50, 280] as const;
/** Where each cheekbone runs to, by the ear (the subject's right and left). */
const CHEEKBONE_ENDS = [234, 454] as const;
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

/** A crop's pixels in L*a*b* (three planes). */
function labOf(image: RgbImage, x0: number, y0: number, w: number, h: number) {
  const L = new Float32Array(w * h);
  const A = new Float32Array(w * h);
  const B = new Float32Array(w * h);
  const lab = [0, 0, 0];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = ((y + y0) * image.width + x + x0) * 3;
      rgbToLab(image.data[o]! / 255, image.data[o + 1]! / 255, image.data[o + 2]! / 255, lab);
      const i = y * w + x;
      L[i] = lab[0]!;
      A[i] = lab[1]!;
      B[i] = lab[2]!;
    }
  return { L, A, B };
}

interface TColourModel {
  L: number;
  a: number;
  b: number;
  /** Spread in a*, b* (at least a floor) and in L*. */
  sab: number;
  sl: number;
}

function modelOf(
  lab: { L: Float32Array; A: Float32Array; B: Float32Array },
  pick: (i: number) => boolean,
): TColourModel | null {
  const ls: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < lab.L.length; i++) {
    if (!pick(i)) continue;
    ls.push(lab.L[i]!);
    as.push(lab.A[i]!);
    bs.push(lab.B[i]!);
  }
  if (ls.length < 12) return null;
  const med = (v: number[]) => [...v].sort((p, q) => p - q)[v.length >> 1]!;
  const L = med(ls);
  const a = med(as);
  const b = med(bs);
  const dev = med(as.map((v, i) => Math.hypot(v - a, bs[i]! - b)));
  const ldev = med(ls.map((v) => Math.abs(v - L)));
  return { L, a, b, sab: Math.max(2.5, dev * 1.5), sl: Math.max(6, ldev * 1.5) };
}

/** Distance from a colour model, in its own spread (a*, b* fully, L* at a third of the weight). */
function distance(m: TColourModel, L: number, a: number, b: number): number {
  const dc = Math.hypot(a - m.a, b - m.b) / m.sab;
  const dl = (L - m.L) / m.sl;
  return Math.sqrt(dc * dc + 0.3 * dl * dl);
}

function density(m: TColourModel, L: number, a: number, b: number): number {
  const d = distance(m, L, a, b);
  return Math.exp(-0.5 * d * d);
}

export interface TLipWeight {
  /** 0..1 per crop pixel: how surely it is visible lip. */
  weight: Mask;
  /** The lips' own colour model; null when no lips are visible (hidden by a hand, say). */
  lips: TColourModel | null;
  /** Share of the lip outline that reads as lip. */
  visible: number;
}

/**
 * Which pixels of the lip outline are lips (see the module comment). `lab` is the crop at (x0, y0);
 * the mesh is in image coordinates.
 */
export function lipWeight(
  lab: { L: Float32Array; A: Float32Array; B: Float32Array },
  mesh: TMesh,
  x0: number,
  y0: number,
  w: number,
  h: number,
  faceWidth: number,
): TLipWeight {
  const outline = createMask(w, h);
  fillPolygon(outline, points(mesh, UPPER_LIP, x0, y0));
  fillPolygon(outline, points(mesh, LOWER_LIP, x0, y0));
  const soft = featherMask(outline, Math.max(0.7, faceWidth / 140));
  const skinSpots = createMask(w, h);
  const r = Math.max(1.5, faceWidth * 0.035);
  for (const index of SKIN_SAMPLE_POINTS) {
    const [cx, cy] = [mesh[index]![0] - x0, mesh[index]![1] - y0];
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(h - 1, Math.ceil(cy + r)); y++)
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(w - 1, Math.ceil(cx + r)); x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) skinSpots.data[y * w + x] = 1;
  }
  const skin = modelOf(lab, (i) => skinSpots.data[i]! > 0 && outline.data[i]! === 0);
  const weight = createMask(w, h);
  if (!skin) return { weight, lips: null, visible: 0 };
  const skinChroma = Math.hypot(skin.a, skin.b);
  const isTooth = (i: number) =>
    lab.L[i]! > skin.L + 4 && Math.hypot(lab.A[i]!, lab.B[i]!) < 0.55 * Math.max(6, skinChroma);
  // What the outline holds, teeth aside: lips, or whatever covers them.
  const inOutline = (i: number) => outline.data[i]! > 0 && !isTooth(i);
  // The lips' colour from the half of the outline that is least like the cheeks, so a finger or
  // a hand over part of the mouth does not pull the model towards skin.
  const away = (i: number) =>
    Math.hypot(lab.A[i]! - skin.a, lab.B[i]! - skin.b) + Math.max(0, skin.L - lab.L[i]!) / 3;
  const distances: number[] = [];
  for (let i = 0; i < outline.data.length; i++) if (inOutline(i)) distances.push(away(i));
  distances.sort((p, q) => p - q);
  const cut = distances.length ? distances[distances.length >> 1]! : 0;
  const lips = modelOf(lab, (i) => inOutline(i) && away(i) >= cut);
  // Lips are redder, darker or more purple than the cheeks on every skin tone; an outline whose
  // colour is the cheeks' own is covered (a hand, a finger, a cup): no lip colour at all.
  const isLip =
    lips !== null &&
    (lips.a - skin.a >= 2.5 || lips.L - skin.L <= -5 || lips.b - skin.b <= -4) &&
    Math.hypot(lips.a - skin.a, lips.b - skin.b) + Math.max(0, skin.L - lips.L) / 2 >= 3;
  let inside = 0;
  let lipLike = 0;
  if (lips)
    for (let i = 0; i < outline.data.length; i++) {
      if (!inOutline(i)) continue;
      inside++;
      if (density(lips, lab.L[i]!, lab.A[i]!, lab.B[i]!) > density(skin, lab.L[i]!, lab.A[i]!, lab.B[i]!))
        lipLike++;
    }
  const visible = inside > 0 ? lipLike / inside : 0;
  if (!isLip || !lips) return { weight, lips: null, visible: isLip ? visible : 0 };
  // Teeth against the lips too: clearly lighter and greyer than the lips themselves.
  const lipChroma = Math.hypot(lips.a, lips.b);
  const isTeeth = (i: number) =>
    isTooth(i) || (lab.L[i]! > lips.L + 8 && Math.hypot(lab.A[i]!, lab.B[i]!) < 0.6 * lipChroma);
  for (let i = 0; i < weight.data.length; i++) {
    const s = soft.data[i]!;
    if (s <= 0.01 || isTeeth(i)) continue;
    const L = lab.L[i]!;
    const a = lab.A[i]!;
    const b = lab.B[i]!;
    // Which colour is it nearer, in each model's own spread: lips → 1, the cheeks' skin (a
    // finger, a hand) → 0, a steep step between; far from both (hair, glasses, food, the dark of
    // the mouth) → 0 as well.
    const dl = distance(lips, L, a, b);
    const ds = distance(skin, L, a, b);
    const t = Math.min(1, Math.max(0, (ds - dl + 0.2) / 0.9));
    const near = Math.min(1, Math.max(0, 3.5 - dl));
    weight.data[i] = s * t * t * (3 - 2 * t) * near;
  }
  // A touch of smoothing so the weight follows the lip edge, not single pixels.
  const smooth = blurPlane(weight.data, w, h, Math.max(1, faceWidth / 250));
  for (let i = 0; i < smooth.length; i++)
    weight.data[i] = isTeeth(i) ? 0 : Math.min(soft.data[i]!, Math.min(1, smooth[i]! * 1.15));
  return { weight, lips, visible };
}

/**
 * Shifts the crop's colour in L*a*b* where `weight` says: the broad hue and chroma (blurred over
 * `radius`, weighted) move towards (a, b) by the weight, the lightness by `dL` (scaled by the
 * weight) — each pixel keeps its own detail over the broad colour.
 */
function shiftLab(
  image: RgbImage,
  lab: { L: Float32Array; A: Float32Array; B: Float32Array },
  x0: number,
  y0: number,
  w: number,
  h: number,
  weight: Float32Array,
  target: { a: number; b: number } | null,
  delta: { a: number; b: number; L: number },
  radius: number,
  highlightEase = 0,
): void {
  const n = w * h;
  let broadA: Float32Array | null = null;
  let broadB: Float32Array | null = null;
  let broadL: Float32Array | null = null;
  if (target || highlightEase > 0) {
    const num = (p: Float32Array) => {
      const v = new Float32Array(n);
      for (let i = 0; i < n; i++) v[i] = p[i]! * weight[i]!;
      return blurPlane(v, w, h, radius);
    };
    const den = blurPlane(weight, w, h, radius);
    const norm = (p: Float32Array) => {
      const top = num(p);
      for (let i = 0; i < n; i++) top[i] = den[i]! > 1e-4 ? top[i]! / den[i]! : 0;
      return top;
    };
    broadA = norm(lab.A);
    broadB = norm(lab.B);
    broadL = norm(lab.L);
  }
  const rgb = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    let k = weight[i]!;
    if (k <= 0.003) continue;
    // Highlights (gloss on the lips) keep their brightness and take less colour.
    if (highlightEase > 0 && broadL)
      k *= 1 - highlightEase * Math.min(1, Math.max(0, (lab.L[i]! - broadL[i]! - 4) / 10));
    let a = lab.A[i]! + k * delta.a;
    let b = lab.B[i]! + k * delta.b;
    if (target && broadA && broadB) {
      a += k * (target.a - broadA[i]!);
      b += k * (target.b - broadB[i]!);
    }
    const L = lab.L[i]! + k * delta.L;
    labToRgb(L, a, b, rgb);
    const o = (((i / w) | 0) + y0) * image.width + (i % w) + x0;
    image.data[o * 3] = Math.round(rgb[0]! * 255);
    image.data[o * 3 + 1] = Math.round(rgb[1]! * 255);
    image.data[o * 3 + 2] = Math.round(rgb[2]! * 255);
  }
}

/** The look's colour (sRGB 0..1) in L*a*b*. */
function lookLab(colour: readonly [number, number, number]): [number, number, number] {
  const lab = [0, 0, 0];
  rgbToLab(colour[0], colour[1], colour[2], lab);
  return lab as [number, number, number];
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
  // Sheen is broad; the pores' own bright points are texture and stay (a blur of 1.5 px first).
  const sheen = blurPlane(l, weight.width, weight.height, 1.5);
  for (let i = 0; i < n; i++) {
    const w = weight.data[i]!;
    if (w <= 0.002) continue;
    const excess = sheen[i]! - low[i]! - 0.015;
    if (excess <= 0) continue;
    const down = 255 * amount * w * excess;
    const o = ((Math.floor(i / weight.width) + y0) * width + (i % weight.width) + x0) * 3;
    for (let c = 0; c < 3; c++) data[o + c] = Math.round(Math.max(0, data[o + c]! - down));
  }
}

/** What the makeup pass found on each face (for tests and the engine sheet). */
export interface TMakeupReport {
  /** Per face: share of the lip outline that read as lip; 0 when the mouth was covered. */
  lipsVisible: number[];
}

/**
 * The makeup styles' makeup over the retouched photo, in place (see the module comment). Lips are
 * coloured even when the job excludes them from the retouch: the exclusion keeps their shape and
 * texture out of the smoothing (skin.ts), and colour is what a makeup style is for. `skinWeight` is
 * the retouch's skin weight; `strength` scales every amount (the style strength).
 */
export function applyMakeup(
  image: RgbImage,
  analysis: TFaceAnalysis,
  skinWeight: BoxMask,
  look: TMakeupLook,
  strength: number,
): TMakeupReport {
  const report: TMakeupReport = { lipsVisible: [] };
  const s = Math.min(1, Math.max(0, strength));
  if (s <= 0) return report;
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
    const lab = labOf(image, x0, y0, w, h);
    // A black-and-white photo takes makeup as shading only: no colour where there was none.
    const chromas: number[] = [];
    for (let i = 0; i < lab.A.length; i += 7) chromas.push(Math.hypot(lab.A[i]!, lab.B[i]!));
    chromas.sort((p, q) => p - q);
    const hue = (chromas[chromas.length >> 1] ?? 0) < 3 ? 0 : 1;

    // Never on the eyes or brows: their outlines, grown by a feather.
    const keepOff = createMask(w, h);
    for (const path of [RIGHT_EYE, LEFT_EYE, RIGHT_EYEBROW, LEFT_EYEBROW])
      fillPolygon(keepOff, points(mesh, path, x0, y0));
    const guard = featherMask(keepOff, Math.max(1, fw / 80));
    for (let i = 0; i < guard.data.length; i++)
      guard.data[i] = Math.min(1, Math.max(keepOff.data[i]!, guard.data[i]! * 2.5));

    // Lips: only what is lip.
    const lips = lipWeight(lab, mesh, x0, y0, w, h, fw);
    report.lipsVisible.push(lips.visible);
    if (lips.lips) {
      const [, ta, tb] = lookLab(look.lip.colour);
      // On deep lips (darker skin) the look's chroma is scaled down a little, so it reads as a
      // berry on the lips' own depth rather than a chalky pink over it.
      const depth = Math.min(1, Math.max(0.55, lips.lips.L / 55));
      // Lips already near the look's colour still change visibly: the target's chroma stays a
      // step above the lips' own, in the look's hue.
      const lookChroma = Math.hypot(ta, tb) * depth;
      const own = Math.hypot(lips.lips.a, lips.lips.b);
      // Makeup: the look's colour, never less colourful than the lips' own. Matte: its own muted colour,
      // whatever the lips had (pale lips take it on, vivid ones are toned down to it).
      const chroma = look.sheen < 0 ? lookChroma : Math.max(lookChroma, own);
      const scale = chroma / Math.max(1e-6, Math.hypot(ta, tb));
      const amount = look.lip.amount * s;
      const weight = lips.weight.data.map((v) => v * amount);
      shiftLab(
        image,
        lab,
        x0,
        y0,
        w,
        h,
        weight,
        hue ? { a: ta * scale, b: tb * scale } : null,
        { a: 0, b: 0, L: -look.lip.deepen * 40 * Math.min(1, lips.lips.L / 60) },
        Math.max(2, fw / 30),
        0.7,
      );
    }

    // Blush: along the cheekbone, from the apple towards the ear, on skin, off the under-eye.
    const blush = createMask(w, h);
    CHEEKS.forEach((apple, side) => {
      const [ax, ay] = points(mesh, [apple], x0, y0)[0]!;
      const [ex, ey] = points(mesh, [CHEEKBONE_ENDS[side]!], x0, y0)[0]!;
      const length = Math.hypot(ex - ax, ey - ay);
      const angle = Math.atan2(ey - ay, ex - ax);
      addEllipse(blush, ax + (ex - ax) * 0.08, ay + (ey - ay) * 0.08, length * 0.46, fw * 0.115, angle, 0);
    });
    const underEyeGuard = createMask(w, h);
    for (const path of [RIGHT_EYE, LEFT_EYE]) fillPolygon(underEyeGuard, points(mesh, path, x0, y0));
    const eyeSoft = featherMask(underEyeGuard, fw * 0.06);
    const blushWeight = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const v = blush.data[i]!;
        if (v <= 0) continue;
        const t = v * v * (3 - 2 * v);
        blushWeight[i] =
          t *
          look.blush.amount *
          s *
          boxMaskAt(skinWeight, x + x0, y + y0) *
          (1 - Math.min(1, eyeSoft.data[i]! * 2.5)) *
          (1 - guard.data[i]!);
      }
    const [, ba, bb] = lookLab(look.blush.colour);
    // A shift, not a colour: mostly towards red (a*), a little of the look's own warmth.
    shiftLab(
      image,
      lab,
      x0,
      y0,
      w,
      h,
      blushWeight,
      null,
      { a: hue * (10 + 0.1 * ba), b: hue * 0.15 * (bb - 10), L: -2 },
      Math.max(2, fw / 30),
    );

    // A soft shadow on each upper lid, between the eye outline and the brow.
    const lids = createMask(w, h);
    for (const lid of UPPER_LIDS) {
      const pts = points(mesh, lid, x0, y0);
      const [cx, cy] = mean(pts);
      const eyeW = Math.max(...pts.map((p) => p[0])) - Math.min(...pts.map((p) => p[0]));
      addEllipse(lids, cx, cy - eyeW * 0.12, eyeW * 0.62, eyeW * 0.26, 0, 0.2, look.eyes.amount * s);
    }
    const lidWeight = lids.data.map((v, i) => v * (1 - guard.data[i]!));
    const [, ea, eb] = lookLab(look.eyes.colour);
    shiftLab(
      image,
      lab,
      x0,
      y0,
      w,
      h,
      lidWeight,
      null,
      { a: hue * 0.4 * ea, b: hue * (0.4 * eb - 2), L: -look.eyes.deepen * 45 },
      2,
    );

    if (look.sheen < 0 && lips.lips) {
      // Matte lips: their gloss brought down towards their colour (the skin's matte finish is the
      // shine control's, whose default the matte style raises).
      lowerSheen(image, x0, y0, lips.weight, Math.min(1, -look.sheen * s), Math.max(2, fw / 25));
    }
  }
  return report;
}
