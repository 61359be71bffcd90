/**
 * Face edit's reshape, as warp controls (warp.ts) placed on one face's 478-point mesh: jaw and
 * cheek line, eye size, nose width and lip fullness, in a feminine or masculine direction.
 * Distances are measured in the face's own frame (its eye line and the perpendicular), so a tilted
 * or turned face is reshaped along its own axes and a foreshortened side moves less.
 */
import type { TOutlineSide, TScale, TShiftGroup, TVec, TWarpControls } from "./warp.ts";

export type TReshapeDirection = "feminine" | "masculine";

/** The reshape's relative amounts at a given strength (signed; also the result's metadata). */
export interface TReshapeAmounts {
  /** Jaw line moved inward (−) or outward (+), as a share of its distance from the midline, at its peak. */
  jaw: number;
  /** Vertical scale of each eye at its centre (+ larger, − smaller opening). */
  eyes: number;
  /** Horizontal scale of the nose at its centre (− narrower, + broader). */
  nose: number;
  /** Vertical scale of the lips at their centre (+ fuller, − thinner). */
  lips: number;
}

/**
 * The amounts at strength 1, the slider's default. Tasteful: at 1 the change is seen at a
 * glance; the strongest setting (1.8, face-edit.ts) is clearly stronger but stays plausible.
 */
const FEMININE: TReshapeAmounts = { jaw: -0.09, eyes: 0.13, nose: -0.15, lips: 0.14 };
const MASCULINE: TReshapeAmounts = { jaw: 0.08, eyes: -0.07, nose: 0.15, lips: -0.1 };

export function reshapeAmounts(direction: TReshapeDirection, strength: number): TReshapeAmounts {
  const base = direction === "feminine" ? FEMININE : MASCULINE;
  const k = Math.max(0, strength);
  return { jaw: base.jaw * k, eyes: base.eyes * k, nose: base.nose * k, lips: base.lips * k };
}

/** Jaw contours from the cheek (t = 0) down to the chin (t = 1), subject's right then left. */
const JAW_RIGHT = [234, 93, 132, 58, 172, 136, 150, 149, 176, 148] as const;
const JAW_LEFT = [454, 323, 361, 288, 397, 365, 379, 378, 400, 377] as const;
const CHIN = 152;
/**
 * How much of the jaw's move each contour point takes. Feminine: the V-line slims most between
 * the jaw angle and the chin; masculine: the jaw angle itself widens most (a squarer jaw).
 */
const JAW_PROFILE_FEMININE = [0, 0.2, 0.55, 0.85, 1, 0.9, 0.6, 0.3, 0.1, 0];
const JAW_PROFILE_MASCULINE = [0, 0.1, 0.4, 0.85, 1, 0.85, 0.5, 0.25, 0.1, 0];

/** The lid margins around each eye (MediaPipe's eye outline paths). */
const RIGHT_EYE_LIDS = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246] as const;
const LEFT_EYE_LIDS = [
  263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466,
] as const;
const RIGHT_EYE_POINTS = [33, 133, 159, 145] as const;
const LEFT_EYE_POINTS = [263, 362, 386, 374] as const;
const NOSE_RIGHT = [48, 64, 98, 102, 115, 129] as const;
const NOSE_LEFT = [278, 294, 327, 331, 344, 358] as const;

type TMesh = ReadonlyArray<readonly [number, number, number]>;

function point(mesh: TMesh, index: number): TVec {
  const p = mesh[index];
  return p ? [p[0], p[1]] : [0, 0];
}

function mean(mesh: TMesh, indices: readonly number[]): TVec {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    const p = point(mesh, i);
    x += p[0];
    y += p[1];
  }
  return [x / indices.length, y / indices.length];
}

