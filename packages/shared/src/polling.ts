/**
 * How long the page waits between status polls, per tool (spec 02 §4.1–§4.4, §9). The schedules are
 * data; one function reads them all, and one web hook (lib/jobs/use-job-poll) follows any of them.
 *
 * A schedule waits `stepsMs` in order before its first polls, then `after` for every later one. It
 * gives up (the client's TIMEOUT) once `maxPolls` polls were made or `capMs` has passed since the
 * job started; the last wait is shortened so that one poll lands on the cap itself.
 */

export type TPollAfter =
  /** A whole number of ms drawn evenly from minMs..maxMs, both included. */
  | { kind: "random"; minMs: number; maxMs: number }
  | { kind: "fixed"; everyMs: number }
  /** startMs, then × factor each poll, never above maxMs. */
  | { kind: "growing"; startMs: number; factor: number; maxMs: number };

export interface TPollSchedule {
  stepsMs: readonly number[];
  after: TPollAfter;
  /** Give up after this long since the job started. */
  capMs?: number;
  /** Give up after this many polls. */
  maxPolls?: number;
}

export type TPollTool = "retouch" | "consistency" | "imageEdit" | "faceEdit";

const RETOUCH_STEPS_MS = [2000, 4000, 8000] as const;
const TEN_TO_FIFTEEN_S = { kind: "random", minMs: 10_000, maxMs: 15_000 } as const;

export const POLL_SCHEDULES = {
  /** §4.1, §9: 2 s, 4 s, 8 s, then 10–15 s at random; stop after 10 minutes. */
  retouch: { stepsMs: RETOUCH_STEPS_MS, after: TEN_TO_FIFTEEN_S, capMs: 10 * 60 * 1000 },
  /** §9 Consistency: the same waits, at most 60 polls (about 10 minutes). */
  consistency: { stepsMs: RETOUCH_STEPS_MS, after: TEN_TO_FIFTEEN_S, maxPolls: 60 },
  /** §4.3, §9: every 3 s, up to 240 s. */
  imageEdit: { stepsMs: [], after: { kind: "fixed", everyMs: 3000 }, capMs: 240_000 },
  /** §9 Face edit: first wait 1 s, then 2 s growing × 1.25 up to 10 s; at most 120 polls. */
  faceEdit: {
    stepsMs: [1000],
    after: { kind: "growing", startMs: 2000, factor: 1.25, maxMs: 10_000 },
    maxPolls: 120,
  },
} as const satisfies Record<TPollTool, TPollSchedule>;

/** The client's own failure code when a schedule gives up (spec 02 §8 "polling timeout"). */
export const POLL_TIMEOUT_CODE = "TIMEOUT";

/** The wait before poll number `attempt` (0 = the first), limits aside. */
export function pollWait(
  schedule: TPollSchedule,
  attempt: number,
  random: () => number = Math.random,
): number {
  const step = schedule.stepsMs[attempt];
  if (step !== undefined) return step;
  const { after } = schedule;
  switch (after.kind) {
    case "fixed":
      return after.everyMs;
    case "random":
      return (
        after.minMs +
        Math.min(after.maxMs - after.minMs, Math.floor(random() * (after.maxMs - after.minMs + 1)))
      );
    case "growing": {
      const n = attempt - schedule.stepsMs.length;
      return Math.min(after.maxMs, Math.round(after.startMs * after.factor ** n));
    }
  }
}

/**
 * The wait before poll number `attempt`, `elapsedMs` after the job started; null when the
 * schedule gives up instead (the page reports TIMEOUT).
 */
export function nextPollDelay(
  schedule: TPollSchedule,
  attempt: number,
  elapsedMs: number,
  random: () => number = Math.random,
): number | null {
  if (schedule.maxPolls !== undefined && attempt >= schedule.maxPolls) return null;
  const wait = pollWait(schedule, attempt, random);
  if (schedule.capMs === undefined) return wait;
  const remaining = schedule.capMs - elapsedMs;
  if (remaining <= 0) return null;
  return Math.min(wait, remaining);
}
