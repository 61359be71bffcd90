import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { POLL_SCHEDULES } from "@gyeol/shared/polling";
import { useCallback, useRef, useState } from "react";
import { readImageStatus } from "../../../lib/jobs/job-status.ts";
import { useJobPoll } from "../../../lib/jobs/use-job-poll.ts";
import { fetchFaceEditStatus, openFaceEditEvents } from "../api/face-edit-api.ts";

export type TFaceEditPhase = "idle" | "processing" | "completed" | "failed";

export interface TFaceEditJobState {
  phase: TFaceEditPhase;
  jobId: string | null;
  originalUrl: string | null;
  resultUrl: string | null;
  queuePosition: number | null;
  etaSeconds: number | null;
  /** Which engine ran ("builtin-reshape" for the built-in, non-generative one). */
  engine: string | null;
  /** Faces the built-in engine reshaped (0: the painted area held none); null when not told. */
  facesFound: number | null;
  errorCode: string | null;
  isResumed: boolean;
}

export const IDLE_FACE_EDIT_JOB: TFaceEditJobState = {
  phase: "idle",
  jobId: null,
  originalUrl: null,
  resultUrl: null,
  queuePosition: null,
  etaSeconds: null,
  engine: null,
  facesFound: null,
  errorCode: null,
  isResumed: false,
};

export interface TFaceEditJobOptions {
  fetchStatus?: (jobId: string, signal?: AbortSignal) => Promise<TImageStatusResponse>;
  openEvents?: (jobId: string) => EventSource | null;
  onCompleted?: (state: TFaceEditJobState) => void;
  onFailed?: (state: TFaceEditJobState) => void;
}

const CANCELLED_CODE = "JOB_CANCELLED";

/**
 * Follows one face-edit job on the platform's poller with face edit's schedule: first wait 1 s,
 * then 2 s growing × 1.25 up to 10 s, at most 120 polls (spec 02 §9), plus its live events.
 */
export function useFaceEditJob(options: TFaceEditJobOptions = {}) {
  const [state, setStateValue] = useState<TFaceEditJobState>(IDLE_FACE_EDIT_JOB);
  const stateRef = useRef(state);
  const setState = useCallback((next: TFaceEditJobState) => {
    stateRef.current = next;
    setStateValue(next);
  }, []);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { follow, stop } = useJobPoll<TImageStatusResponse>({
    schedule: POLL_SCHEDULES.faceEdit,
    fetchStatus: options.fetchStatus ?? fetchFaceEditStatus,
    read: readImageStatus,
    openEvents: options.openEvents ?? openFaceEditEvents,
  });

  const track = useCallback(
    (
      jobId: string,
      { originalUrl, isResumed = false }: { originalUrl: string | null; isResumed?: boolean },
    ) => {
      const started: TFaceEditJobState = {
        ...IDLE_FACE_EDIT_JOB,
        phase: "processing",
        jobId,
        originalUrl,
        isResumed,
      };
      setState(started);
      const update = (patch: Partial<TFaceEditJobState>) => {
        setState({ ...stateRef.current, ...patch });
        return stateRef.current;
      };
      follow(jobId, {
        onProgress: (status) =>
          update({
            queuePosition: status.queuePosition,
            etaSeconds: status.etaSeconds,
            engine: status.engine ?? stateRef.current.engine,
            originalUrl: stateRef.current.originalUrl ?? status.originalImageUrl,
          }),
        onCompleted: (status) => {
          const done = update({
            phase: "completed",
            resultUrl: status.imageUrl ?? status.images?.[0] ?? null,
            originalUrl: status.originalImageUrl ?? stateRef.current.originalUrl,
            queuePosition: null,
            etaSeconds: null,
            engine: status.engine ?? stateRef.current.engine,
            facesFound: status.facesFound ?? null,
          });
          optionsRef.current.onCompleted?.(done);
        },
        onFailed: (errorCode) => {
          optionsRef.current.onFailed?.(update({ phase: "failed", errorCode }));
        },
      });
    },
    [follow, setState],
  );

  /** The server cancelled the job and refunded it. */
  const markCancelled = useCallback(() => {
    stop();
    const next: TFaceEditJobState = { ...stateRef.current, phase: "failed", errorCode: CANCELLED_CODE };
    setState(next);
    optionsRef.current.onFailed?.(next);
  }, [stop, setState]);

  const reset = useCallback(() => {
    stop();
    setState(IDLE_FACE_EDIT_JOB);
  }, [stop, setState]);

  /** A history item opened as the current result. */
  const show = useCallback(
    (result: { resultUrl: string; originalUrl: string | null }) => {
      stop();
      setState({ ...IDLE_FACE_EDIT_JOB, phase: "completed", ...result });
    },
    [stop, setState],
  );

  return { state, track, markCancelled, reset, show };
}

export type TFaceEditJob = ReturnType<typeof useFaceEditJob>;
