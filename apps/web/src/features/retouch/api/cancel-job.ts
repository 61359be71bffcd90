import { apiPost } from "../../../lib/api-client.ts";

/** POST /api/jobs/{jobId}/cancel: stops a queued or running job; its credits come back once. */
export function postCancelJob(
  jobId: string,
): Promise<{ success: true; status: "failed"; code: "JOB_CANCELLED" }> {
  return apiPost(`/api/jobs/${encodeURIComponent(jobId)}/cancel`);
}
