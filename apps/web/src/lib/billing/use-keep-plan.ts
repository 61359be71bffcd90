import type { TPaidPlan } from "@gyeol/shared/plans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAuthActions } from "../auth/auth-provider.tsx";
import { billingKeys, postChangePlan } from "./subscription-api.ts";

/**
 * Undoes a scheduled downgrade: the plan in effect now is asked for again (change-plan to it keeps
 * it for the next cycle). The user (header, buttons) and the status are read again afterwards.
 */
export function useKeepPlan() {
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  return useMutation({
    mutationFn: (plan: TPaidPlan) => postChangePlan(plan),
    onSuccess: async () => {
      await Promise.all([forceSync(), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
    },
  });
}
