/**
 * Image edit's calls (spec 02 §7 "Image edit"): the presigned upload of a tile or a mask
 * (POST /api/image/presign-upload → PUT to the returned URL with its required headers →
 * POST /api/image/confirm-upload, on local storage and S3 alike), POST /api/seedream/generate,
 * GET /api/seedream/status/{taskId}, GET /api/seedream/history and GET /api/seedream/samples.
 */
import type {
  TImageEditGenerateBody,
  TImageEditGenerateResponse,
  TImageEditHistoryResponse,
} from "@gyeol/shared/contracts/image-edit";
import type { TSeedreamStatusResponse } from "@gyeol/shared/contracts/jobs";
import { ApiError, apiGet, apiPost, apiRequest, isApiError } from "../../../lib/api-client.ts";

/** The page's own failure codes (spec 02 §8 "Local codes"), each with its sentence in imageEdit.errors. */
export const IMAGE_EDIT_LOCAL_CODES = {
  PRESIGN_FAILED: "PRESIGN_FAILED",
  S3_PUT_FAILED: "S3_PUT_FAILED",
  CONFIRM_FAILED: "CONFIRM_FAILED",
  INVALID_BLOB: "INVALID_BLOB",
  AUTOPROMPT_FAILED: "AUTOPROMPT_FAILED",
} as const;

/**
 * Answers that say nothing of their own (the client's codes for no answer, a bare 5xx): those
 * become the step's code. Any other server code is kept, since the server named the real cause
 * (issue 26: a GIF named .jpg is UNSUPPORTED_IMAGE_TYPE, not "couldn't upload, try again").
 */
const STEP_CODES = new Set(["NETWORK_ERROR", "INVALID_RESPONSE", "REQUEST_FAILED", "INTERNAL_ERROR"]);

function stepError(error: unknown, code: string): ApiError {
  if (isApiError(error) && !STEP_CODES.has(error.code)) return error;
  const status = isApiError(error) ? error.status : 0;
  return new ApiError(status, code, error instanceof Error ? error.message : String(error));
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface TUploadedTile {
  imageUrl: string;
  key: string;
  width: number | null;
  height: number | null;
}

/** One file up by the presigned route; `kind` input for a tile, mask for a mask. */
export async function presignedUpload(
  blob: Blob,
  filename: string,
  kind: "input" | "mask",
  fetchImpl: typeof fetch = fetch,
): Promise<TUploadedTile> {
  const mime = blob.type === "image/png" ? "image/png" : blob.type === "image/jpeg" ? "image/jpeg" : null;
  if (!mime || blob.size === 0)
    throw new ApiError(0, IMAGE_EDIT_LOCAL_CODES.INVALID_BLOB, "The image could not be read.");
  let presigned: { url: string; key: string; requiredHeaders: Record<string, string> };
  try {
    presigned = await apiPost("/api/image/presign-upload", {
      filename,
      mime,
      kind,
      contentLength: blob.size,
      checksumSha256: await sha256Hex(blob),
    });
  } catch (error) {
    throw stepError(error, IMAGE_EDIT_LOCAL_CODES.PRESIGN_FAILED);
  }
  let put: Response;
  try {
    put = await fetchImpl(presigned.url, {
      method: "PUT",
      headers: presigned.requiredHeaders,
      body: blob,
      // Our local storage signs the URL itself; S3 needs no cookie either.
      credentials: "omit",
    });
  } catch (error) {
    throw stepError(error, IMAGE_EDIT_LOCAL_CODES.S3_PUT_FAILED);
  }
  if (!put.ok) throw new ApiError(put.status, IMAGE_EDIT_LOCAL_CODES.S3_PUT_FAILED, `PUT ${put.status}`);
  try {
    const confirmed = await apiPost<{ imageUrl: string; width: number | null; height: number | null }>(
      "/api/image/confirm-upload",
      { key: presigned.key },
    );
    return {
      imageUrl: confirmed.imageUrl,
      key: presigned.key,
      width: confirmed.width,
      height: confirmed.height,
    };
  } catch (error) {
    throw stepError(error, IMAGE_EDIT_LOCAL_CODES.CONFIRM_FAILED);
  }
}

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
