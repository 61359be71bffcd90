import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import {
  editHistoryPrompt,
  IMAGE_EDIT_HISTORY_CLICK_DEBOUNCE_MS,
  IMAGE_EDIT_HISTORY_FIRST_PAGE,
} from "@gyeol/shared/image-edit";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TPromptHistoryEntry } from "../../../components/tool/prompt-history-column.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { fetchEditHistory } from "../api/image-edit-api.ts";
import { collectMore, historyUrls, visibleHistory } from "../lib/image-edit-rules.ts";

export type TEditHistoryEntry = TPromptHistoryEntry & { item: TImageEditHistoryItem };

export const imageEditHistoryKey = (userId: number) => ["image-edit-history", userId] as const;

/**
 * Image edit's history column (spec 02 §2.2): a first page of 9, searchable, then "load more"
 * collects 5 visible items at a time. A click on an item is debounced.
 */
export function useEditHistory(userId: number, onOpen: (item: TImageEditHistoryItem) => void) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [query, setQuery] = useState("");
  const history = useQuery({
    queryKey: [...imageEditHistoryKey(userId), query],
    queryFn: () => fetchEditHistory({ limit: IMAGE_EDIT_HISTORY_FIRST_PAGE, offset: 0, q: query }),
  });
  const [more, setMore] = useState<{
    items: TImageEditHistoryItem[];
    nextOffset: number;
    hasMore: boolean;
  } | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const lastClick = useRef(0);
  // A new first page (a search, a finished run) starts "load more" again.
  const firstPageAt = history.dataUpdatedAt;
  useEffect(() => {
    if (firstPageAt) setMore(null);
  }, [firstPageAt]);
  const items = useMemo(
    () => [...visibleHistory(history.data?.items ?? []), ...(more?.items ?? [])],
    [history.data, more],
  );

  const loadMore = async () => {
    setIsLoadingMore(true);
    try {
      const found = await collectMore(
        (offset, limit) => fetchEditHistory({ limit, offset, q: query }),
        more?.nextOffset ?? history.data?.pagination.nextOffset ?? 0,
        new Set(items.map((item) => item.id)),
      );
      setMore({
        items: [...(more?.items ?? []), ...found.items],
        nextOffset: found.nextOffset,
        hasMore: found.hasMore,
      });
    } catch {
      toast.error(t("imageEdit.history.failed"));
    } finally {
      setIsLoadingMore(false);
    }
  };

  return {
    /** The column's props. */
    column: {
      title: t("imageEdit.history.title"),
      emptyText: t("imageEdit.history.empty"),
      entries: items.map(
        (item): TEditHistoryEntry => ({
          id: item.id,
          item,
          images: historyUrls(item),
          prompt: editHistoryPrompt(item.prompt),
          note: formatDateTime(item.created_at, locale),
          isOpenable: true,
        }),
      ),
      isLoading: history.isLoading,
      isError: history.isError,
      hasMore: more ? more.hasMore : (history.data?.pagination.hasMore ?? false),
      isLoadingMore,
      query,
      onSearch: setQuery,
      onLoadMore: () => void loadMore(),
      onOpen: ({ item }: TEditHistoryEntry) => {
        const now = Date.now();
        if (now - lastClick.current < IMAGE_EDIT_HISTORY_CLICK_DEBOUNCE_MS) return;
        lastClick.current = now;
        onOpen(item);
      },
    },
    /** The first page's ids: a run lost to a gateway timeout is the newest item not among them. */
    firstPageIds: () => new Set((history.data?.items ?? []).map((item) => item.id)),
  };
}
