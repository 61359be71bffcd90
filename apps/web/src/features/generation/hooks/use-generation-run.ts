/**
 * One generation run (spec 02 §4.2): idle, then generating; it ends with images, or a task id
 * that is polled on the consistency schedule (2, 4, 8 s, then 10–15 s, at most 60 polls), or an
 * error. Images the status answer already lists are shown while it runs; after LONG_NOTICE_POLLS
 * polls a notice points to the history.
 */
import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { GENERATION_MAX_IMAGES } from "@gyeol/shared/generation";
import { POLL_SCHEDULES } from "@gyeol/shared/polling";
import { useCallback, useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import {
  fetchImageStatus,
  openImageStatusEvents,
  postCancelJob,
  readImageStatus,
} from "../../../lib/jobs/job-status.ts";
import { useJobPoll } from "../../../lib/jobs/use-job-poll.ts";
import { startGeneration, type TGenerationRequest } from "../api/generation-api.ts";

/** Polls before the "taking a while, see your history" notice (about a minute on the schedule). */
export const LONG_NOTICE_POLLS = 6;

export interface TGenerationRunState {
  phase: "idle" | "submitting" | "generating" | "completed" | "failed";
  taskId: string | null;
  asked: number;
  images: string[];
  partial: boolean;
  isLong: boolean;
  code: string | null;
}

const IDLE: TGenerationRunState = {
  phase: "idle",
  taskId: null,
  asked: 0,
  images: [],
  partial: false,
  isLong: false,
  code: null,
};

export interface TGenerationRunHandlers {
  onCompleted: (state: TGenerationRunState) => void;
  onFailed: (code: string | null) => void;
}

export function useGenerationRun() {
  const [state, setState] = useState<TGenerationRunState>(IDLE);
  const { follow, stop } = useJobPoll<TImageStatusResponse>({
    schedule: POLL_SCHEDULES.consistency,
    fetchStatus: (jobId, signal) => fetchImageStatus(jobId, signal),
    read: readImageStatus,
    openEvents: openImageStatusEvents,
  });

  const run = useCallback(
    async (request: TGenerationRequest, handlers: TGenerationRunHandlers) => {
      setState({ ...IDLE, phase: "submitting", asked: request.numImages });
      let taskId: string;
      try {
        const started = await startGeneration(request);
        taskId = started.taskId;
        if (started.status === "completed" && started.images.length > 0) {
          const done = {
            ...IDLE,
            phase: "completed" as const,
            taskId,
            asked: request.numImages,
            images: started.images,
            partial: started.partial,
          };
          setState(done);
          handlers.onCompleted(done);
          return;
        }
      } catch (error) {
        setState(IDLE);
        throw error;
      }
      setState((s) => ({ ...s, phase: "generating", taskId }));
      let polls = 0;
      follow(taskId, {
        onProgress: (answer) => {
          polls += 1;
          setState((s) => ({
            ...s,
            images: answer.images && answer.images.length > 0 ? [...answer.images] : s.images,
            isLong: polls >= LONG_NOTICE_POLLS,
          }));
        },
        onCompleted: (answer) => {
          const images = answer.images ?? (answer.imageUrl ? [answer.imageUrl] : []);
          const done: TGenerationRunState = {
            ...IDLE,
            phase: "completed",
            taskId,
            asked: request.numImages,
            images,
            partial: answer.partial === true || images.length < request.numImages,
          };
          setState(done);
          handlers.onCompleted(done);
        },
        onFailed: (code) => {
          setState((s) => ({ ...s, phase: "failed", code }));
          handlers.onFailed(code);
        },
      });
    },
    [follow],
  );

  /** Follows a run started earlier (a reload mid-run: the history lists it as processing). */
  const resume = useCallback(
    (taskId: string, handlers: TGenerationRunHandlers) => {
      setState({ ...IDLE, phase: "generating", taskId, asked: GENERATION_MAX_IMAGES });
      let polls = 0;
      follow(taskId, {
        onProgress: () => {
          polls += 1;
          setState((s) => ({ ...s, isLong: polls >= LONG_NOTICE_POLLS }));
        },
        onCompleted: (answer) => {
          const images = answer.images ?? (answer.imageUrl ? [answer.imageUrl] : []);
          const done: TGenerationRunState = {
            ...IDLE,
            phase: "completed",
            taskId,
            asked: images.length,
            images,
            partial: answer.partial === true,
          };
          setState(done);
          handlers.onCompleted(done);
        },
        onFailed: (code) => {
          setState((s) => ({ ...s, phase: "failed", code }));
          handlers.onFailed(code);
        },
      });
    },
    [follow],
  );

  /** Shows a finished set (a history item) as the current result. */
  const show = useCallback(
    (images: string[]) => {
      stop();
      setState({ ...IDLE, phase: "completed", asked: images.length, images });
    },
    [stop],
  );

  /**
   * Stops the run being followed (issue 26): the server refunds it once. False when it had already
   * finished, and the poll brings its result.
   */
  const cancel = useCallback(async (): Promise<boolean> => {
    if (state.phase !== "generating" || !state.taskId) return false;
    try {
      await postCancelJob(state.taskId);
    } catch (error) {
      if (isApiError(error) && error.code === "JOB_ALREADY_FINISHED") return false;
      throw error;
    }
    stop();
    setState((s) => ({ ...s, phase: "failed", code: "JOB_CANCELLED" }));
    return true;
  }, [state.phase, state.taskId, stop]);

  const isBusy = state.phase === "submitting" || state.phase === "generating";
  return { state, run, resume, show, cancel, isBusy };
}
