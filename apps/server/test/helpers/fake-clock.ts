import type { Clock } from "../../src/lib/clock.ts";

/** A clock tests move by hand, for session expiry and renewal. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
}

export function createFakeClock(start = new Date("2026-01-01T00:00:00.000Z")): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}
