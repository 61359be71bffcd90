import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { POLL_SCHEDULES, POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import { RETOUCH_SUCCESS_TOAST_MS } from "@gyeol/shared/retouch";
import { useCallback, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { fetchImageStatus, openImageStatusEvents, readImageStatus } from "../../../lib/jobs/job-status.ts";
import { useJobPoll } from "../../../lib/jobs/use-job-poll.ts";

/** spec 02 §4.1: idle, processing, completed, failed (the loading flag lives with the page). */
export type TJobPhase = "idle" | "processing" | "completed" | "failed";

export interface TRetouchJobState {
  phase: TJobPhase;
  jobId: string | null;
  originalUrl: string | null;
  resultUrl: string | null;
  queuePosition: number | null;
  etaSeconds: number | null;
  facesFound: number | null;
  identityScore: number | null;
  /** The share of the chosen retouch kept so the face stays its owner's (1 or null: all of it). */
  retouchShare: number | null;
  engine: string | null;
  /** Why the job failed: a server, job or client code, translated where it is shown. */
  errorCode: string | null;
  isResumed: boolean;
}

export const IDLE_JOB: TRetouchJobState = {
  phase: "idle",
  jobId: null,
  originalUrl: null,
  resultUrl: null,
  queuePosition: null,
  etaSeconds: null,
  facesFound: null,
  identityScore: null,
  retouchShare: null,
  engine: null,
  errorCode: null,
  isResumed: false,
};

export interface TRetouchJobOptions {
  fetchStatus?: (jobId: string, signal?: AbortSignal) => Promise<TImageStatusResponse>;
  /** Opens the job's live event stream; null where the browser has none (the polling still runs). */
  openEvents?: (jobId: string) => EventSource | null;
  random?: () => number;
  /** After the job ends either way: refresh the header credits and the history. */
  onSettled?: (phase: "completed" | "failed") => void;
}

export interface TTrackOptions {
  originalUrl: string | null;
  isResumed?: boolean;
}

export interface TCompletedResult {
  resultUrl: string;
  originalUrl: string | null;
  identityScore?: number | null;
  engine?: string | null;
}

const CANCELLED_CODE = "JOB_CANCELLED";
const CANCELLED_TOAST_ID = "retouch-cancelled";

/**
 * Follows one retouch job on the platform's poller (lib/jobs) with retouch's schedule: 2 s, 4 s,
 * 8 s, then every 10–15 s at random, for 10 minutes (spec 02 §4.1, §9), plus its live events. This
 * hook adds what is retouch's own: the state the page shows, the toasts and the engine's report.
 */
export function useRetouchJob(options: TRetouchJobOptions = {}) {
  const { t } = useTranslation();
  const [state, setState] = useState<TRetouchJobState>(IDLE_JOB);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { follow, stop: cancel } = useJobPoll<TImageStatusResponse>({
    schedule: POLL_SCHEDULES.retouch,
    fetchStatus: options.fetchStatus ?? fetchImageStatus,
    read: readImageStatus,
    openEvents: options.openEvents ?? openImageStatusEvents,
    ...(options.random ? { random: options.random } : {}),
  });

  const track = useCallback(
    (jobId: string, { originalUrl, isResumed = false }: TTrackOptions) => {
      setState({ ...IDLE_JOB, phase: "processing", jobId, originalUrl, isResumed });
      follow(jobId, {
        onProgress: (status) =>
          setState((current) => ({
            ...current,
            queuePosition: status.queuePosition,
            etaSeconds: status.etaSeconds,
            facesFound: status.facesFound ?? current.facesFound,
          })),
        onCompleted: (status) => {
          setState((current) => ({
            ...current,
            phase: "completed",
            resultUrl: status.imageUrl,
            originalUrl: status.originalImageUrl ?? current.originalUrl,
            queuePosition: null,
            etaSeconds: null,
            facesFound: status.facesFound ?? null,
            identityScore: status.identityScore ?? null,
            retouchShare: status.retouchShare ?? null,
            engine: status.engine ?? null,
          }));
          toast.success(t("retouch.toast.completed"), {
            id: `retouch-${jobId}`,
            duration: RETOUCH_SUCCESS_TOAST_MS,
          });
          optionsRef.current.onSettled?.("completed");
        },
        onFailed: (errorCode) => {
          setState((current) => ({ ...current, phase: "failed", errorCode }));
          // A cancel's pushed event can arrive before the cancel's own answer: one toast, the
          // cancel's, either way (markCancelled uses the same toast id).
          if (errorCode === CANCELLED_CODE)
            toast.success(t("errors.codes.JOB_CANCELLED"), { id: CANCELLED_TOAST_ID });
          else
            toast.error(
              errorCode === POLL_TIMEOUT_CODE ? t("retouch.toast.timeout") : t("retouch.toast.failed"),
              { id: `retouch-${jobId}` },
            );
          optionsRef.current.onSettled?.("failed");
        },
      });
    },
    [follow, t],
  );

  /** The server cancelled the job (and refunded it): stop polling and show it as cancelled. */
  const markCancelled = useCallback(() => {
    cancel();
    setState((current) => ({ ...current, phase: "failed", errorCode: CANCELLED_CODE }));
    toast.success(t("errors.codes.JOB_CANCELLED"), { id: CANCELLED_TOAST_ID });
    optionsRef.current.onSettled?.("failed");
  }, [cancel, t]);

  /** 'Try again' (spec 02 §4.1): back to idle, the message cleared. */
  const reset = useCallback(() => {
    cancel();
    setState(IDLE_JOB);
  }, [cancel]);

  /** A history item opened as the current result. */
  const show = useCallback(
    (result: TCompletedResult) => {
      cancel();
      setState({
        ...IDLE_JOB,
        phase: "completed",
        resultUrl: result.resultUrl,
        originalUrl: result.originalUrl,
        identityScore: result.identityScore ?? null,
        engine: result.engine ?? null,
      });
    },
    [cancel],
  );

  return { state, track, reset, show, markCancelled };
}

export type TRetouchJob = ReturnType<typeof useRetouchJob>;
