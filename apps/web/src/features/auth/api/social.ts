import type {
  TAuthUserResponse,
  TForgotPasswordBody,
  TGoogleSignInBody,
  TResetPasswordBody,
  TSocialCompleteResponse,
  TSocialPendingResponse,
} from "@gyeol/shared/contracts/auth";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api-client.ts";

/** POST /api/auth/google (spec 01 §7): the ID token from Google Identity Services. */
export function postGoogle(body: TGoogleSignInBody): Promise<TAuthUserResponse> {
  return apiPost<TAuthUserResponse>("/api/auth/google", body);
}

/** The first social sign-in waiting for the age confirmation (a signed cookie holds it). */
export function useSocialPendingQuery() {
  return useQuery({
    queryKey: ["auth", "social-pending"],
    queryFn: () => apiGet<TSocialPendingResponse>("/api/auth/social/pending", { notifyAuthInvalid: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSocialCompleteMutation() {
  return useMutation({
    mutationFn: () =>
      apiPost<TSocialCompleteResponse>(
        "/api/auth/social/complete",
        { ageConfirmed: true },
        { notifyAuthInvalid: false },
      ),
  });
}

/** The restore offer a sign-in into a deleting account left (spec 01 §4 undo window). */
export function fetchRestoreOffer(): Promise<{ success: true; purgeAt: string }> {
  return apiGet("/api/account/restore-offer", { notifyAuthInvalid: false });
}

export function useRestoreMutation() {
  return useMutation({
    mutationFn: () =>
      apiPost<TSocialCompleteResponse>("/api/account/restore", undefined, { notifyAuthInvalid: false }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: TForgotPasswordBody) => apiPost<{ success: true }>("/api/auth/password/forgot", body),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: TResetPasswordBody) => apiPost<{ success: true }>("/api/auth/password/reset", body),
  });
}
