import type { TPollSchedule } from "@gyeol/shared/polling";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../api-client.ts";
import { postCancelJob, type TJobReading } from "./job-status.ts";
import { useJobPoll } from "./use-job-poll.ts";

/** spec 02 §4: a tool job is idle, processing, completed or failed (a cancel is a failure with JOB_CANCELLED). */
export type TToolJobPhase = "idle" | "processing" | "completed" | "failed";

export const JOB_CANCELLED_CODE = "JOB_CANCELLED";

/** What every tool's job carries; D adds the tool's own fields (original url, faces found, engine …). */
export type TToolJobState<R, D extends object = object> = {
  phase: TToolJobPhase;
  jobId: string | null;
  /** What a completed job shows (a url, a set of urls …); null until then. */
  result: R | null;
  queuePosition: number | null;
  etaSeconds: number | null;
  /** Answers seen while the job ran (polls and pushed events): "this is taking a while" notices count them. */
  progress: number;
  /** Why the job failed: a server, job or client code, translated where it is shown. */
  errorCode: string | null;
  /** Followed again after a reload (the history listed it as processing). */
  isResumed: boolean;
} & D;

type TPatch<R, D extends object> = Partial<TToolJobState<R, D>>;

export interface TToolJobOptions<T, R, D extends object> {
  /** The tool's schedule, from POLL_SCHEDULES (spec 02 §4, §9). */
  schedule: TPollSchedule;
  fetchStatus: (jobId: string, signal: AbortSignal) => Promise<T>;
  read: (answer: T) => TJobReading;
  openEvents?: (jobId: string) => EventSource | null;
  /** Stops a queued or running job (the server refunds it once); POST /api/jobs/{id}/cancel unless told. */
  cancelJob?: (jobId: string) => Promise<unknown>;
  /** The tool's own fields when nothing runs. */
  idle: D;
  /** What a running answer changes (queue place, ETA, faces found …). */
  progressOf?: (answer: T, current: TToolJobState<R, D>) => TPatch<R, D>;
  /** What a completed answer shows. */
  completedOf: (answer: T, current: TToolJobState<R, D>) => TPatch<R, D> & { result: R };
  onCompleted?: (state: TToolJobState<R, D>) => void;
  /** The job failed, timed out, or was cancelled (errorCode JOB_CANCELLED). */
  onFailed?: (state: TToolJobState<R, D>) => void;
  random?: () => number;
  now?: () => number;
}

export interface TTrackOptions<D> {
  isResumed?: boolean;
  /** The tool's fields known at the start (the original's url …). */
  detail?: Partial<D>;
}

/** How a cancel ended: stopped and refunded, already finished (the next answer brings the result), or nothing ran. */
export type TCancelOutcome = "cancelled" | "finished" | "none";

function idleState<R, D extends object>(idle: D): TToolJobState<R, D> {
  return {
    ...idle,
    phase: "idle",
    jobId: null,
    result: null,
    queuePosition: null,
    etaSeconds: null,
    progress: 0,
    errorCode: null,
    isResumed: false,
  } as TToolJobState<R, D>;
}

/**
 * One tool job's life on the web (issue 26), for every tool: follow a job on the tool's schedule
 * and live events (lib/jobs/use-job-poll), keep its phase, result, queue place, ETA, progress and
 * error, cancel it, reset it, show a history item as its result, and resume it after a reload
 * (useResumeToolJob). The tool passes its fetchers and how its answers read; the state is read
 * synchronously by the callbacks, so onCompleted and onFailed see the final state.
 */
