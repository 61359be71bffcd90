/**
 * Web clients of the prompt helpers (issue 14; spec 02 §7). The buttons that use them come with
 * the image-edit and generation tools (issues 15/16); every failure is the client's ApiError,
 * whose code the page translates (LLM_NOT_CONFIGURED says the operator has not connected a model).
 */
import {
  FALLBACK_BANNED_KEYWORDS,
  findBannedKeyword,
  REWRITE_COST,
  type TBannedKeywordsResponse,
  type TCreditUseResponse,
  type TPromptResponse,
  type TRewriteResponse,
} from "@gyeol/shared/contracts/ai";
import { TOOLS } from "@gyeol/shared/tools";
import { ApiError, apiGet, apiPost, CLIENT_ERROR_CODES, failureFromResponse } from "../api-client.ts";

/** POST /api/credit/use {amount: 3}: the rewrite's payment ahead (spec 02 §7 "Consistency"). */
export function payForRewrite(): Promise<TCreditUseResponse> {
  return apiPost<TCreditUseResponse>("/api/credit/use", { amount: REWRITE_COST });
}

/**
 * The edit tab's "apply": pays 3 credits ahead, then asks for the rewrite; the server uses that
 * payment and gives it back if the rewrite fails.
 */
export async function rewritePrompt(input: {
  userPrompt: string;
  currentPrompt: string;
  threadId?: string | null;
}): Promise<TRewriteResponse> {
  await payForRewrite();
  return apiPost<TRewriteResponse>("/api/ai/rewrite", {
    userPrompt: input.userPrompt,
    currentPrompt: input.currentPrompt,
    threadId: input.threadId ?? null,
  });
}

/** POST /api/ai/extract-prompt-from-image with the image itself as the body. */
export async function extractPromptFromImage(image: Blob, signal?: AbortSignal): Promise<TPromptResponse> {
  let response: Response;
  try {
    response = await fetch("/api/ai/extract-prompt-from-image", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": image.type || "application/octet-stream" },
      body: image,
      credentials: "include",
      cache: "no-store",
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.NETWORK_ERROR, String(error));
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw failureFromResponse(response.status, data);
  if (!data || typeof (data as { prompt?: unknown }).prompt !== "string")
    throw new ApiError(response.status, CLIENT_ERROR_CODES.INVALID_RESPONSE, "No prompt in the answer.");
  return data as TPromptResponse;
}

/** POST /api/seedream/auto-prompt: up to 4 images (our URLs or data URLs) and the person's notes. */
export function autoPrompt(images: readonly string[], userNotes: string): Promise<TPromptResponse> {
  return apiPost<TPromptResponse>(`${TOOLS.imageEdit.apiPrefix}/auto-prompt`, { images, userNotes });
}

/**
 * GET /api/auth/banned-keywords; the spec's fallback list when the call fails (spec 02 §5).
 */
export async function fetchBannedKeywords(): Promise<string[]> {
  try {
    const answer = await apiGet<TBannedKeywordsResponse>("/api/auth/banned-keywords");
    if (Array.isArray(answer.keywords)) return answer.keywords;
  } catch (error) {
    console.warn("[banned-keywords] using the fallback list", error);
  }
  return [...FALLBACK_BANNED_KEYWORDS];
}

/** The keyword a prompt holds (checked lower-cased), or null: the page warns and does not send. */
export function bannedKeywordIn(prompt: string, keywords: readonly string[]): string | null {
  return findBannedKeyword(prompt, keywords);
}
