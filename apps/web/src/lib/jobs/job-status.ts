import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { apiGet, apiPost } from "../api-client.ts";

/**
 * GET /api/image/status/{jobId}: the status of an upscale, face edit or kling job (spec 02 §7).
 * Polled on a tool's schedule (use-job-poll.ts) rather than through a query's refetchInterval: the
 * waits grow and may turn random.
 */
export function fetchImageStatus(jobId: string, signal?: AbortSignal): Promise<TImageStatusResponse> {
  return apiGet<TImageStatusResponse>(`/api/image/status/${encodeURIComponent(jobId)}`, { signal });
}

/** GET /api/image/status/{jobId}/events, where the browser has EventSource: the same answers, pushed. */
export function openImageStatusEvents(jobId: string): EventSource | null {
  if (typeof EventSource === "undefined") return null;
  return new EventSource(`/api/image/status/${encodeURIComponent(jobId)}/events`);
}

/** POST /api/jobs/{jobId}/cancel: stops a queued or running job; its credits come back once. */
export function postCancelJob(
  jobId: string,
): Promise<{ success: true; status: "failed"; code: "JOB_CANCELLED" }> {
  return apiPost(`/api/jobs/${encodeURIComponent(jobId)}/cancel`);
}

/** How one image-status answer reads: a result, a failure with its code, or still running. */
export function readImageStatus(answer: TImageStatusResponse): TJobReading {
  if (answer.status === "completed" && answer.imageUrl) return { kind: "completed" };
  // The answer's `error` is the server's English; pages translate `code`.
  if (answer.status === "failed") return { kind: "failed", code: answer.code ?? null };
  return { kind: "running" };
}

export type TJobReading =
  | { kind: "running" }
  | { kind: "completed" }
  | { kind: "failed"; code: string | null };
