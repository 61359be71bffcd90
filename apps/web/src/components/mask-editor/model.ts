import {
  createRaster,
  fillCapsule,
  fillRect,
  fullRect,
  invertRaster,
  PAINTED,
  sampleInto,
  type TDirtyRect,
  type TRaster,
  UNPAINTED,
  unionDirty,
} from "./raster.ts";

/**
 * The mask as data: what the user did, in the image's own pixel coordinates, never pixels on a
 * screen. Undo and redo move operations between two lists; the mask itself is rendered from the
 * list at whatever resolution is asked (the screen's while editing, the image's on save).
 */

export type TMaskPaint = "draw" | "erase";
export type TPoint = readonly [number, number];

/** A mask image brought in by the user, already reduced to painted (255) or not (0). */
export interface TImportedMask {
  width: number;
  height: number;
  data: Uint8Array;
}

export type TMaskOp =
  /** A round brush along the points; size is the diameter in image pixels. */
  | { kind: "stroke"; mode: TMaskPaint; size: number; points: readonly TPoint[] }
  | { kind: "rect"; mode: TMaskPaint; x: number; y: number; w: number; h: number }
  | { kind: "invert" }
  | { kind: "clear" }
  /** Replaces everything before it with the imported mask, stretched to the image. */
  | { kind: "import"; mask: TImportedMask };

export interface TMaskDoc {
  /** The image's own size: every coordinate in ops is in these pixels. */
  width: number;
  height: number;
  ops: readonly TMaskOp[];
  redo: readonly TMaskOp[];
}

export function createMaskDoc(width: number, height: number): TMaskDoc {
  return { width, height, ops: [], redo: [] };
}

/** Adds a user action; a new action forgets what could have been redone. */
export function applyOp(doc: TMaskDoc, op: TMaskOp): TMaskDoc {
  return { ...doc, ops: [...doc.ops, op], redo: [] };
}

export function canUndo(doc: TMaskDoc): boolean {
  return doc.ops.length > 0;
}

export function canRedo(doc: TMaskDoc): boolean {
  return doc.redo.length > 0;
}

export function undo(doc: TMaskDoc): TMaskDoc {
  const last = doc.ops.at(-1);
  if (!last) return doc;
  return { ...doc, ops: doc.ops.slice(0, -1), redo: [...doc.redo, last] };
}

export function redo(doc: TMaskDoc): TMaskDoc {
  const next = doc.redo.at(-1);
  if (!next) return doc;
  return { ...doc, ops: [...doc.ops, next], redo: doc.redo.slice(0, -1) };
}

/** Clear is an action like any other, so it can be undone. */
export function clearMask(doc: TMaskDoc): TMaskDoc {
  const last = doc.ops.at(-1);
  if (!last || last.kind === "clear") return doc;
  return applyOp(doc, { kind: "clear" });
}

export function invertMask(doc: TMaskDoc): TMaskDoc {
  return applyOp(doc, { kind: "invert" });
}

export function importMask(doc: TMaskDoc, mask: TImportedMask): TMaskDoc {
  return applyOp(doc, { kind: "import", mask });
}

/** True when both documents hold the very same operations (what was saved is what is shown). */
export function hasSameOps(a: TMaskDoc, b: TMaskDoc): boolean {
  return a.ops.length === b.ops.length && a.ops.every((op, index) => op === b.ops[index]);
}

/** Keeps stored coordinates short; a hundredth of an image pixel is far below what anyone sees. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Draws one operation onto a raster whose pixels are scaleX × scaleY image pixels wide, and says
 * which pixels it may have changed. Used for the whole document and, while a stroke is drawn, for
 * each new segment alone (drawing and erasing set pixels, so a stroke drawn piecewise is the same
 * as the stroke drawn at once).
 */
