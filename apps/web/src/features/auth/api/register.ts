import type { TAuthUserResponse, TRegisterBody } from "@gyeol/shared/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

/** POST /api/auth/register (spec 01 §7): creates the account and signs the user in. */
export function postRegister(body: TRegisterBody): Promise<TAuthUserResponse> {
  return apiPost<TAuthUserResponse>("/api/auth/register", body);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: postRegister });
}
