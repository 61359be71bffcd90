import type { THistoryResponse, TImageSource } from "@gyeol/shared/contracts/images";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../api-client.ts";

/** One key tree for every image history the app caches (a tool's card, My Page's tabs). */
export const historyKeys = {
  all: ["history"] as const,
  /** A tool's own history card: invalidate it when one of its jobs ends. */
  bySource: (source: TImageSource) => ["history", source] as const,
  tool: (source: TImageSource, userId: number, pageSize: number) =>
    ["history", source, userId, pageSize] as const,
  /** My Page's tabs (several sources, its own page sizes). */
  myPage: ["history", "mypage"] as const,
};

export interface THistoryPageQuery {
  source: TImageSource;
  limit: number;
  offset: number;
  q?: string;
}

/** GET /api/image/history/{userId}?source=&limit=&offset=&q= (spec 02 §7), for any tool and My Page. */
export function fetchImageHistory(
  userId: number,
  { source, limit, offset, q }: THistoryPageQuery,
  signal?: AbortSignal,
): Promise<THistoryResponse> {
  return apiGet<THistoryResponse>(`/api/image/history/${userId}`, {
    query: { source, limit, offset, q },
    signal,
  });
}

/** A tool's history card: newest first, `pageSize` per page, Load more by the server's next offset. */
export const toolHistoryQuery = (source: TImageSource, userId: number, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.tool(source, userId, pageSize),
    queryFn: ({ pageParam, signal }) =>
      fetchImageHistory(userId, { source, limit: pageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? (last.pagination.nextOffset ?? undefined) : undefined,
    staleTime: 0,
  });

export function useToolHistory(source: TImageSource, userId: number | null, pageSize: number) {
  return useInfiniteQuery({ ...toolHistoryQuery(source, userId ?? 0, pageSize), enabled: userId !== null });
}

export type TToolHistory = ReturnType<typeof useToolHistory>;
