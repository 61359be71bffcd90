/**
 * The generation screen's local history cache (spec 02 §3 Consistency history item, §9: 50 items,
 * stored per user id): what this browser made, newest first, shown when the server's history
 * cannot be read.
 */
import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { GENERATION_LOCAL_HISTORY_MAX } from "@gyeol/shared/generation";
import { readStorage, writeStorage } from "../../../lib/storage.ts";

export interface TLocalHistoryItem {
  id: string;
  prompt: string;
  referenceImageUrl: string | null;
  characterImageUrl: string | null;
  resultUrls: string[];
  createdAt: string;
}

export const localHistoryKey = (userId: number) => `consistencyHistory:${userId}`;

export function readLocalHistory(userId: number): TLocalHistoryItem[] {
  try {
    const value: unknown = JSON.parse(readStorage(localHistoryKey(userId)) ?? "[]");
    return Array.isArray(value)
      ? (value as TLocalHistoryItem[]).filter((item) => typeof item?.id === "string")
      : [];
  } catch {
    return [];
  }
}

/** Adds an item at the top (replacing one with the same id) and keeps the newest 50. */
export function addLocalHistory(userId: number, item: TLocalHistoryItem): TLocalHistoryItem[] {
  const next = [item, ...readLocalHistory(userId).filter((old) => old.id !== item.id)].slice(
    0,
    GENERATION_LOCAL_HISTORY_MAX,
  );
  writeStorage(localHistoryKey(userId), JSON.stringify(next));
  return next;
}

/** The server's completed kling items as cache entries (spec 02 §3 Consistency history item). */
export function localItemsFrom(items: readonly THistoryItem[]): TLocalHistoryItem[] {
  return items.flatMap((item) => {
    const resultUrls = item.all_image_urls?.length
      ? item.all_image_urls
      : item.image_url
        ? [item.image_url]
        : [];
    if (item.status !== "completed" || resultUrls.length === 0) return [];
    return [
      {
        id: item.kling_task_id ?? String(item.id),
        prompt: item.prompt ?? "",
        referenceImageUrl: item.original_image_url,
        characterImageUrl: null,
        resultUrls,
        createdAt: item.created_at,
      },
    ];
  });
}

/** Replaces the cache with what the server listed (newest 50). */
export function replaceLocalHistory(
  userId: number,
  items: readonly TLocalHistoryItem[],
): TLocalHistoryItem[] {
  const next = items.slice(0, GENERATION_LOCAL_HISTORY_MAX);
  writeStorage(localHistoryKey(userId), JSON.stringify(next));
  return next;
}
