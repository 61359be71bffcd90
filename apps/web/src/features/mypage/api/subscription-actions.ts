import type {
  TCancelSubscriptionResponse,
  TResumeSubscriptionResponse,
} from "@gyeol/shared/contracts/payment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { billingKeys } from "../../../lib/billing/subscription-api.ts";

/** POST /api/payment/cancel-subscription and /resume-subscription (spec 01 §7, spec 02 §7). */
export function postCancelSubscription(): Promise<TCancelSubscriptionResponse> {
  return apiPost<TCancelSubscriptionResponse>("/api/payment/cancel-subscription");
}

export function postResumeSubscription(): Promise<TResumeSubscriptionResponse> {
  return apiPost<TResumeSubscriptionResponse>("/api/payment/resume-subscription");
}

/** After either call the user (header, pricing buttons) and the status are read again. */
function useAfterSubscriptionChange() {
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  return async () => {
    await Promise.all([forceSync(), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
  };
}

export function useCancelSubscription() {
  const afterChange = useAfterSubscriptionChange();
  return useMutation({ mutationFn: postCancelSubscription, onSuccess: afterChange });
}

export function useResumeSubscription() {
  const afterChange = useAfterSubscriptionChange();
  return useMutation({ mutationFn: postResumeSubscription, onSuccess: afterChange });
}
