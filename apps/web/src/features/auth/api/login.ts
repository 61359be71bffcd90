import type { TAuthUserResponse, TLoginBody } from "@gyeol/shared/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

/** POST /api/auth/login (spec 01 §7). A 401 here is a wrong password, never an expired session. */
export function postLogin(body: TLoginBody): Promise<TAuthUserResponse> {
  return apiPost<TAuthUserResponse>("/api/auth/login", body);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: postLogin });
}
