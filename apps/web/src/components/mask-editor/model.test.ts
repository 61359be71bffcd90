import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Checkpoints } from "./checkpoints.ts";
import {
  applyOp,
  clearMask,
  createMaskDoc,
  drawOp,
  importMask,
  invertMask,
  isMaskEmpty,
  maskFromPixels,
  redo,
  renderMask,
  type TMaskDoc,
  type TMaskOp,
  undo,
} from "./model.ts";
import { createRaster } from "./raster.ts";

const WIDTH = 40;
const HEIGHT = 30;

const coordinate = (max: number) => fc.double({ min: -4, max: max + 4, noNaN: true });
const point = fc.tuple(coordinate(WIDTH), coordinate(HEIGHT));
const paint = fc.constantFrom("draw" as const, "erase" as const);

const strokeOp = fc.record({
  kind: fc.constant("stroke" as const),
  mode: paint,
  size: fc.double({ min: 3, max: 16, noNaN: true }),
  points: fc.array(point, { minLength: 1, maxLength: 6 }),
});
const rectOp = fc.record({
  kind: fc.constant("rect" as const),
  mode: paint,
  x: coordinate(WIDTH),
  y: coordinate(HEIGHT),
  w: fc.double({ min: -20, max: 20, noNaN: true }),
  h: fc.double({ min: -20, max: 20, noNaN: true }),
});
const importOp = fc
  .tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }))
  .chain(([width, height]) =>
    fc.array(fc.boolean(), { minLength: width * height, maxLength: width * height }).map((bits) => ({
      kind: "import" as const,
      mask: { width, height, data: Uint8Array.from(bits, (bit) => (bit ? 255 : 0)) },
    })),
  );