export function useToolJob<T, R, D extends object = object>(options: TToolJobOptions<T, R, D>) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [state, setStateValue] = useState<TToolJobState<R, D>>(() => idleState<R, D>(options.idle));
  const stateRef = useRef(state);
  const setState = useCallback((next: TToolJobState<R, D>) => {
    stateRef.current = next;
    setStateValue(next);
    return next;
  }, []);
  const update = useCallback(
    (patch: TPatch<R, D>) => setState({ ...stateRef.current, ...patch }),
    [setState],
  );
  const [isCancelling, setIsCancelling] = useState(false);
  const isCancellingRef = useRef(false);

  const { follow, stop } = useJobPoll<T>({
    schedule: options.schedule,
    fetchStatus: options.fetchStatus,
    read: options.read,
    ...(options.openEvents ? { openEvents: options.openEvents } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  useEffect(() => stop, [stop]);

  const fail = useCallback(
    (errorCode: string | null) => {
      const failed = update({ phase: "failed", errorCode, queuePosition: null, etaSeconds: null } as TPatch<
        R,
        D
      >);
      optionsRef.current.onFailed?.(failed);
    },
    [update],
  );

  const track = useCallback(
    (jobId: string, { isResumed = false, detail }: TTrackOptions<D> = {}) => {
      setState({
        ...idleState<R, D>(optionsRef.current.idle),
        ...detail,
        phase: "processing",
        jobId,
        isResumed,
      });
      follow(jobId, {
        onProgress: (answer) => {
          const current = stateRef.current;
          update({
            ...optionsRef.current.progressOf?.(answer, current),
            progress: current.progress + 1,
          } as TPatch<R, D>);
        },
        onCompleted: (answer) => {
          const done = update({
            queuePosition: null,
            etaSeconds: null,
            ...optionsRef.current.completedOf(answer, stateRef.current),
            phase: "completed",
          } as TPatch<R, D>);
          optionsRef.current.onCompleted?.(done);
        },
        onFailed: fail,
      });
    },
    [follow, update, fail, setState],
  );

  /** The server cancelled the job (and refunded it): stop following it and show it as cancelled. */
  const markCancelled = useCallback(() => {
    stop();
    fail(JOB_CANCELLED_CODE);
  }, [stop, fail]);

  /**
   * Cancel the running job. A job that has just finished (409 JOB_ALREADY_FINISHED) keeps being
   * followed and shows its result; any other refusal is thrown for the page to say why.
   */
  const cancel = useCallback(async (): Promise<TCancelOutcome> => {
    const { jobId, phase } = stateRef.current;
    if (!jobId || phase !== "processing" || isCancellingRef.current) return "none";
    isCancellingRef.current = true;
    setIsCancelling(true);
    try {
      await (optionsRef.current.cancelJob ?? postCancelJob)(jobId);
    } catch (error) {
      if (isApiError(error) && error.code === "JOB_ALREADY_FINISHED") return "finished";
      throw error;
    } finally {
      isCancellingRef.current = false;
      setIsCancelling(false);
    }
    // The job may have ended while the cancel was on its way; then its outcome stands.
    if (stateRef.current.jobId !== jobId || stateRef.current.phase !== "processing") return "finished";
    markCancelled();
    return "cancelled";
  }, [markCancelled]);

  /** 'Try again' and 'back to upload': back to idle, the message cleared, nothing followed. */
  const reset = useCallback(() => {
    stop();
    setState(idleState<R, D>(optionsRef.current.idle));
  }, [stop, setState]);

  /** A history item (or any finished result) opened as the current result. */
  const show = useCallback(
    (result: R, detail?: Partial<D>) => {
      stop();
      setState({ ...idleState<R, D>(optionsRef.current.idle), ...detail, phase: "completed", result });
    },
    [stop, setState],
  );

  return { state, track, cancel, isCancelling, markCancelled, reset, show };
}

export type TToolJob<R, D extends object = object> = ReturnType<typeof useToolJob<unknown, R, D>>;

/** A job to follow again, found in the first history answer. */
export interface TResumable<D> {
  jobId: string;
  detail?: Partial<D>;
}

/**
 * spec 02 §4: on load, the newest history item still processing resumes being followed. Runs once,
 * on the first history answer, and only when no job is already followed; onResumed says so (a toast).
 */
export function useResumeToolJob<I, D>(
  items: readonly I[] | undefined,
  find: (items: readonly I[]) => TResumable<D> | null,
  job: {
    state: { phase: TToolJobPhase };
    track: (jobId: string, options: TTrackOptions<D>) => void;
  },
  onResumed?: (found: TResumable<D>) => void,
): void {
  const hasCheckedRef = useRef(false);
  const findRef = useRef(find);
  findRef.current = find;
  const onResumedRef = useRef(onResumed);
  onResumedRef.current = onResumed;
  const { track } = job;
  const phase = job.state.phase;
  useEffect(() => {
    if (hasCheckedRef.current || !items) return;
    hasCheckedRef.current = true;
    const found = findRef.current(items);
    if (!found || phase !== "idle") return;
    track(found.jobId, { isResumed: true, ...(found.detail ? { detail: found.detail } : {}) });
    onResumedRef.current?.(found);
  }, [items, phase, track]);
}
