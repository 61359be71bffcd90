import { GENERATION_HISTORY_FIRST_PAGE, GENERATION_HISTORY_NEXT_PAGE } from "@gyeol/shared/generation";
import { TOOLS } from "@gyeol/shared/tools";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { historyKeys } from "../../../lib/history/history-api.ts";
import { fetchGenerationHistory, fetchLocalCacheSource } from "../api/generation-api.ts";
import { localItemsFrom, readLocalHistory, replaceLocalHistory } from "../lib/local-history.ts";

/**
 * Generation's history (spec 02 §2.3, §7): grouped runs, 25 first and 10 per Load more, searched
 * by prompt (the column waits for a pause in typing); this browser's cache (50 items) shows when the server's cannot.
 */
export function useGenerationHistory(userId: number) {
  const [query, setQuery] = useState("");
  const [localItems, setLocalItems] = useState(() => readLocalHistory(userId));
  // spec 02 §7: the same history path with only source=kling fills the local cache (50 items).
  const cacheSource = useQuery({
    queryKey: [...historyKeys.bySource(TOOLS.generation.historySource), userId, "local-cache"],
    queryFn: ({ signal }) => fetchLocalCacheSource(userId, signal),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (cacheSource.data) setLocalItems(replaceLocalHistory(userId, localItemsFrom(cacheSource.data.images)));
  }, [cacheSource.data, userId]);

  const history = useInfiniteQuery({
    queryKey: [...historyKeys.bySource(TOOLS.generation.historySource), userId, "grouped", query],
    queryFn: ({ pageParam, signal }) =>
      fetchGenerationHistory(
        userId,
        {
          limit: pageParam === 0 ? GENERATION_HISTORY_FIRST_PAGE : GENERATION_HISTORY_NEXT_PAGE,
          offset: pageParam,
          q: query,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const more = last.pagination.groupHasMore ?? last.pagination.hasMore;
      const next = last.pagination.nextGroupOffset ?? last.pagination.nextOffset;
      return more && next !== null && next !== undefined ? next : undefined;
    },
    staleTime: 0,
  });

  return {
    firstPage: history.data?.pages[0]?.images,
    setLocalItems,
    items: history.data?.pages.flatMap((page) => page.images) ?? [],
    localItems,
    /** The history column's props. */
    column: {
      isLoading: history.isPending,
      isError: history.isError,
      hasMore: history.hasNextPage,
      isLoadingMore: history.isFetchingNextPage,
      query,
      onSearch: setQuery,
      onLoadMore: () => void history.fetchNextPage(),
    },
  };
}