export function drawOp(raster: TRaster, op: TMaskOp, scaleX: number, scaleY: number): TDirtyRect | null {
  switch (op.kind) {
    case "stroke": {
      const value = op.mode === "draw" ? PAINTED : UNPAINTED;
      const radius = (op.size / 2) * Math.sqrt(scaleX * scaleY);
      const [first, ...rest] = op.points;
      if (!first) return null;
      let dirty = fillCapsule(
        raster,
        first[0] * scaleX,
        first[1] * scaleY,
        first[0] * scaleX,
        first[1] * scaleY,
        radius,
        value,
      );
      let previous = first;
      for (const point of rest) {
        dirty = unionDirty(
          dirty,
          fillCapsule(
            raster,
            previous[0] * scaleX,
            previous[1] * scaleY,
            point[0] * scaleX,
            point[1] * scaleY,
            radius,
            value,
          ),
        );
        previous = point;
      }
      return dirty;
    }
    case "rect":
      return fillRect(
        raster,
        op.x * scaleX,
        op.y * scaleY,
        (op.x + op.w) * scaleX,
        (op.y + op.h) * scaleY,
        op.mode === "draw" ? PAINTED : UNPAINTED,
      );
    case "invert":
      invertRaster(raster);
      return fullRect(raster);
    case "clear":
      raster.alpha.fill(UNPAINTED);
      return fullRect(raster);
    case "import":
      sampleInto(raster, op.mask.data, op.mask.width, op.mask.height);
      return fullRect(raster);
  }
}

/**
 * The mask at width × height (the image's own size by default): 255 where painted, 0 elsewhere.
 * Everything before the last clear or import is covered by it, so rendering starts there.
 */
export function renderMask(doc: TMaskDoc, width = doc.width, height = doc.height): Uint8Array {
  const raster = createRaster(width, height);
  renderInto(raster, doc);
  return raster.alpha;
}

export function renderInto(raster: TRaster, doc: TMaskDoc): void {
  raster.alpha.fill(UNPAINTED);
  let start = 0;
  doc.ops.forEach((op, index) => {
    if (op.kind === "clear" || op.kind === "import") start = index;
  });
  const scaleX = raster.width / doc.width;
  const scaleY = raster.height / doc.height;
  for (const op of doc.ops.slice(start)) drawOp(raster, op, scaleX, scaleY);
}

export function isMaskEmpty(alpha: Uint8Array): boolean {
  return !alpha.some((value) => value !== UNPAINTED);
}

/**
 * Reads an imported mask image the way the built-in engine reads a saved one: a picture with any
 * transparency is painted where it is opaque (ComfyUI's alpha masks, our own overlays); an opaque
 * one where it is bright or coloured (white-on-black masks from IOPaint and most tools).
 */
export function maskFromPixels(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): TImportedMask {
  const count = width * height;
  let hasTransparency = false;
  for (let i = 0; i < count; i += 1) {
    if (rgba[i * 4 + 3]! < 255) {
      hasTransparency = true;
      break;
    }
  }
  const data = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const o = i * 4;
    const isPainted = hasTransparency
      ? rgba[o + 3]! >= 128
      : Math.max(rgba[o]!, rgba[o + 1]!, rgba[o + 2]!) > 40;
    data[i] = isPainted ? PAINTED : UNPAINTED;
  }
  return { width, height, data };
}

export type TMaskAction =
  | { type: "apply"; op: TMaskOp }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "clear" }
  | { type: "invert" }
  | { type: "import"; mask: TImportedMask }
  | { type: "reset"; doc: TMaskDoc };

/** One reducer per open editor (useReducer); null until the picture's size is known. */
export function maskReducer(doc: TMaskDoc | null, action: TMaskAction): TMaskDoc | null {
  if (action.type === "reset") return action.doc;
  if (!doc) return doc;
  switch (action.type) {
    case "apply":
      return applyOp(doc, action.op);
    case "undo":
      return undo(doc);
    case "redo":
      return redo(doc);
    case "clear":
      return clearMask(doc);
    case "invert":
      return invertMask(doc);
    case "import":
      return importMask(doc, action.mask);
  }
}
