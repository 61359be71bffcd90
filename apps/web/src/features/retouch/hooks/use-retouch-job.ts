import type { THistoryItem, TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { POLL_SCHEDULES, POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import { RETOUCH_SUCCESS_TOAST_MS } from "@gyeol/shared/retouch";
import { TOOLS } from "@gyeol/shared/tools";
import { useCallback, useRef } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeError } from "../../../lib/api-errors.ts";
import { fetchImageStatus, openImageStatusEvents, readImageStatus } from "../../../lib/jobs/job-status.ts";
import {
  JOB_CANCELLED_CODE,
  type TResumable,
  type TToolJobState,
  useResumeToolJob,
  useToolJob,
} from "../../../lib/jobs/use-tool-job.ts";

/** What a retouch job carries besides the platform's fields (spec 02 §4.1). */
export interface TRetouchDetail {
  originalUrl: string | null;
  facesFound: number | null;
  identityScore: number | null;
  /** The share of the chosen retouch kept so the face stays its owner's (1 or null: all of it). */
  retouchShare: number | null;
  engine: string | null;
}

/** The retouch job as the page shows it: its result is the retouched photo's url. */
export type TRetouchJobState = TToolJobState<string, TRetouchDetail>;

const IDLE_DETAIL: TRetouchDetail = {
  originalUrl: null,
  facesFound: null,
  identityScore: null,
  retouchShare: null,
  engine: null,
};

export interface TRetouchJobOptions {
  fetchStatus?: (jobId: string, signal?: AbortSignal) => Promise<TImageStatusResponse>;
  /** Opens the job's live event stream; null where the browser has none (the polling still runs). */
  openEvents?: (jobId: string) => EventSource | null;
  cancelJob?: (jobId: string) => Promise<unknown>;
  random?: () => number;
  /** After the job ends either way: refresh the header credits and the history. */
  onSettled?: (phase: "completed" | "failed") => void;
}

const CANCELLED_TOAST_ID = "retouch-cancelled";

/**
 * Retouch's job on the platform's tool job (lib/jobs/use-tool-job) with retouch's schedule: 2 s,
 * 4 s, 8 s, then every 10–15 s at random, for 10 minutes (spec 02 §4.1, §9), plus its live events.
 * What is retouch's own: the engine's report it reads, and its toasts.
 */
export function useRetouchJob(options: TRetouchJobOptions = {}) {
  const { t } = useTranslation();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  return useToolJob<TImageStatusResponse, string, TRetouchDetail>({
    schedule: POLL_SCHEDULES[TOOLS.retouch.poll],
    fetchStatus: options.fetchStatus ?? fetchImageStatus,
    read: readImageStatus,
    openEvents: options.openEvents ?? openImageStatusEvents,
    ...(options.cancelJob ? { cancelJob: options.cancelJob } : {}),
    ...(options.random ? { random: options.random } : {}),
    idle: IDLE_DETAIL,
    progressOf: (status, current) => ({
      queuePosition: status.queuePosition,
      etaSeconds: status.etaSeconds,
      facesFound: status.facesFound ?? current.facesFound,
    }),
    completedOf: (status, current) => ({
      result: status.imageUrl ?? "",
      originalUrl: status.originalImageUrl ?? current.originalUrl,
      facesFound: status.facesFound ?? null,
      identityScore: status.identityScore ?? null,
      retouchShare: status.retouchShare ?? null,
      engine: status.engine ?? null,
    }),
    onCompleted: (state) => {
      toast.success(t("retouch.toast.completed"), {
        id: `retouch-${state.jobId}`,
        duration: RETOUCH_SUCCESS_TOAST_MS,
      });
      optionsRef.current.onSettled?.("completed");
    },
    onFailed: ({ errorCode, jobId }) => {
      // A cancel's pushed event can arrive before the cancel's own answer: one toast either way.
      if (errorCode === JOB_CANCELLED_CODE)
        toast.success(t("errors.codes.JOB_CANCELLED"), { id: CANCELLED_TOAST_ID });
      else
        toast.error(
          errorCode === POLL_TIMEOUT_CODE ? t("retouch.toast.timeout") : t("retouch.toast.failed"),
          { id: `retouch-${jobId}` },
        );
      optionsRef.current.onSettled?.("failed");
    },
  });
}

export type TRetouchJob = ReturnType<typeof useRetouchJob>;

/** Cancel the running job; a refusal other than "already finished" is said in a toast. */
export function useCancelRetouch(job: TRetouchJob) {
  const { t } = useTranslation();
  const { cancel } = job;
  return useCallback(
    () => void cancel().catch((error: unknown) => toast.error(describeError(error, t, t("errors.generic")))),
    [cancel, t],
  );
}

/** The newest history item still processing that carries a job id, if any. */
export function findResumableItem(items: readonly THistoryItem[]): THistoryItem | null {
  return items.find((item) => item.status === "processing" && Boolean(item.runpod_job_id)) ?? null;
}

function resumableOf(items: readonly THistoryItem[]): TResumable<TRetouchDetail> | null {
  const item = findResumableItem(items);
  return item?.runpod_job_id
    ? { jobId: item.runpod_job_id, detail: { originalUrl: item.original_image_url } }
    : null;
}

/** spec 02 §4.1: on load, a history item in processing with a job id resumes polling, with a toast. */
export function useResumeRetouchJob(items: readonly THistoryItem[] | undefined, job: TRetouchJob): void {
  const { t } = useTranslation();
  useResumeToolJob(items, resumableOf, job, () =>
    toast(t("retouch.toast.resumed"), { id: "retouch-resume", icon: "⏳" }),
  );
}
