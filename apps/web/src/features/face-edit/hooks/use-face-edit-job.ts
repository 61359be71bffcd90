import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { POLL_SCHEDULES } from "@gyeol/shared/polling";
import { TOOLS } from "@gyeol/shared/tools";
import { readImageStatus } from "../../../lib/jobs/job-status.ts";
import { type TToolJobState, useToolJob } from "../../../lib/jobs/use-tool-job.ts";
import { fetchFaceEditStatus, openFaceEditEvents } from "../api/face-edit-api.ts";

/** What a face-edit job carries besides the platform's fields. */
export interface TFaceEditDetail {
  originalUrl: string | null;
  /** Which engine ran ("builtin-reshape" for the built-in, non-generative one). */
  engine: string | null;
  /** Faces the built-in engine reshaped (0: the painted area held none); null when not told. */
  facesFound: number | null;
}

/** The face-edit job as the page shows it: its result is the edited photo's url. */
export type TFaceEditJobState = TToolJobState<string, TFaceEditDetail>;

const IDLE_DETAIL: TFaceEditDetail = { originalUrl: null, engine: null, facesFound: null };

export interface TFaceEditJobOptions {
  fetchStatus?: (jobId: string, signal?: AbortSignal) => Promise<TImageStatusResponse>;
  openEvents?: (jobId: string) => EventSource | null;
  cancelJob?: (jobId: string) => Promise<unknown>;
  onCompleted?: (state: TFaceEditJobState) => void;
  onFailed?: (state: TFaceEditJobState) => void;
}

/**
 * Face edit's job on the platform's tool job (lib/jobs/use-tool-job) with face edit's schedule:
 * first wait 1 s, then 2 s growing × 1.25 up to 10 s, at most 120 polls (spec 02 §9), plus its
 * live events.
 */
export function useFaceEditJob(options: TFaceEditJobOptions = {}) {
  return useToolJob<TImageStatusResponse, string, TFaceEditDetail>({
    schedule: POLL_SCHEDULES[TOOLS.faceEdit.poll],
    fetchStatus: options.fetchStatus ?? fetchFaceEditStatus,
    read: readImageStatus,
    openEvents: options.openEvents ?? openFaceEditEvents,
    ...(options.cancelJob ? { cancelJob: options.cancelJob } : {}),
    idle: IDLE_DETAIL,
    progressOf: (status, current) => ({
      queuePosition: status.queuePosition,
      etaSeconds: status.etaSeconds,
      engine: status.engine ?? current.engine,
      originalUrl: current.originalUrl ?? status.originalImageUrl,
    }),
    completedOf: (status, current) => ({
      result: status.imageUrl ?? status.images?.[0] ?? "",
      originalUrl: status.originalImageUrl ?? current.originalUrl,
      engine: status.engine ?? current.engine,
      facesFound: status.facesFound ?? null,
    }),
    ...(options.onCompleted ? { onCompleted: options.onCompleted } : {}),
    ...(options.onFailed ? { onFailed: options.onFailed } : {}),
  });
}

export type TFaceEditJob = ReturnType<typeof useFaceEditJob>;
