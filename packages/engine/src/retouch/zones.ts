/**
 * Soft zones of one face drawn from its 478-point mesh (MediaPipe indices), in the coordinates of
 * a crop: where each fine-tuning control works. All are 0..1 and feathered, so no treatment ends
 * on a line.
 */

import { LEFT_EYE, NOSE_POINTS, RIGHT_EYE, SILHOUETTE } from "../face/mesh-indices.ts";
import type { TMesh } from "../face/regions.ts";
import { createMask, type Mask } from "../image.ts";
import { convexHull, featherMask, fillPolygon, type TPoint } from "../masks.ts";

/** The lower lid, corner to corner, of each eye (subject's right, then left). */
export const LOWER_LIDS = [
  [33, 7, 163, 144, 145, 153, 154, 155, 133],
  [263, 249, 390, 373, 374, 380, 381, 382, 362],
] as const;
/** Cheek points below each eye, level with the nose's middle: the under-eye's reference skin. */
export const UNDER_EYE_REFERENCE = [
  [118, 101, 50],
  [347, 330, 280],
] as const;
/** The lower nose: tip, alae and nostrils (no spot is healed here: nostrils are dark blobs). */
const LOWER_NOSE = [
  48, 64, 98, 97, 2, 326, 327, 294, 278, 344, 440, 275, 4, 45, 220, 115, 19, 94, 1, 79, 309, 237, 457, 218,
  438, 60, 290, 75, 305, 166, 392, 239, 459, 242, 462, 20, 250, 59, 289, 235, 455, 129, 358, 102, 331, 164,
  393, 167, 165, 92, 322, 391, 186, 410,
];
/** The forehead's lower edge (over the brows) and the points of its centre. */
const FOREHEAD = [10, 338, 297, 332, 284, 333, 299, 337, 151, 108, 69, 104, 54, 103, 67, 109];
/** The nose bridge and tip. */
const NOSE_BRIDGE = [168, 6, 197, 195, 5, 4, 1, 45, 275, 51, 281, 122, 351];
/** The chin. */
const CHIN = [152, 148, 176, 149, 377, 400, 378, 199, 175, 171, 396, 208, 428, 200, 18, 83, 313];

export interface TFaceZones {
  /** Soft discs under the lower lids (dark circles), the subject's right eye then left. */
  underEyes: [Mask, Mask];
  /** Forehead, nose and chin (shine). */
  tZone: Mask;
  /** The lower nose: tip, alae and nostrils, generously grown (no spot healing). */
  lowerNose: Mask;
  /** The whole nose, bridge to nostrils (its creases and shading are its shape: no line softening). */
  nose: Mask;
  /** The eyes grown by a little (no under-eye change reaches the lashes). */
  eyes: Mask;
  /** The eyes grown by 4% of the face width, corners included (no spot is healed there). */
  eyeGuard: Mask;
}

function pts(mesh: TMesh, indices: readonly number[], dx: number, dy: number): TPoint[] {
  return indices.map((i) => [mesh[i]![0] - dx, mesh[i]![1] - dy] as TPoint);
}

function spread(points: readonly TPoint[]): number {
  const xs = points.map((p) => p[0]);
  return Math.max(...xs) - Math.min(...xs);
}

/** Adds a rotated elliptical bump (cosine falloff from `inner` to 1 of the radius) into `mask`, keeping the max. */
export function addEllipse(
  mask: Mask,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  angle = 0,
  inner = 0.4,
  peak = 1,
): void {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const R = Math.ceil(Math.max(rx, ry));
  for (let y = Math.max(0, Math.floor(cy - R)); y <= Math.min(mask.height - 1, Math.ceil(cy + R)); y++) {
    for (let x = Math.max(0, Math.floor(cx - R)); x <= Math.min(mask.width - 1, Math.ceil(cx + R)); x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const u = (dx * cos + dy * sin) / rx;
      const v = (-dx * sin + dy * cos) / ry;
      const d = Math.sqrt(u * u + v * v);
      if (d >= 1) continue;
      const t = d <= inner ? 1 : 0.5 + 0.5 * Math.cos(((d - inner) / (1 - inner)) * Math.PI);
      const i = y * mask.width + x;
      const value = peak * t;
      if (value > mask.data[i]!) mask.data[i] = value;
    }
  }
}

