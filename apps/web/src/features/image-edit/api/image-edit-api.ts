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
import { TOOLS } from "@gyeol/shared/tools";
import { apiGet, apiPost, apiRequest, isApiError } from "../../../lib/api-client.ts";

/** /api/seedream (spec 02 §2): where image edit's own calls live. */
const SEEDREAM_API = TOOLS.imageEdit.apiPrefix;

export function startImageEdit(body: TImageEditGenerateBody): Promise<TImageEditGenerateResponse> {
  return apiPost(`${SEEDREAM_API}/generate?async=1`, body);
}

export function fetchEditStatus(taskId: string, signal?: AbortSignal): Promise<TSeedreamStatusResponse> {
  return apiGet(`${SEEDREAM_API}/status/${encodeURIComponent(taskId)}`, signal ? { signal } : {});
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
  return apiGet(`${SEEDREAM_API}/history?${params.toString()}`);
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
    return (await apiGet<{ samples: TEditSample[] }>(`${SEEDREAM_API}/samples`)).samples;
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
  return apiPost(`${SEEDREAM_API}/samples`, body);
}

export function deleteEditSample(id: number): Promise<{ success: true }> {
  return apiRequest(`${SEEDREAM_API}/samples/${id}`, { method: "DELETE" });
}

export function reorderEditSamples(ids: readonly number[]): Promise<{ samples: TEditSample[] }> {
  return apiRequest(`${SEEDREAM_API}/samples/reorder`, {
    method: "PUT",
    body: { samples: ids.map((id, index) => ({ id, display_order: index + 1 })) },
  });
}
