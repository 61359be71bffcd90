import { describe, expect, it } from "vitest";
import {
  actualScale,
  canPan,
  clampView,
  fitScale,
  fitView,
  MAX_ZOOM_FACTOR,
  panBy,
  pinchView,
  scaleLimits,
  wheelFactor,
  zoomPercent,
  zoomTo,
} from "./zoom-math.ts";

const VIEWPORT = { width: 1000, height: 800 };
const IMAGE = { width: 4000, height: 2000 };

describe("the viewer's zoom and pan", () => {
  it("fits the whole image, never past actual pixels, and calls one image pixel per device pixel 100 %", () => {
    expect(fitScale(VIEWPORT, IMAGE, 1)).toBe(0.25);
    // A small image fits at 100 %, not enlarged.
    expect(fitScale(VIEWPORT, { width: 500, height: 400 }, 1)).toBe(1);
    // A phone at devicePixelRatio 3: 100 % is a third of a CSS pixel per image pixel.
    expect(actualScale(3)).toBeCloseTo(1 / 3);
    expect(fitScale({ width: 390, height: 600 }, { width: 600, height: 600 }, 3)).toBeCloseTo(1 / 3);
    expect(zoomPercent({ scale: 1 / 3, x: 0, y: 0 }, 3)).toBe(100);
    expect(zoomPercent(fitView(VIEWPORT, IMAGE, 1), 1)).toBe(25);
    expect(scaleLimits(VIEWPORT, IMAGE, 1)).toEqual({ min: 0.25, max: MAX_ZOOM_FACTOR });
  });

  it("keeps the image point under the cursor where it is while zooming, and stops at the limits", () => {
    const start = fitView(VIEWPORT, IMAGE, 1);
    const anchor = { x: 300, y: 100 };
    const zoomed = zoomTo(start, 1, VIEWPORT, IMAGE, 1, anchor);
    expect(zoomed.scale).toBe(1);
    // The image point under the anchor before: (anchor - offset) / scale, the same after.
    const pointBefore = { x: (anchor.x - start.x) / start.scale, y: (anchor.y - start.y) / start.scale };
    const pointAfter = { x: (anchor.x - zoomed.x) / zoomed.scale, y: (anchor.y - zoomed.y) / zoomed.scale };
    expect(pointAfter.x).toBeCloseTo(pointBefore.x);
    expect(pointAfter.y).toBeCloseTo(pointBefore.y);
    expect(zoomTo(start, 100, VIEWPORT, IMAGE, 1).scale).toBe(MAX_ZOOM_FACTOR);
    expect(zoomTo(zoomed, 0.01, VIEWPORT, IMAGE, 1)).toEqual({ scale: 0.25, x: 0, y: 0 });
  });

  it("pans only as far as the image's edges, and keeps an axis the image does not fill centred", () => {
    const at100 = { scale: 1, x: 0, y: 0 };
    // 4000 px wide in 1000: 1500 each way; 2000 tall in 800: 600 each way.
    expect(panBy(at100, 5000, -5000, VIEWPORT, IMAGE)).toEqual({ scale: 1, x: 1500, y: -600 });
    expect(panBy(at100, -200, 50, VIEWPORT, IMAGE)).toEqual({ scale: 1, x: -200, y: 50 });
    // At 0.3 the image is 1200×600: it pans 100 sideways and not at all up or down.
    expect(clampView({ scale: 0.3, x: 400, y: 300 }, VIEWPORT, IMAGE)).toEqual({ scale: 0.3, x: 100, y: 0 });
    expect(canPan(fitView(VIEWPORT, IMAGE, 1), VIEWPORT, IMAGE)).toBe(false);
    expect(canPan(at100, VIEWPORT, IMAGE)).toBe(true);
  });

  it("zooms by the wheel about ×1.22 a notch, in and out alike, lines counted as pixels", () => {
    expect(wheelFactor(-100)).toBeCloseTo(Math.exp(0.2));
    expect(wheelFactor(100) * wheelFactor(-100)).toBeCloseTo(1);
    expect(wheelFactor(3, 1)).toBeCloseTo(wheelFactor(48));
  });

  it("pinches: the spread scales, the midpoint carries the image along", () => {
    const start = { scale: 0.5, x: 0, y: 0 };
    const from = [
      { x: -100, y: 0 },
      { x: 100, y: 0 },
    ] as const;
    const spread = pinchView(
      start,
      from,
      [
        { x: -200, y: 0 },
        { x: 200, y: 0 },
      ],
      VIEWPORT,
      IMAGE,
      1,
    );
    expect(spread.scale).toBeCloseTo(1);
    expect(spread.x).toBeCloseTo(0);
    const moved = pinchView(
      start,
      from,
      [
        { x: -50, y: 20 },
        { x: 150, y: 20 },
      ],
      VIEWPORT,
      IMAGE,
      1,
    );
    expect(moved).toEqual({ scale: 0.5, x: 50, y: 20 });
  });
});
