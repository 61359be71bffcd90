import type {
  TDeleteAccountBody,
  TDeleteAccountResponse,
  TSignInMethodsResponse,
} from "@gyeol/shared/contracts/account";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api-client.ts";

/** GET /api/account/sign-in-methods: password and linked Google / Naver / Kakao sign-ins. */
export function useSignInMethodsQuery(userId: number) {
  return useQuery({
    queryKey: ["account", "sign-in-methods", userId],
    queryFn: () => apiGet<TSignInMethodsResponse>("/api/account/sign-in-methods"),
  });
}

/** POST /api/account/delete: schedules the deletion (14-day undo window, spec 01 §4). */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (body: TDeleteAccountBody) =>
      apiPost<TDeleteAccountResponse>("/api/account/delete", body, { notifyAuthInvalid: false }),
  });
}
