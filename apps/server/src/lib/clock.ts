/** The clock is a dependency so session expiry and renewal can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const DAY_MS = 24 * 60 * 60 * 1000;
