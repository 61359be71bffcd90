import type {
  TAffiliateEarningsResponse,
  TRewardsAcknowledgeResponse,
} from "@gyeol/shared/contracts/affiliate";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../api-client.ts";

/** GET /api/affiliate/enabled: the share link is offered only while the programme runs (spec 02 §6). */
export function fetchAffiliateEnabled(signal?: AbortSignal): Promise<{ enabled: boolean }> {
  return apiGet<{ enabled: boolean }>("/api/affiliate/enabled", { signal });
}

export const affiliateEnabledQuery = () =>
  queryOptions({
    queryKey: ["affiliate", "enabled"] as const,
    queryFn: ({ signal }) => fetchAffiliateEnabled(signal),
    staleTime: 5 * 60_000,
  });

export function useAffiliateEnabled(): boolean {
  return useQuery(affiliateEnabledQuery()).data?.enabled === true;
}

/** POST /api/affiliate/ensure-code: the user's code, created on first use. */
export function ensureAffiliateCode(): Promise<{ affiliate_code: string }> {
  return apiPost<{ affiliate_code: string }>("/api/affiliate/ensure-code");
}

/** spec 02 §3 Affiliate: origin + /?aff=code. */
export function buildShareLink(origin: string, code: string): string {
  return `${origin}/?aff=${encodeURIComponent(code)}`;
}

/** GET /api/affiliate/earnings (issue 30): the user's link, its clicks and what it earned. */
export function fetchAffiliateEarnings(signal?: AbortSignal): Promise<TAffiliateEarningsResponse> {
  return apiGet<TAffiliateEarningsResponse>("/api/affiliate/earnings", { signal });
}

export const affiliateEarningsQuery = () =>
  queryOptions({
    queryKey: ["affiliate", "earnings"] as const,
    queryFn: ({ signal }) => fetchAffiliateEarnings(signal),
    staleTime: 30_000,
  });

/** POST /api/affiliate/rewards/acknowledge: the rewards not announced yet, now announced (once). */
export function acknowledgeRewards(): Promise<TRewardsAcknowledgeResponse> {
  return apiPost<TRewardsAcknowledgeResponse>("/api/affiliate/rewards/acknowledge");
}
