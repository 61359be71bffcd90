import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { apiGet } from "../../../lib/api-client.ts";

/**
 * GET /api/image/status/{jobId}. Polled on the schedule of useRetouchJob rather than through a
 * query's refetchInterval: the delays grow and then turn random (spec 02 §4.1).
 */
export function fetchImageStatus(jobId: string, signal?: AbortSignal): Promise<TImageStatusResponse> {
  return apiGet<TImageStatusResponse>(`/api/image/status/${encodeURIComponent(jobId)}`, { signal });
}
