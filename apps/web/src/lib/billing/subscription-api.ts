import type { TChangePlanResponse, TSubscriptionStatusResponse } from "@gyeol/shared/contracts/payment";
import type { TPaidPlan } from "@gyeol/shared/plans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../api-client.ts";

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

/**
 * POST /api/payment/change-plan: upgrade now, downgrade from the next cycle (spec 01 §4); the plan
 * in effect now undoes a scheduled downgrade. Pricing and My Page both call it.
 */
export function postChangePlan(plan: TPaidPlan): Promise<TChangePlanResponse> {
  return apiPost<TChangePlanResponse>("/api/payment/change-plan", { plan });
}