/**
 * The face's own area in a crop at (x0, y0): its silhouette, grown by 8% of its width and
 * feathered, so a neighbour's treatment in a group photo stays off it.
 */
export function faceTerritory(
  mesh: TMesh,
  x0: number,
  y0: number,
  width: number,
  height: number,
): Float32Array {
  const outline = pts(mesh, SILHOUETTE, x0, y0);
  const fw = Math.max(8, spread(outline));
  const territory = createMask(width, height);
  fillPolygon(territory, outline);
  const grown = featherMask(territory, fw * 0.06);
  for (let i = 0; i < territory.data.length; i++)
    grown.data[i] = Math.min(1, Math.max(territory.data[i]!, grown.data[i]! * 2));
  return grown.data;
}

/** The zones of the face with `mesh` (image coordinates) in a crop at (x0, y0) of width × height. */
export function faceZones(mesh: TMesh, x0: number, y0: number, width: number, height: number): TFaceZones {
  const fw = Math.max(8, spread(pts(mesh, SILHOUETTE, x0, y0)));
  const eyes = createMask(width, height);
  fillPolygon(eyes, pts(mesh, RIGHT_EYE, x0, y0));
  fillPolygon(eyes, pts(mesh, LEFT_EYE, x0, y0));
  const eyesSoft = featherMask(eyes, fw * 0.012);
  for (let i = 0; i < eyes.data.length; i++)
    eyesSoft.data[i] = Math.min(1, Math.max(eyes.data[i]!, eyesSoft.data[i]! * 2));

  // Under each eye: an ellipse hanging from the lower lid, as wide as the eye, reaching a third of
  // the way to the nose tip's level; never on the eye itself.
  const underEyes = LOWER_LIDS.map((lid) => {
    const zone = createMask(width, height);
    const p = pts(mesh, lid, x0, y0);
    const eyeW = Math.max(4, spread(p));
    const cx = p.reduce((s, q) => s + q[0], 0) / p.length;
    const cy = Math.max(...p.map((q) => q[1]));
    addEllipse(zone, cx, cy + eyeW * 0.3, eyeW * 0.6, eyeW * 0.32, 0, 0.35);
    // The band right under the lashes (the lower lid's roll, 애교살, and its shadow) is the eye's
    // own shape: the zone starts below it.
    const lidTop = cy + eyeW * 0.06;
    const ramp = eyeW * 0.16;
    for (let y = 0; y < height; y++) {
      const t = Math.min(1, Math.max(0, (y - lidTop) / ramp));
      const k = t * t * (3 - 2 * t);
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        zone.data[i] = zone.data[i]! * k * (1 - eyesSoft.data[i]!);
      }
    }
    return zone;
  }) as [Mask, Mask];

  const tZone = createMask(width, height);
  fillPolygon(tZone, convexHull(pts(mesh, FOREHEAD, x0, y0)));
  fillPolygon(tZone, convexHull(pts(mesh, NOSE_BRIDGE, x0, y0)));
  fillPolygon(tZone, convexHull(pts(mesh, CHIN, x0, y0)));
  const tSoft = featherMask(tZone, fw * 0.04);

  const lowerNose = createMask(width, height);
  fillPolygon(lowerNose, convexHull(pts(mesh, LOWER_NOSE, x0, y0)));
  const noseSoft = featherMask(lowerNose, fw * 0.05);
  for (let i = 0; i < lowerNose.data.length; i++)
    noseSoft.data[i] = Math.min(1, Math.max(lowerNose.data[i]!, noseSoft.data[i]! * 2));

  const nose = createMask(width, height);
  fillPolygon(nose, convexHull(pts(mesh, [...NOSE_POINTS, ...LOWER_NOSE], x0, y0)));
  const noseAll = featherMask(nose, fw * 0.03);
  for (let i = 0; i < nose.data.length; i++)
    noseAll.data[i] = Math.min(1, Math.max(nose.data[i]!, noseAll.data[i]! * 2));

  const eyeGuard = featherMask(eyes, fw * 0.04);
  for (let i = 0; i < eyes.data.length; i++)
    eyeGuard.data[i] = Math.min(1, Math.max(eyes.data[i]!, eyeGuard.data[i]! * 2));

  return { eyeGuard, nose: noseAll, underEyes, tZone: tSoft, lowerNose: noseSoft, eyes: eyesSoft };
}
