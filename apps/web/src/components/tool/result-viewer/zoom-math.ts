/**
 * The result viewer's zoom and pan (issue 26), as pure functions of the viewport and the image's
 * natural size. A view is { scale, x, y }: `scale` CSS pixels per image pixel, and (x, y) how far
 * the image's centre sits from the viewport's centre, in CSS pixels.
 *
 * "100 %" is actual pixels: one image pixel per device pixel, so scale = 1 / devicePixelRatio.
 * "Fit" shows the whole image, never enlarged past actual pixels. Zooming keeps the image point
 * under the cursor, the pinch's midpoint or the viewport's centre where it is; panning stops at
 * the image's edges, and an image narrower (or shorter) than the viewport stays centred that way.
 */

export interface TSize {
  width: number;
  height: number;
}

export interface TView {
  scale: number;
  x: number;
  y: number;
}

export interface TPoint {
  x: number;
  y: number;
}

/** How far past the larger of fit and actual pixels the viewer zooms. */
export const MAX_ZOOM_FACTOR = 8;
/** One key press or button click zooms by this factor. */
export const ZOOM_STEP = 1.25;
/** One arrow key pans this share of the viewport. */
export const PAN_STEP_SHARE = 0.1;

export function actualScale(devicePixelRatio: number): number {
  return 1 / (devicePixelRatio > 0 ? devicePixelRatio : 1);
}

export function fitScale(viewport: TSize, image: TSize, devicePixelRatio: number): number {
  if (image.width <= 0 || image.height <= 0 || viewport.width <= 0 || viewport.height <= 0)
    return actualScale(devicePixelRatio);
  return Math.min(
    viewport.width / image.width,
    viewport.height / image.height,
    actualScale(devicePixelRatio),
  );
}

export function scaleLimits(viewport: TSize, image: TSize, devicePixelRatio: number) {
  const min = fitScale(viewport, image, devicePixelRatio);
  const max = Math.max(min, actualScale(devicePixelRatio)) * MAX_ZOOM_FACTOR;
  return { min, max };
}

/** The view moved back inside the image's edges (centred along an axis the image does not fill). */
export function clampView(view: TView, viewport: TSize, image: TSize): TView {
  const limit = (shown: number, room: number) => Math.max(0, (shown - room) / 2);
  const maxX = limit(image.width * view.scale, viewport.width);
  const maxY = limit(image.height * view.scale, viewport.height);
  // `|| 0`: no -0 where the image is centred.
  return {
    scale: view.scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)) || 0,
    y: Math.min(maxY, Math.max(-maxY, view.y)) || 0,
  };
}

export function fitView(viewport: TSize, image: TSize, devicePixelRatio: number): TView {
  return { scale: fitScale(viewport, image, devicePixelRatio), x: 0, y: 0 };
}

/**
 * The view at `scale` (held within the limits) that keeps the image point under `anchor` where it
 * is. `anchor` is relative to the viewport's centre; leave it out to zoom about the centre.
 */
export function zoomTo(
  view: TView,
  scale: number,
  viewport: TSize,
  image: TSize,
  devicePixelRatio: number,
  anchor: TPoint = { x: 0, y: 0 },
): TView {
  const { min, max } = scaleLimits(viewport, image, devicePixelRatio);
  const next = Math.min(max, Math.max(min, scale));
  const ratio = next / view.scale;
  return clampView(
    { scale: next, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio },
    viewport,
    image,
  );
}

/** A wheel turn's zoom factor: one notch (100 px) is about ×1.22; lines and pages count as pixels. */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-pixels * 0.002);
}

export function panBy(view: TView, dx: number, dy: number, viewport: TSize, image: TSize): TView {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, viewport, image);
}

/**
 * A two-finger pinch: the view when it began, the fingers then and now (relative to the viewport's
 * centre). The image point under the first midpoint follows the midpoint, scaled by the spread.
 */
export function pinchView(
  start: TView,
  from: readonly [TPoint, TPoint],
  to: readonly [TPoint, TPoint],
  viewport: TSize,
  image: TSize,
  devicePixelRatio: number,
): TView {
  const spread = (pair: readonly [TPoint, TPoint]) =>
    Math.hypot(pair[0].x - pair[1].x, pair[0].y - pair[1].y);
  const mid = (pair: readonly [TPoint, TPoint]) => ({
    x: (pair[0].x + pair[1].x) / 2,
    y: (pair[0].y + pair[1].y) / 2,
  });
  const before = spread(from);
  const factor = before > 0 ? spread(to) / before : 1;
  const a = mid(from);
  const b = mid(to);
  const zoomed = zoomTo(start, start.scale * factor, viewport, image, devicePixelRatio, a);
  return panBy(zoomed, b.x - a.x, b.y - a.y, viewport, image);
}

/** The zoom as the viewer says it: percent of actual pixels. */
export function zoomPercent(view: TView, devicePixelRatio: number): number {
  return Math.round((view.scale / actualScale(devicePixelRatio)) * 100);
}

/** Whether the image is larger than the viewport along some axis (so a drag pans it). */
export function canPan(view: TView, viewport: TSize, image: TSize): boolean {
  return image.width * view.scale > viewport.width + 0.5 || image.height * view.scale > viewport.height + 0.5;
}