const anyOp: fc.Arbitrary<TMaskOp> = fc.oneof(
  { weight: 4, arbitrary: strokeOp },
  { weight: 3, arbitrary: rectOp },
  { weight: 1, arbitrary: fc.constant({ kind: "invert" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
  { weight: 1, arbitrary: importOp },
);
/** Only the operations a user draws: what the resolution property is about. */
const drawnOp: fc.Arbitrary<TMaskOp> = fc.oneof(strokeOp, rectOp, fc.constant({ kind: "invert" as const }));

type TAction = TMaskOp | "undo" | "redo";
const action: fc.Arbitrary<TAction> = fc.oneof(
  { weight: 5, arbitrary: anyOp },
  { weight: 2, arbitrary: fc.constant("undo" as const) },
  { weight: 1, arbitrary: fc.constant("redo" as const) },
);

function play(actions: readonly TAction[]): TMaskDoc {
  return actions.reduce<TMaskDoc>(
    (doc, step) => {
      if (step === "undo") return undo(doc);
      if (step === "redo") return redo(doc);
      return applyOp(doc, step);
    },
    createMaskDoc(WIDTH, HEIGHT),
  );
}

const anyDoc = fc.array(action, { maxLength: 12 }).map(play);

function painted(alpha: Uint8Array): number {
  return alpha.reduce((sum, value) => sum + (value === 255 ? 1 : 0), 0);
}

describe("mask document", () => {
  it("redo after undo gives back the same document, and undo after redo too", () => {
    fc.assert(
      fc.property(anyDoc, (doc) => {
        if (doc.ops.length > 0) expect(redo(undo(doc))).toEqual(doc);
        if (doc.redo.length > 0) expect(undo(redo(doc))).toEqual(doc);
      }),
    );
  });

  it("undo brings back exactly the mask from before the last action", () => {
    fc.assert(
      fc.property(anyDoc, anyOp, (doc, op) => {
        expect(renderMask(undo(applyOp(doc, op)))).toEqual(renderMask(doc));
      }),
    );
  });

  it("a new action forgets what could have been redone", () => {
    fc.assert(
      fc.property(anyDoc, anyOp, (doc, op) => {
        expect(applyOp(doc, op).redo).toEqual([]);
      }),
    );
  });

  it("clear leaves nothing painted, and undo of a clear restores the mask", () => {
    fc.assert(
      fc.property(anyDoc, (doc) => {
        const cleared = clearMask(doc);
        expect(isMaskEmpty(renderMask(cleared))).toBe(true);
        if (cleared !== doc) expect(renderMask(undo(cleared))).toEqual(renderMask(doc));
      }),
    );
  });

  it("erasing never paints a pixel, and drawing never unpaints one", () => {
    const eraseOp = fc.oneof(strokeOp, rectOp).map((op) => ({ ...op, mode: "erase" as const }));
    const paintOp = fc.oneof(strokeOp, rectOp).map((op) => ({ ...op, mode: "draw" as const }));
    fc.assert(
      fc.property(anyDoc, eraseOp, paintOp, (doc, erase, draw) => {
        const before = renderMask(doc);
        const erased = renderMask(applyOp(doc, erase));
        const drawn = renderMask(applyOp(doc, draw));
        let paintedByErase = 0;
        let erasedByDraw = 0;
        for (let i = 0; i < before.length; i += 1) {
          if (before[i] === 0 && erased[i] !== 0) paintedByErase += 1;
          if (before[i] === 255 && drawn[i] !== 255) erasedByDraw += 1;
        }
        expect([paintedByErase, erasedByDraw]).toEqual([0, 0]);
      }),
    );
  });

  it("inverting twice gives the same mask, and inverting once swaps every pixel", () => {
    fc.assert(
      fc.property(anyDoc, (doc) => {
        const mask = renderMask(doc);
        expect(renderMask(invertMask(invertMask(doc)))).toEqual(mask);
        const inverted = renderMask(invertMask(doc));
        expect(painted(inverted)).toBe(mask.length - painted(mask));
      }),
    );
  });

  it("renders the same shapes at twice and three times the resolution, up to the edges", () => {
    fc.assert(
      fc.property(fc.array(drawnOp, { maxLength: 6 }), fc.constantFrom(2, 3), (ops, factor) => {
        const doc = ops.reduce(applyOp, createMaskDoc(WIDTH, HEIGHT));
        const low = renderMask(doc);
        const high = renderMask(doc, WIDTH * factor, HEIGHT * factor);
        // Each low pixel against the block of high pixels it covers: a block that disagrees
        // entirely means a shape moved or changed size; mixed blocks are edges.
        let contradictions = 0;
        let lowPainted = 0;
        let highPainted = 0;
        for (let y = 0; y < HEIGHT; y += 1) {
          for (let x = 0; x < WIDTH; x += 1) {
            let count = 0;
            for (let dy = 0; dy < factor; dy += 1) {
              for (let dx = 0; dx < factor; dx += 1) {
                if (high[(y * factor + dy) * WIDTH * factor + x * factor + dx] === 255) count += 1;
              }
            }
            const isLowPainted = low[y * WIDTH + x] === 255;
            if (isLowPainted && count === 0) contradictions += 1;
            if (!isLowPainted && count === factor * factor) contradictions += 1;
            lowPainted += isLowPainted ? 1 : 0;
            highPainted += count / (factor * factor);
          }
        }
        const pixels = WIDTH * HEIGHT;
        expect(contradictions / pixels).toBeLessThanOrEqual(0.01);
        expect(Math.abs(lowPainted - highPainted) / pixels).toBeLessThanOrEqual(0.03);
      }),
    );
  });

  it("draws a stroke piece by piece exactly as it draws it whole (the live canvas relies on it)", () => {
    fc.assert(
      fc.property(anyDoc, strokeOp, (doc, stroke) => {
        const whole = renderMask(applyOp(doc, stroke));
        const raster = createRaster(WIDTH, HEIGHT);
        raster.alpha.set(renderMask(doc));
        stroke.points.forEach((point, index) => {
          const segment = index === 0 ? [point] : [stroke.points[index - 1]!, point];
          drawOp(raster, { ...stroke, points: segment }, 1, 1);
        });
        expect(raster.alpha).toEqual(whole);
      }),
    );
  });
});

describe("mask rendering", () => {
  it("paints a rectangle's pixels exactly", () => {
    const doc = applyOp(createMaskDoc(10, 10), { kind: "rect", mode: "draw", x: 2, y: 3, w: 4, h: 5 });
    const mask = renderMask(doc);
    expect(painted(mask)).toBe(20);
    expect(mask[3 * 10 + 2]).toBe(255);
    expect(mask[3 * 10 + 6]).toBe(0);
    expect(mask[8 * 10 + 2]).toBe(0);
  });

  it("paints a rectangle dragged up and to the left like one dragged down and right", () => {
    const forward = applyOp(createMaskDoc(10, 10), { kind: "rect", mode: "draw", x: 2, y: 3, w: 4, h: 5 });
    const backward = applyOp(createMaskDoc(10, 10), { kind: "rect", mode: "draw", x: 6, y: 8, w: -4, h: -5 });
    expect(renderMask(backward)).toEqual(renderMask(forward));
  });

  it("paints a dot as a disc of the brush's diameter", () => {
    const doc = applyOp(createMaskDoc(100, 100), {
      kind: "stroke",
      mode: "draw",
      size: 40,
      points: [[50, 50]],
    });
    expect(painted(renderMask(doc))).toBeGreaterThan(Math.PI * 20 * 20 * 0.97);
    expect(painted(renderMask(doc))).toBeLessThan(Math.PI * 20 * 20 * 1.03);
  });

  it("scales the saved mask with the image: a stroke at half size covers a quarter of the pixels", () => {
    const doc = applyOp(createMaskDoc(200, 100), {
      kind: "stroke",
      mode: "draw",
      size: 30,
      points: [[100, 50]],
    });
    const full = painted(renderMask(doc));
    const half = painted(renderMask(doc, 100, 50));
    expect(half / full).toBeGreaterThan(0.23);
    expect(half / full).toBeLessThan(0.27);
  });

  it("stretches an imported mask over the whole image", () => {
    const doc = importMask(createMaskDoc(4, 4), {
      width: 2,
      height: 2,
      data: Uint8Array.from([255, 0, 0, 255]),
    });
    expect([...renderMask(doc)]).toEqual([255, 255, 0, 0, 255, 255, 0, 0, 0, 0, 255, 255, 0, 0, 255, 255]);
  });
});

describe("importing a mask image", () => {
  it("reads an opaque picture by brightness: white and colours paint, black does not", () => {
    const rgba = Uint8Array.from([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 200, 255, 30, 30, 30, 255]);
    expect([...maskFromPixels(rgba, 4, 1).data]).toEqual([255, 0, 255, 0]);
  });

  it("reads a picture with transparency by its alpha, whatever the colour", () => {
    const rgba = Uint8Array.from([0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 89, 10, 10, 10, 200]);
    expect([...maskFromPixels(rgba, 4, 1).data]).toEqual([255, 0, 0, 255]);
  });
});

describe("checkpoints", () => {
  it("renders any document reached by drawing, undoing and redoing exactly as from scratch", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 16 }), (actions) => {
        const checkpoints = new Checkpoints(3);
        const raster = createRaster(WIDTH, HEIGHT);
        let shown = createMaskDoc(WIDTH, HEIGHT);
        // The editor's way: before drawing one more operation on screen, keep a checkpoint;
        // for anything else, render from the best checkpoint.
        for (const step of actions) {
          const next = step === "undo" ? undo(shown) : step === "redo" ? redo(shown) : applyOp(shown, step);
          if (next.ops.length === shown.ops.length + 1 && shown.ops.every((op, i) => op === next.ops[i])) {
            checkpoints.take(raster, shown.ops);
            drawOp(raster, next.ops.at(-1)!, 1, 1);
          } else {
            checkpoints.render(raster, next, 1);
          }
          shown = next;
          expect(raster.alpha).toEqual(renderMask(shown));
        }
      }),
    );
    // 100 runs of up to 16 renders: about 1 s idle, several at load 15.
  }, 60_000);
});
