import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampPan, FITTED_VIEW, fitScale, MAX_ZOOM, MIN_ZOOM, zoomAt } from "./viewport.ts";

describe("viewport", () => {
  it("fits the picture into 90% of the window, or the stage when that is smaller (spec 02 §2.4)", () => {
    const window = { width: 1000, height: 800 };
    expect(fitScale({ width: 2000, height: 1000 }, { width: 5000, height: 5000 }, window)).toBe(0.45);
    expect(fitScale({ width: 1000, height: 2000 }, { width: 5000, height: 5000 }, window)).toBe(0.36);
    expect(fitScale({ width: 2000, height: 1000 }, { width: 600, height: 600 }, window)).toBe(0.3);
    // A small picture is enlarged to fit, so it can be painted precisely.
    expect(fitScale({ width: 100, height: 100 }, { width: 500, height: 500 }, window)).toBe(5);
  });

  it("keeps the picture point under the cursor where it is while zooming", () => {
    const stage = { width: 800, height: 600 };
    fc.assert(
      fc.property(
        fc.double({ min: 0.6, max: 1.6, noNaN: true }),
        fc.double({ min: 0, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (factor, x, y) => {
          const view = { zoom: 2, panX: 30, panY: -20 };
          const next = zoomAt(view, factor, x, y, stage);
          // Picture coordinates (relative to its centre, in fitted pixels) under the cursor.
          const before = [
            (x - stage.width / 2 - view.panX) / view.zoom,
            (y - stage.height / 2 - view.panY) / view.zoom,
          ];
          const after = [
            (x - stage.width / 2 - next.panX) / next.zoom,
            (y - stage.height / 2 - next.panY) / next.zoom,
          ];
          expect(after[0]).toBeCloseTo(before[0]!, 6);
          expect(after[1]).toBeCloseTo(before[1]!, 6);
        },
      ),
    );
  });

  it("zooms between half and eight times the fitted size", () => {
    const stage = { width: 800, height: 600 };
    expect(zoomAt(FITTED_VIEW, 100, 0, 0, stage).zoom).toBe(MAX_ZOOM);
    expect(zoomAt(FITTED_VIEW, 0.001, 0, 0, stage).zoom).toBe(MIN_ZOOM);
  });

  it("never pans the picture entirely off the stage", () => {
    const stage = { width: 800, height: 600 };
    const fitted = { width: 400, height: 300 };
    expect(clampPan({ zoom: 1, panX: 5000, panY: -5000 }, fitted, stage)).toEqual({
      zoom: 1,
      panX: 552,
      panY: -402,
    });
  });
});
