import type { TAuthCheckResponse } from "@gyeol/shared/contracts/auth";
import { apiGet, apiPost } from "../api-client.ts";

/**
 * GET /api/auth/check (spec 01 §7). Its 401/419 is handled by session sync, which decides
 * whether the session-expired modal opens, so the client raises no auth:invalid of its own.
 */
export function fetchAuthCheck(): Promise<TAuthCheckResponse> {
  return apiGet<TAuthCheckResponse>("/api/auth/check", { notifyAuthInvalid: false });
}

export function postLogout(): Promise<{ success: boolean }> {
  return apiPost<{ success: boolean }>("/api/auth/logout", undefined, { notifyAuthInvalid: false });
}
