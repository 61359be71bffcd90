/**
 * One generation run (spec 02 §4.2): idle, then submitting; it ends with images, or a task id that
 * is followed on the platform's tool job (lib/jobs/use-tool-job) with the consistency schedule (2,
 * 4, 8 s, then 10–15 s, at most 60 polls), or an error. Images the status answer already lists
 * are shown while it runs; after LONG_NOTICE_POLLS answers a notice points to the history.
 */
import type { THistoryItem, TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { GENERATION_MAX_IMAGES } from "@gyeol/shared/generation";
import { POLL_SCHEDULES } from "@gyeol/shared/polling";
import { TOOLS } from "@gyeol/shared/tools";
import { useCallback, useRef, useState } from "react";
import { fetchImageStatus, openImageStatusEvents, readImageStatus } from "../../../lib/jobs/job-status.ts";
import { type TResumable, type TToolJobState, useToolJob } from "../../../lib/jobs/use-tool-job.ts";
import { startGeneration, type TGenerationRequest } from "../api/generation-api.ts";

/** Polls before the "taking a while, see your history" notice (about a minute on the schedule). */
export const LONG_NOTICE_POLLS = 6;

/** The run as the result card shows it. */
export interface TGenerationRunState {
  phase: "idle" | "submitting" | "generating" | "completed" | "failed";
  taskId: string | null;
  asked: number;
  images: string[];
  partial: boolean;
  isLong: boolean;
  code: string | null;
  /** Followed again after a reload: the page did not start it. */
  isResumed: boolean;
}

interface TRunDetail {
  asked: number;
  partial: boolean;
  /** Images an answer listed while the run goes on. */
  shown: string[];
}

const IDLE_DETAIL: TRunDetail = { asked: 0, partial: false, shown: [] };

export interface TGenerationRunHandlers {
  onCompleted: (state: TGenerationRunState) => void;
  onFailed: (code: string | null) => void;
}

function viewOf(
  job: TToolJobState<string[], TRunDetail>,
  isSubmitting: boolean,
  asked: number,
): TGenerationRunState {
  if (isSubmitting)
    return {
      phase: "submitting",
      taskId: null,
      asked,
      images: [],
      partial: false,
      isLong: false,
      code: null,
      isResumed: false,
    };
  const phase = job.phase === "processing" ? "generating" : job.phase;
  return {
    phase,
    taskId: job.jobId,
    asked: job.asked,
    images: job.result ?? job.shown,
    partial: job.partial,
    isLong: phase === "generating" && job.progress >= LONG_NOTICE_POLLS,
    code: job.errorCode,
    isResumed: job.isResumed,
  };
}

/** The newest history item still generating, to follow again after a reload. */
export function resumableGeneration(items: readonly THistoryItem[]): TResumable<TRunDetail> | null {
  const running = items.find((item) => item.status === "processing" && item.kling_task_id);
  return running?.kling_task_id
    ? { jobId: running.kling_task_id, detail: { asked: GENERATION_MAX_IMAGES } }
    : null;
}

export function useGenerationRun(handlers: TGenerationRunHandlers) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const [submitting, setSubmitting] = useState<number | null>(null);
  const job = useToolJob<TImageStatusResponse, string[], TRunDetail>({
    schedule: POLL_SCHEDULES[TOOLS.generation.poll],
    fetchStatus: (jobId, signal) => fetchImageStatus(jobId, signal),
    read: readImageStatus,
    openEvents: openImageStatusEvents,
    idle: IDLE_DETAIL,
    progressOf: (answer, current) => ({
      shown: answer.images && answer.images.length > 0 ? [...answer.images] : current.shown,
    }),
    completedOf: (answer, current) => {
      const images = answer.images ?? (answer.imageUrl ? [answer.imageUrl] : []);
      // A resumed run does not know how many were asked: what came back is the set.
      const asked = current.isResumed ? images.length : current.asked;
      return { result: images, asked, partial: answer.partial === true || images.length < asked };
    },
    onCompleted: (state) => handlersRef.current.onCompleted(viewOf(state, false, state.asked)),
    onFailed: (state) => handlersRef.current.onFailed(state.errorCode),
  });
  const { track, show: showResult } = job;

  /** Starts a run; a refusal of the start is thrown for the page to say why. */
  const run = useCallback(
    async (request: TGenerationRequest) => {
      setSubmitting(request.numImages);
      try {
        const started = await startGeneration(request);
        const detail = { asked: request.numImages, partial: started.partial };
        if (started.status === "completed" && started.images.length > 0) {
          showResult(started.images, detail);
          handlersRef.current.onCompleted({
            phase: "completed",
            taskId: started.taskId,
            asked: request.numImages,
            images: started.images,
            partial: started.partial,
            isLong: false,
            code: null,
            isResumed: false,
          });
        } else track(started.taskId, { detail });
      } finally {
        setSubmitting(null);
      }
    },
    [track, showResult],
  );

  const state = viewOf(job.state, submitting !== null, submitting ?? 0);
  return {
    state,
    job,
    run,
    /** Shows a finished set (a history item) as the current result. */
    show: (images: string[]) => showResult(images, { asked: images.length }),
    /** Stops the run (issue 26): the server refunds it once. Throws a refusal other than "already finished". */
    cancel: async () => (await job.cancel()) === "cancelled",
    isCancelling: job.isCancelling,
    isBusy: state.phase === "submitting" || state.phase === "generating",
  };
}
