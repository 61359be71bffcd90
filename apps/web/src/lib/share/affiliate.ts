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
