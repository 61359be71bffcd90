import type { THistoryItem } from "@gyeol/shared/contracts/images";

/** How a history item reads on screen: the spec's three statuses, and a failure the user chose. */
export type THistoryDisplayStatus = "completed" | "processing" | "failed" | "cancelled";

/** The code a job the user cancelled ends with (POST /api/jobs/{jobId}/cancel). */
export const JOB_CANCELLED_CODE = "JOB_CANCELLED";

/** A job the user cancelled is failed with JOB_CANCELLED on the server; it reads as cancelled, not failed. */
export function historyDisplayStatus(item: Pick<THistoryItem, "status" | "code">): THistoryDisplayStatus {
  if (item.status === "failed" && item.code === JOB_CANCELLED_CODE) return "cancelled";
  return item.status;
}
