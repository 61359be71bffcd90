/**
 * Image edit's calls (spec 02 §7 "Image edit"): POST /api/seedream/generate,
 * GET /api/seedream/status/{taskId}, GET /api/seedream/history and GET /api/seedream/samples. Tiles and masks go up through
 * lib/uploads (the presigned upload).
 */
import type {
  TImageEditGenerateBody,
  TImageEditGenerateResponse,
  TImageEditHistoryResponse,
} from "@gyeol/shared/contracts/image-edit";
import type { TSeedreamStatusResponse } from "@gyeol/shared/contracts/jobs";
import { apiGet, apiPost, apiRequest, isApiError } from "../../../lib/api-client.ts";

export function startImageEdit(body: TImageEditGenerateBody): Promise<TImageEditGenerateResponse> {
  return apiPost("/api/seedream/generate?async=1", body);
}

export function fetchEditStatus(taskId: string, signal?: AbortSignal): Promise<TSeedreamStatusResponse> {
  return apiGet(`/api/seedream/status/${encodeURIComponent(taskId)}`, signal ? { signal } : {});
}

export function fetchEditHistory(query: {
  limit: number;
  offset: number;
  q?: string;
}): Promise<TImageEditHistoryResponse> {
  const params = new URLSearchParams({
    grouped: "1",
    status: "completed",
    limit: String(query.limit),
    offset: String(query.offset),
  });
  if (query.q) params.set("q", query.q);
  return apiGet(`/api/seedream/history?${params.toString()}`);
}

/** spec 02 §3 "Image-edit sample". */
export interface TEditSample {
  id: number;
  prompt: string;
  seed: number | null;
  width: number;
  height: number;
  num_images: number;
  ref_image_urls: string[];
  result_urls: string[];
  thumbnail_url: string | null;
  display_order: number;
}

/** GET /api/seedream/samples (everyone); an older server without samples answers none. */
export async function fetchEditSamples(): Promise<TEditSample[]> {
  try {
    return (await apiGet<{ samples: TEditSample[] }>("/api/seedream/samples")).samples;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function createEditSample(body: {
  prompt: string;
  seed: number | null;
  width: number;
  height: number;
  num_images: number;
  ref_image_urls: string[];
  result_urls: string[];
}): Promise<{ sample: TEditSample }> {
  return apiPost("/api/seedream/samples", body);
}

export function deleteEditSample(id: number): Promise<{ success: true }> {
  return apiRequest(`/api/seedream/samples/${id}`, { method: "DELETE" });
}

export function reorderEditSamples(ids: readonly number[]): Promise<{ samples: TEditSample[] }> {
  return apiRequest("/api/seedream/samples/reorder", {
    method: "PUT",
    body: { samples: ids.map((id, index) => ({ id, display_order: index + 1 })) },
  });
}
