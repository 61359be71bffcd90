import type { TSubscriptionStatusResponse } from "@gyeol/shared/contracts/payment";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../api-client.ts";

/**
 * GET /api/payment/subscription-status (spec 01 §3, §7): read by the pricing page before a plan
 * change and by My Page, so it lives here rather than in either feature.
 */
export const billingKeys = {
  all: ["billing"] as const,
  status: ["billing", "subscription-status"] as const,
  creditHistory: ["billing", "credit-history"] as const,
};

export function fetchSubscriptionStatus(signal?: AbortSignal): Promise<TSubscriptionStatusResponse> {
  return apiGet<TSubscriptionStatusResponse>("/api/payment/subscription-status", { signal });
}

export const subscriptionStatusQuery = () =>
  queryOptions({
    queryKey: billingKeys.status,
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    // Money state: always ask again when a screen mounts.
    staleTime: 0,
  });

export function useSubscriptionStatus(isEnabled = true) {
  return useQuery({ ...subscriptionStatusQuery(), enabled: isEnabled });
}
