import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRaster, fillCapsule, fillRect, PAINTED } from "./raster.ts";

const SIZE = 32;

/** The definition itself: the distance from a pixel centre to the segment a→b. */
function distanceToSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2));
  return Math.hypot(ax + t * dx - x, ay + t * dy - y);
}

describe("raster", () => {
  it("fills a round-capped line exactly where pixel centres are within the radius", () => {
    const coordinate = fc.double({ min: -6, max: SIZE + 6, noNaN: true });
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        fc.double({ min: 0.3, max: 12, noNaN: true }),
        (ax, ay, bx, by, r) => {
          const raster = createRaster(SIZE, SIZE);
          fillCapsule(raster, ax, ay, bx, by, r, PAINTED);
          let wrong = 0;
          for (let y = 0; y < SIZE; y += 1) {
            for (let x = 0; x < SIZE; x += 1) {
              const distance = distanceToSegment(x + 0.5, y + 0.5, ax, ay, bx, by);
              const isPainted = raster.alpha[y * SIZE + x] === PAINTED;
              // A centre on the boundary itself may round either way.
              if (Math.abs(distance - r) > 1e-6 && isPainted !== distance <= r) wrong += 1;
            }
          }
          expect(wrong).toBe(0);
        },
      ),
    );
  });

  it("reports a changed area that holds every pixel it filled", () => {
    const raster = createRaster(SIZE, SIZE);
    const dirty = fillCapsule(raster, 5, 5, 20, 12, 3, PAINTED);
    expect(dirty).not.toBeNull();
    raster.alpha.forEach((value, index) => {
      if (value !== PAINTED) return;
      const x = index % SIZE;
      const y = Math.floor(index / SIZE);
      expect(x >= dirty!.x0 && x < dirty!.x1 && y >= dirty!.y0 && y < dirty!.y1).toBe(true);
    });
  });

  it("clips shapes that reach past the edges", () => {
    const raster = createRaster(4, 4);
    expect(fillRect(raster, -10, -10, 2, 50, PAINTED)).toEqual({ x0: 0, y0: 0, x1: 2, y1: 4 });
    expect(raster.alpha.filter((value) => value === PAINTED).length).toBe(8);
    expect(fillCapsule(raster, -20, -20, -20, -20, 3, PAINTED)).toBeNull();
  });
});
