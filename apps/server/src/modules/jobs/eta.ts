/**
 * How long a job will take, learnt from the jobs that finished (issue 12 "The wait"). A job's
 * "work" is what its definition says drives its cost (retouch: output megapixels); the model is
 * seconds = fixed + perWork × work, fitted by least squares over the recent jobs of the tool, so a
 * 4 MP job is not promised the time of the 1 MP jobs before it.
 */

export interface DurationSample {
  work: number;
  seconds: number;
}

export interface DurationModel {
  fixedSeconds: number;
  secondsPerWork: number;
}

/** With no finished job yet: the built-in engine's time for an ordinary 1 MP retouch, roughly. */
export const DEFAULT_MODEL: DurationModel = { fixedSeconds: 5, secondsPerWork: 10 };

/** A fit on a spread of sizes narrower than this is a rate, not a line. */
const MIN_WORK_SPREAD = 0.25;

export function fitDurationModel(samples: readonly DurationSample[]): DurationModel {
  const usable = samples.filter((s) => Number.isFinite(s.work) && s.work > 0 && Number.isFinite(s.seconds));
  if (usable.length === 0) return DEFAULT_MODEL;
  const n = usable.length;
  const meanWork = usable.reduce((sum, s) => sum + s.work, 0) / n;
  const meanSeconds = usable.reduce((sum, s) => sum + s.seconds, 0) / n;
  const spread = Math.max(...usable.map((s) => s.work)) - Math.min(...usable.map((s) => s.work));
  if (n >= 3 && spread >= MIN_WORK_SPREAD) {
    const covariance = usable.reduce((sum, s) => sum + (s.work - meanWork) * (s.seconds - meanSeconds), 0);
    const variance = usable.reduce((sum, s) => sum + (s.work - meanWork) ** 2, 0);
    const slope = covariance / variance;
    const intercept = meanSeconds - slope * meanWork;
    // A negative slope or intercept is noise: fall back to the plain rate below.
    if (slope > 0 && intercept >= 0) return { fixedSeconds: intercept, secondsPerWork: slope };
  }
  // One size seen (or a fit that made no sense): time proportional to work.
  return { fixedSeconds: 0, secondsPerWork: meanSeconds / meanWork };
}

export function estimateSeconds(model: DurationModel, work: number): number {
  return model.fixedSeconds + model.secondsPerWork * Math.max(0, work);
}

export interface QueueEstimateInput {
  /** Estimated seconds of this job. */
  ownSeconds: number;
  /** Estimated seconds of each queued job ahead of it. */
  aheadSeconds: readonly number[];
  /** Estimated seconds still to go for each running job (never below 0). */
  runningRemainingSeconds: readonly number[];
  workerConcurrency: number;
}

/**
 * Seconds until a queued job is done: the work in front of it shared among the workers, then its
 * own run. Overdue running jobs count as about to finish, not as negative time.
 */
export function estimateQueuedSeconds(input: QueueEstimateInput): number {
  const workers = Math.max(1, input.workerConcurrency);
  const inFront =
    input.aheadSeconds.reduce((a, b) => a + b, 0) +
    input.runningRemainingSeconds.reduce((a, b) => a + Math.max(0, b), 0);
  return inFront / workers + input.ownSeconds;
}

/**
 * Seconds left for a running job, or null once its estimate has passed: a time that has already
 * gone by is never shown (the page says it is finishing instead).
 */
export function estimateRemainingSeconds(estimate: number, elapsedSeconds: number): number | null {
  const remaining = estimate - elapsedSeconds;
  return remaining >= 1 ? remaining : null;
}
