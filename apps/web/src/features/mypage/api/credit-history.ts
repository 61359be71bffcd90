import { CREDIT_HISTORY_DEFAULT_LIMIT, type TCreditHistoryResponse } from "@gyeol/shared/contracts/payment";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { billingKeys } from "../../../lib/billing/subscription-api.ts";

/** GET /api/credits/history?limit=&offset= — the ledger, newest first. */
export function fetchCreditHistory(
  offset: number,
  limit = CREDIT_HISTORY_DEFAULT_LIMIT,
  signal?: AbortSignal,
): Promise<TCreditHistoryResponse> {
  return apiGet<TCreditHistoryResponse>("/api/credits/history", { query: { limit, offset }, signal });
}

/** The next offset, or undefined when every line is loaded. */
export function nextHistoryOffset(page: TCreditHistoryResponse): number | undefined {
  const next = page.offset + page.items.length;
  return page.items.length > 0 && next < page.total ? next : undefined;
}

export const creditHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: billingKeys.creditHistory,
    queryFn: ({ pageParam, signal }) => fetchCreditHistory(pageParam, CREDIT_HISTORY_DEFAULT_LIMIT, signal),
    initialPageParam: 0,
    getNextPageParam: nextHistoryOffset,
    staleTime: 0,
  });

export function useCreditHistory(isEnabled = true) {
  return useInfiniteQuery({ ...creditHistoryQuery(), enabled: isEnabled });
}
