import type { THistoryResponse } from "@gyeol/shared/contracts/images";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const RETOUCH_HISTORY_PAGE_SIZE = 12;

export const retouchHistoryKeys = {
  all: ["retouch", "history"] as const,
  user: (userId: number) => ["retouch", "history", userId] as const,
};

/** GET /api/image/history/{userId}?source=upscale&limit=&offset= */
export function fetchRetouchHistory(
  userId: number,
  offset: number,
  signal?: AbortSignal,
): Promise<THistoryResponse> {
  return apiGet<THistoryResponse>(`/api/image/history/${userId}`, {
    query: { source: "upscale", limit: RETOUCH_HISTORY_PAGE_SIZE, offset },
    signal,
  });
}

export const retouchHistoryQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: retouchHistoryKeys.user(userId),
    queryFn: ({ pageParam, signal }) => fetchRetouchHistory(userId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? (last.pagination.nextOffset ?? undefined) : undefined,
    staleTime: 0,
  });

export function useRetouchHistory(userId: number | null) {
  return useInfiniteQuery({ ...retouchHistoryQuery(userId ?? 0), enabled: userId !== null });
}
