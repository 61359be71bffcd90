import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MODEL,
  estimateQueuedSeconds,
  estimateRemainingSeconds,
  estimateSeconds,
  fitDurationModel,
} from "./eta.ts";

describe("the job duration model", () => {
  it("learns a fixed cost and a cost per megapixel from jobs of several sizes", () => {
    // 4 s to start, 7 s per output megapixel.
    const samples = [0.5, 1, 2, 4, 4, 1].map((work) => ({ work, seconds: 4 + 7 * work }));
    const model = fitDurationModel(samples);
    expect(model.fixedSeconds).toBeCloseTo(4, 5);
    expect(model.secondsPerWork).toBeCloseTo(7, 5);
    // A 4 MP job is promised 4 MP's time, not the average of the jobs before it.
    expect(estimateSeconds(model, 4)).toBeCloseTo(32, 5);
  });

  it("scales by work when every finished job had the same size", () => {
    const model = fitDurationModel([
      { work: 1, seconds: 10 },
      { work: 1, seconds: 12 },
    ]);
    expect(estimateSeconds(model, 3)).toBeCloseTo(33, 5);
  });

  it("falls back to a default before any job has finished", () => {
    expect(fitDurationModel([])).toEqual(DEFAULT_MODEL);
  });

  it("never predicts a negative or non-finite time, whatever the history", () => {
    const sample = fc.record({
      work: fc.double({ min: 0.01, max: 50, noNaN: true }),
      seconds: fc.double({ min: 0, max: 3600, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(sample, { maxLength: 30 }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (samples, work) => {
          const seconds = estimateSeconds(fitDurationModel(samples), work);
          return Number.isFinite(seconds) && seconds >= 0;
        },
      ),
    );
  });
});

describe("what the page is told", () => {
  it("adds the work in front, shared among the workers, to the job's own time", () => {
    expect(
      estimateQueuedSeconds({
        ownSeconds: 10,
        aheadSeconds: [20, 30],
        runningRemainingSeconds: [15, -40],
        workerConcurrency: 1,
      }),
    ).toBe(75);
    expect(
      estimateQueuedSeconds({
        ownSeconds: 10,
        aheadSeconds: [20, 20],
        runningRemainingSeconds: [],
        workerConcurrency: 2,
      }),
    ).toBe(30);
  });

  it("never shows a remaining time that has already passed", () => {
    expect(estimateRemainingSeconds(30, 10)).toBe(20);
    expect(estimateRemainingSeconds(30, 29.5)).toBeNull();
    expect(estimateRemainingSeconds(30, 90)).toBeNull();
  });
});