const dist = (a: TVec, b: TVec) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function polygonArea(mesh: TMesh, indices: readonly number[]): number {
  let area = 0;
  for (let i = 0; i < indices.length; i++) {
    const a = point(mesh, indices[i]!);
    const b = point(mesh, indices[(i + 1) % indices.length]!);
    area += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(area) / 2;
}

/** The face's frame: its left–right axis along the eye line (image left to right), down across it. */
export interface TFaceFrame {
  axis: TVec;
  down: TVec;
  /** Cheek to cheek along the axis, in pixels. */
  width: number;
  /** Nose bridge (between the eyes) to chin, in pixels. */
  height: number;
  /** Half widths, from the nose bridge to each cheek along the axis (subject's right, left). */
  halfRight: number;
  halfLeft: number;
}

export function faceFrame(mesh: TMesh): TFaceFrame {
  const rightEye = mean(mesh, RIGHT_EYE_POINTS);
  const leftEye = mean(mesh, LEFT_EYE_POINTS);
  let ax = leftEye[0] - rightEye[0];
  let ay = leftEye[1] - rightEye[1];
  const len = Math.hypot(ax, ay) || 1;
  ax /= len;
  ay /= len;
  const along = (p: TVec) => p[0] * ax + p[1] * ay;
  const bridge = point(mesh, 168);
  const halfRight = Math.max(0, along(bridge) - along(point(mesh, 234)));
  const halfLeft = Math.max(0, along(point(mesh, 454)) - along(bridge));
  return {
    axis: [ax, ay],
    down: [-ay, ax],
    width: halfRight + halfLeft,
    height: dist(bridge, point(mesh, CHIN)),
    halfRight,
    halfLeft,
  };
}

/** The spread of a feature along the face's axis (outermost right point to outermost left). */
function spread(mesh: TMesh, frame: TFaceFrame, right: readonly number[], left: readonly number[]): number {
  const along = (i: number) => {
    const p = point(mesh, i);
    return p[0] * frame.axis[0] + p[1] * frame.axis[1];
  };
  return Math.max(0, Math.max(...left.map(along)) - Math.min(...right.map(along)));
}

/** The warp controls that reshape one face by `amounts`. */
export function faceReshapeControls(mesh: TMesh, amounts: TReshapeAmounts): TWarpControls {
  const frame = faceFrame(mesh);
  const { axis, down, width } = frame;
  const scales: TScale[] = [];
  if (width < 8) return { groups: [], scales };

  // Jaw and cheek line: each side's outline, from the cheek down to the chin, moves toward the
  // midline (−) or away from it (+) by a share of its own distance from the midline. The move spreads
  // into the lower face from a quarter of the way out (the mouth and the chin's centre barely move) and fades over
  // 90% of the outline's distance beyond it (the background is pulled along only gently).
  const profile = amounts.jaw < 0 ? JAW_PROFILE_FEMININE : JAW_PROFILE_MASCULINE;
  const bridge = point(mesh, 168);
  const frameOf = (p: TVec) => {
    const dx = p[0] - bridge[0];
    const dy = p[1] - bridge[1];
    return { h: dx * axis[0] + dy * axis[1], v: dx * down[0] + dy * down[1] };
  };
  const outlines: TOutlineSide[] = [];
  const sides = [
    { contour: JAW_RIGHT, half: frame.halfRight, side: -1 },
    { contour: JAW_LEFT, half: frame.halfLeft, side: 1 },
  ] as const;
  const chin = frameOf(point(mesh, CHIN));
  for (const side of sides) {
    const levels: number[] = [];
    const reach: number[] = [];
    const moves: number[] = [];
    side.contour.forEach((index, i) => {
      const { h, v } = frameOf(point(mesh, index));
      // Heights must rise down the outline; a point that does not (a turned face) is skipped.
      if (levels.length > 0 && v <= levels[levels.length - 1]! + 0.5) return;
      const c = Math.max(0.05 * width, h * side.side);
      levels.push(v);
      reach.push(c);
      moves.push(amounts.jaw * profile[i]! * c);
    });
    // The move fades to zero at the chin.
    if (chin.v > levels[levels.length - 1]! + 0.5) {
      levels.push(chin.v);
      reach.push(Math.max(0.05 * width, chin.h * side.side));
      moves.push(0);
    } else if (moves.length > 0) {
      moves[moves.length - 1] = 0;
    }
    if (levels.length >= 2) {
      outlines.push({
        origin: bridge,
        axis,
        down,
        side: side.side,
        levels,
        reach,
        moves,
        inner: 0.25,
        outer: 0.9,
      });
    }
  }
  const groups: TShiftGroup[] = [];
  // The chin: a slimmer jaw reads as a V-line when the chin also comes down a little.
  if (amounts.jaw < 0) {
    const drop = -amounts.jaw * 0.12 * frame.height;
    groups.push({
      shifts: [{ at: point(mesh, CHIN), move: [drop * down[0], drop * down[1]], sigma: 0.12 * width }],
    });
  }

  // Eyes: larger (mostly taller) or a slightly smaller opening, around each eye's centre. The
  // reach stops short of the brows and of where glasses' rims usually sit, so they stay straight.
  for (const [points, outer, inner] of [
    [RIGHT_EYE_POINTS, 33, 133],
    [LEFT_EYE_POINTS, 263, 362],
  ] as const) {
    const eyeWidth = dist(point(mesh, outer), point(mesh, inner));
    if (eyeWidth < 2) continue;
    scales.push({
      centre: mean(mesh, points),
      axis,
      rx: 0.9 * eyeWidth,
      ry: 0.36 * eyeWidth,
      sx: amounts.eyes > 0 ? amounts.eyes * 0.5 : 0,
      sy: amounts.eyes,
    });
  }

  // Nose: narrower or broader across the wings, centred a little above them.
  const noseWidth = spread(mesh, frame, NOSE_RIGHT, NOSE_LEFT);
  if (noseWidth > 2) {
    const wings = mean(mesh, [64, 294]);
    const centre: TVec = [wings[0] - 0.15 * noseWidth * down[0], wings[1] - 0.15 * noseWidth * down[1]];
    scales.push({ centre, axis, rx: 1.35 * noseWidth, ry: 0.65 * noseWidth, sx: amounts.nose, sy: 0 });
  }

  // Lips: fuller or thinner, around the mouth's centre line.
  const mouthWidth = dist(point(mesh, 61), point(mesh, 291));
  const lipHeight = dist(point(mesh, 0), point(mesh, 17));
  if (mouthWidth > 2) {
    scales.push({
      centre: mean(mesh, [13, 14, 0, 17]),
      axis,
      rx: 0.85 * mouthWidth,
      ry: Math.max(1.3 * lipHeight, 0.45 * mouthWidth),
      sx: amounts.lips > 0 ? amounts.lips * 0.15 : 0,
      sy: amounts.lips,
    });
  }
  return { groups, scales, outlines };
}

/** Measurements of a face on its mesh, for tests and the reshape's report. */
export function faceMeasures(mesh: TMesh): {
  /** Jaw width at the jaw angle and halfway to the chin, along the face's axis. */
  jawWidth: number;
  /** Mean eye opening (upper to lower lid at the middle). */
  eyeOpening: number;
  /** Mean area inside the lid margins (pixels²): steadier than one opening. */
  eyeArea: number;
  noseWidth: number;
  /** Upper lip top to lower lip bottom. */
  lipHeight: number;
  faceWidth: number;
} {
  const frame = faceFrame(mesh);
  const along = (i: number) => {
    const p = point(mesh, i);
    return p[0] * frame.axis[0] + p[1] * frame.axis[1];
  };
  const jawWidth = (along(397) - along(172) + along(365) - along(136) + along(379) - along(150)) / 3;
  const eyeOpening =
    (dist(point(mesh, 159), point(mesh, 145)) + dist(point(mesh, 386), point(mesh, 374))) / 2;
  const eyeArea = (polygonArea(mesh, RIGHT_EYE_LIDS) + polygonArea(mesh, LEFT_EYE_LIDS)) / 2;
  return {
    jawWidth,
    eyeOpening,
    eyeArea,
    noseWidth: spread(mesh, frame, NOSE_RIGHT, NOSE_LEFT),
    lipHeight: dist(point(mesh, 0), point(mesh, 17)),
    faceWidth: frame.width,
  };
}
