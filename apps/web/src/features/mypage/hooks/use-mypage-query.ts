import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { billingKeys } from "../../../lib/billing/subscription-api.ts";

/**
 * My Page's query parameters (spec 02 §2.5): ?payment=success shows the banner until dismissed;
 * ?refresh re-reads the subscription and credits, then leaves the address.
 */
export function useMyPageQuery(isSignedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  const refresh = params.get("refresh");
  const isPaymentSuccess = params.get("payment") === "success";

  const removeParams = (...names: string[]) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const name of names) copy.delete(name);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refresh value; removeParams is a fresh closure each render.
  useEffect(() => {
    if (refresh === null || !isSignedIn) return;
    let isCurrent = true;
    void Promise.allSettled([forceSync(), queryClient.refetchQueries({ queryKey: billingKeys.all })]).then(
      () => {
        if (isCurrent) removeParams("refresh");
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [refresh, isSignedIn, forceSync, queryClient]);

  // The router commits a navigation in a transition, so the page may still hold the params from
  // before ?refresh left the address (a click in between once put it back); dismissing drops both:
  // the re-read already under way finishes either way.
  return { isPaymentSuccess, dismissPaymentBanner: () => removeParams("payment", "refresh") };
}
