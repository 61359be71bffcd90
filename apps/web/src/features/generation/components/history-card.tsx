/**
 * Generation's history (spec 02 §2.3, §7) on the shared prompt history column: one entry per run
 * (every image of a multi-image run), 25 first and 10 per Load more, from
 * GET /api/image/history/{userId}?source=kling&grouped=1. When the server's history cannot be
 * read, this browser's own cache (50 items) shows instead.
 */

import type { TLocale } from "@gyeol/shared/constants";
import type { THistoryItem } from "@gyeol/shared/contracts/images";
import type { TFunction } from "i18next";
import type { TPromptHistoryEntry } from "../../../components/tool/prompt-history-column.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { historyDisplayStatus } from "../../../lib/history/history-status.ts";
import type { TLocalHistoryItem } from "../lib/local-history.ts";

export function imagesOf(item: THistoryItem): string[] {
  if (item.all_image_urls && item.all_image_urls.length > 0) return item.all_image_urls;
  return item.image_url ? [item.image_url] : [];
}

/**
 * One history item as the column shows it: a running, failed or cancelled run says so (a cancel is
 * a failure with JOB_CANCELLED on the server; issue 26: it read "Failed") and does not open.
 */
export function generationEntry(item: THistoryItem, t: TFunction, locale: TLocale): TPromptHistoryEntry {
  const images = imagesOf(item);
  const shown = historyDisplayStatus(item);
  return {
    id: item.id,
    images,
    prompt: item.prompt ?? "",
    note:
      shown === "processing"
        ? t("generation.history.processing")
        : shown === "failed"
          ? t("generation.history.failed")
          : shown === "cancelled"
            ? t("tool.history.cancelled")
            : formatDate(item.created_at, locale),
    isOpenable: item.status === "completed" && images.length > 0,
  };
}

/** This browser's cache of the last runs, shown when the server's history cannot be read. */
export function LocalHistoryList({
  items,
  onOpen,
}: {
  items: readonly TLocalHistoryItem[];
  onOpen: (images: string[]) => void;
}) {
  return (
    <ul className="flex flex-col gap-2" data-testid="generation-history-local">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onClick={() => onOpen(item.resultUrls)}
            className="flex w-full gap-2 text-left"
          >
            <img src={item.resultUrls[0]} alt="" className="size-14 rounded-xl object-cover" />
            <span className="line-clamp-2 text-[12px] text-ink-soft">{item.prompt}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
