/**
 * The generation screen's calls (spec 02 §7 "Consistency"): the start (multipart), the samples
 * and the grouped history. Status polls go through lib/jobs (GET /api/image/status/{taskId}).
 */
import type {
  TGenerationSample,
  TGenerationStartResponse,
  TSampleCreateBody,
  TSamplesResponse,
} from "@gyeol/shared/contracts/generation";
import type { THistoryResponse } from "@gyeol/shared/contracts/images";
import {
  GENERATION_LOCAL_HISTORY_MAX,
  type TCharacterMode,
  type TGenerationAspectRatio,
} from "@gyeol/shared/generation";
import { TOOLS } from "@gyeol/shared/tools";
import { apiGet, apiRequest } from "../../../lib/api-client.ts";

/** /api/kling (spec 02 §2): where generation's own calls live. */
const KLING_API = TOOLS.generation.apiPrefix;

export const generationKeys = {
  samples: ["kling-samples"] as const,
};

export interface TGenerationRequest {
  prompt: string;
  numImages: number;
  aspectRatio: TGenerationAspectRatio;
  reference: File | null;
  characters: readonly File[];
  characterMode: TCharacterMode;
}

/** POST /api/kling/image-generation (character_reference_images, num_images, prompt, aspect_ratio). */
export function startGeneration(request: TGenerationRequest): Promise<TGenerationStartResponse> {
  const form = new FormData();
  form.append("prompt", request.prompt);
  form.append("num_images", String(request.numImages));
  form.append("aspect_ratio", request.aspectRatio);
  form.append("character_mode", request.characterMode);
  const files: Array<[File, "reference" | "character"]> = [
    ...(request.reference ? [[request.reference, "reference"] as [File, "reference"]] : []),
    ...request.characters.map((file) => [file, "character"] as [File, "character"]),
  ];
  if (files.length > 0) form.append("image_roles", files.map(([, role]) => role).join(","));
  for (const [file] of files) form.append("character_reference_images", file, file.name);
  return apiRequest<TGenerationStartResponse>(`${KLING_API}/image-generation`, {
    method: "POST",
    body: form,
  });
}

export async function fetchSamples(): Promise<TGenerationSample[]> {
  return (await apiGet<TSamplesResponse>(`${KLING_API}/samples`)).samples;
}

export async function addSample(body: TSampleCreateBody): Promise<TGenerationSample> {
  return (
    await apiRequest<{ success: true; sample: TGenerationSample }>(`${KLING_API}/samples`, {
      method: "POST",
      body,
    })
  ).sample;
}

export function deleteSample(id: number): Promise<{ success: true }> {
  return apiRequest(`${KLING_API}/samples/${id}`, { method: "DELETE" });
}

export async function reorderSamples(ids: readonly number[]): Promise<TGenerationSample[]> {
  const samples = ids.map((id, display_order) => ({ id, display_order }));
  return (
    await apiRequest<TSamplesResponse>(`${KLING_API}/samples/reorder`, { method: "PUT", body: { samples } })
  ).samples;
}

/** GET /api/image/history/{userId}?source=kling&grouped=1&group_limit&group_offset&q */
export function fetchGenerationHistory(
  userId: number,
  page: { limit: number; offset: number; q: string },
  signal?: AbortSignal,
): Promise<THistoryResponse> {
  return apiGet<THistoryResponse>(`/api/image/history/${userId}`, {
    query: {
      source: TOOLS.generation.historySource,
      grouped: 1,
      group_limit: page.limit,
      group_offset: page.offset,
      q: page.q || undefined,
    },
    signal,
  });
}

/** GET /api/image/history/{userId}?source=kling (up to 50): what the local history cache keeps. */
export function fetchLocalCacheSource(userId: number, signal?: AbortSignal): Promise<THistoryResponse> {
  return apiGet<THistoryResponse>(`/api/image/history/${userId}`, {
    query: { source: TOOLS.generation.historySource, limit: GENERATION_LOCAL_HISTORY_MAX },
    signal,
  });
}
