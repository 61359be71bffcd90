import type { TFaceEditStartBody } from "@gyeol/shared/contracts/face-edit";
import type { THistoryResponse, TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { UPLOAD_IMAGE_FIELD } from "@gyeol/shared/contracts/notices";
import { FACE_EDIT_HISTORY_FIRST_PAGE, FACE_EDIT_HISTORY_PAGE } from "@gyeol/shared/face-edit";
import { TOOLS } from "@gyeol/shared/tools";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api-client.ts";
import { fetchImageHistory, historyKeys } from "../../../lib/history/history-api.ts";

export interface TFaceEditStartResponse {
  success: true;
  jobId: string;
  /** Credits charged, where the server says. */
  cost?: number;
}

/**
 * POST /api/runpod-face-edit {input:{image, mask, seed, resize_factor, easy_value, gender}} (spec 02
 * §7). A 401 is this page's own 'Login required' modal (§8), not the shell's session modal.
 */
export function startFaceEdit(body: TFaceEditStartBody): Promise<TFaceEditStartResponse> {
  return apiPost<TFaceEditStartResponse>("/api/runpod-face-edit", body, { notifyAuthInvalid: false });
}

/**
 * The saved mask (white where painted, on black, at the photo's size) as a private upload of kind
 * mask: POST /api/image/upload-s3?purpose=mask, purged like any tool input.
 */
export function uploadFaceEditMask(mask: Blob): Promise<{ success: true; imageUrl: string }> {
  const form = new FormData();
  form.append(UPLOAD_IMAGE_FIELD, mask, "mask.png");
  return apiPost<{ success: true; imageUrl: string }>("/api/image/upload-s3", form, {
    query: { purpose: "mask" },
  });
}

/** GET /api/image/status/{jobId}?source=face_edit (spec 02 §7, no cache). */
export function fetchFaceEditStatus(jobId: string, signal?: AbortSignal): Promise<TImageStatusResponse> {
  return apiGet<TImageStatusResponse>(`/api/image/status/${encodeURIComponent(jobId)}`, {
    query: { source: TOOLS.faceEdit.historySource },
    signal,
  });
}

/** The same answers pushed as server-sent events, where the browser has EventSource. */
export function openFaceEditEvents(jobId: string): EventSource | null {
  if (typeof EventSource === "undefined") return null;
  return new EventSource(
    `/api/image/status/${encodeURIComponent(jobId)}/events?source=${TOOLS.faceEdit.historySource}`,
  );
}

/** spec 02 §9: the history card shows 15 first, then 10 per Load more. */
export function faceEditHistoryLimit(offset: number): number {
  return offset === 0 ? FACE_EDIT_HISTORY_FIRST_PAGE : FACE_EDIT_HISTORY_PAGE;
}

export const faceEditHistoryQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.tool(TOOLS.faceEdit.historySource, userId, FACE_EDIT_HISTORY_FIRST_PAGE),
    queryFn: ({ pageParam, signal }): Promise<THistoryResponse> =>
      fetchImageHistory(
        userId,
        { source: TOOLS.faceEdit.historySource, limit: faceEditHistoryLimit(pageParam), offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? (last.pagination.nextOffset ?? undefined) : undefined,
    staleTime: 0,
  });

export function useFaceEditHistory(userId: number) {
  return useInfiniteQuery(faceEditHistoryQuery(userId));
}
