import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextPollDelay, POLL_SCHEDULES, pollWait, type TPollSchedule, type TPollTool } from "./polling.ts";

const TOOLS = Object.keys(POLL_SCHEDULES) as TPollTool[];
const arbTool = fc.constantFrom(...TOOLS);
/** A random source as the browser's: [0, 1). */
const arbRandom = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

/** Follows a schedule as the hook does: the wall clock moves by exactly each wait. */
function simulate(schedule: TPollSchedule, random: () => number) {
  const waits: number[] = [];
  let elapsed = 0;
  for (;;) {
    const wait = nextPollDelay(schedule, waits.length, elapsed, random);
    if (wait === null) return { waits, elapsed };
    waits.push(wait);
    elapsed += wait;
    if (waits.length > 10_000) throw new Error("the schedule never gives up");
  }
}

describe("the four schedules of spec 02", () => {
  it("retouch: 2 s, 4 s, 8 s, then 10–15 s at random, for 10 minutes", () => {
    const s = POLL_SCHEDULES.retouch;
    expect([0, 1, 2].map((n) => pollWait(s, n))).toEqual([2000, 4000, 8000]);
    expect(pollWait(s, 3, () => 0)).toBe(10_000);
    expect(pollWait(s, 9, () => 0.9999)).toBe(15_000);
    expect(nextPollDelay(s, 50, 10 * 60 * 1000 - 1, () => 0)).toBe(1);
    expect(nextPollDelay(s, 50, 10 * 60 * 1000, () => 0)).toBeNull();
  });

  it("consistency: the same waits, 60 polls at most", () => {
    const s = POLL_SCHEDULES.consistency;
    expect([0, 1, 2].map((n) => pollWait(s, n))).toEqual([2000, 4000, 8000]);
    expect(nextPollDelay(s, 59, 3_600_000, () => 0)).toBe(10_000);
    expect(nextPollDelay(s, 60, 0, () => 0)).toBeNull();
  });

  it("image edit: every 3 s for 240 s", () => {
    const { waits, elapsed } = simulate(POLL_SCHEDULES.imageEdit, Math.random);
    expect(waits).toEqual(Array.from({ length: 80 }, () => 3000));
    expect(elapsed).toBe(240_000);
  });

  it("face edit: 1 s, then 2 s × 1.25 up to 10 s, 120 polls", () => {
    const { waits } = simulate(POLL_SCHEDULES.faceEdit, Math.random);
    expect(waits.slice(0, 6)).toEqual([1000, 2000, 2500, 3125, 3906, 4883]);
    expect(waits).toHaveLength(120);
    expect(waits.at(-1)).toBe(10_000);
  });
});

describe("nextPollDelay, any schedule", () => {
  it("gives up after the cap or the poll limit and never waits past the cap", () => {
    fc.assert(
      fc.property(arbTool, arbRandom, (tool, r) => {
        const schedule: TPollSchedule = POLL_SCHEDULES[tool];
        const { waits, elapsed } = simulate(schedule, () => r);
        if (schedule.maxPolls !== undefined) expect(waits.length).toBeLessThanOrEqual(schedule.maxPolls);
        if (schedule.capMs !== undefined) expect(elapsed).toBeLessThanOrEqual(schedule.capMs);
        // It stopped for a reason: the poll limit reached or the cap reached.
        expect(waits.length === schedule.maxPolls || elapsed === schedule.capMs).toBe(true);
      }),
    );
  });

  it("waits a positive whole number of ms within the schedule's bounds", () => {
    fc.assert(
      fc.property(arbTool, fc.nat(200), fc.nat(3_600_000), arbRandom, (tool, attempt, elapsed, r) => {
        const schedule: TPollSchedule = POLL_SCHEDULES[tool];
        const wait = nextPollDelay(schedule, attempt, elapsed, () => r);
        if (wait === null) {
          expect(
            (schedule.maxPolls !== undefined && attempt >= schedule.maxPolls) ||
              (schedule.capMs !== undefined && elapsed >= schedule.capMs),
          ).toBe(true);
          return;
        }
        expect(Number.isInteger(wait)).toBe(true);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(pollWait(schedule, attempt, () => r));
        const { after } = schedule;
        if (attempt >= schedule.stepsMs.length) {
          const full = pollWait(schedule, attempt, () => r);
          if (after.kind === "random") {
            expect(full).toBeGreaterThanOrEqual(after.minMs);
            expect(full).toBeLessThanOrEqual(after.maxMs);
          } else if (after.kind === "growing") {
            expect(full).toBeGreaterThanOrEqual(after.startMs);
            expect(full).toBeLessThanOrEqual(after.maxMs);
          } else expect(full).toBe(after.everyMs);
        }
      }),
    );
  });

  it("a growing schedule never shrinks and reaches its ceiling", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 60_000 }),
        (startMs, factor, extra) => {
          const schedule: TPollSchedule = {
            stepsMs: [],
            after: { kind: "growing", startMs, factor, maxMs: startMs + extra },
            maxPolls: 400,
          };
          const { waits } = simulate(schedule, Math.random);
          for (let i = 1; i < waits.length; i += 1)
            expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] ?? 0);
          if (factor >= 1.05) expect(waits.at(-1)).toBe(startMs + extra);
        },
      ),
    );
  });

  it("draws random waits evenly over both ends of the range", () => {
    const schedule: TPollSchedule = POLL_SCHEDULES.retouch;
    fc.assert(
      fc.property(arbRandom, (r) => {
        const wait = pollWait(schedule, 3, () => r);
        expect(wait).toBe(10_000 + Math.floor(r * 5001));
      }),
    );
  });
});
