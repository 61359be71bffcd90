import { MASK_CANVAS_FIT } from "@gyeol/shared/mask";

/**
 * Where the picture sits on the stage. At zoom 1 it is fitted (spec 02 §2.4: to 90% of the
 * window, inside the stage); zoom multiplies that, and pan moves its centre away from the
 * stage's centre, in screen pixels. Pure, so zooming at the cursor is testable.
 */
export interface TView {
  zoom: number;
  panX: number;
  panY: number;
}

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.25;
/** Keeps at least this much of the picture on the stage when panning. */
const KEEP_VISIBLE_PX = 48;

export const FITTED_VIEW: TView = { zoom: 1, panX: 0, panY: 0 };

export interface TSize {
  width: number;
  height: number;
}

/** Screen pixels per image pixel at zoom 1. */
export function fitScale(image: TSize, stage: TSize, window: TSize): number {
  const width = Math.min(stage.width, window.width * MASK_CANVAS_FIT);
  const height = Math.min(stage.height, window.height * MASK_CANVAS_FIT);
  if (image.width <= 0 || image.height <= 0 || width <= 0 || height <= 0) return 1;
  return Math.min(width / image.width, height / image.height);
}

export function clampPan(view: TView, fitted: TSize, stage: TSize): TView {
  const limitX = Math.max(0, (stage.width + fitted.width * view.zoom) / 2 - KEEP_VISIBLE_PX);
  const limitY = Math.max(0, (stage.height + fitted.height * view.zoom) / 2 - KEEP_VISIBLE_PX);
  return {
    zoom: view.zoom,
    panX: Math.min(limitX, Math.max(-limitX, view.panX)),
    panY: Math.min(limitY, Math.max(-limitY, view.panY)),
  };
}

/**
 * Zooms by factor keeping the point under (x, y) — stage pixels from the stage's top left — where
 * it is: the picture's centre moves away from that point by the same factor.
 */
export function zoomAt(view: TView, factor: number, x: number, y: number, stage: TSize): TView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  const applied = zoom / view.zoom;
  const centreX = stage.width / 2 + view.panX;
  const centreY = stage.height / 2 + view.panY;
  return {
    zoom,
    panX: x + (centreX - x) * applied - stage.width / 2,
    panY: y + (centreY - y) * applied - stage.height / 2,
  };
}

export function panBy(view: TView, dx: number, dy: number): TView {
  return { ...view, panX: view.panX + dx, panY: view.panY + dy };
}

/** A wheel notch (about 100 px of deltaY) zooms by about ZOOM_STEP; trackpads send smaller deltas. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return ZOOM_STEP ** (-pixels / 100);
}
