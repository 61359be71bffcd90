import type { THistoryItem, TImageSource } from "@gyeol/shared/contracts/images";
import { MYPAGE_HISTORY_FIRST_PAGE_SIZE, MYPAGE_HISTORY_MORE_PAGE_SIZE } from "@gyeol/shared/mypage";
import { TOOLS, type TToolId } from "@gyeol/shared/tools";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { fetchImageHistory, historyKeys } from "../../../lib/history/history-api.ts";
import { historyDisplayStatus, type THistoryDisplayStatus } from "../../../lib/history/history-status.ts";

/** The four My Page history tabs (spec 02 §2.5: retouch, generate, image edit, face change). */
export const HISTORY_TABS = ["retouch", "generate", "imageEdit", "faceEdit"] as const;
export type THistoryTab = (typeof HISTORY_TABS)[number];

/** The tool whose history each tab lists (the tab ids are the page's own names, kept as they are). */
const HISTORY_TAB_TOOL = {
  retouch: "retouch",
  generate: "generation",
  imageEdit: "imageEdit",
  faceEdit: "faceEdit",
} as const satisfies Record<THistoryTab, TToolId>;

/** The original product's consistency rows: no tool of ours writes them, Generate still lists them. */
const LEGACY_GENERATE_SOURCE = "consistency" satisfies TImageSource;

/** Tabs with the prompt search box (spec 02 §2.5). */
export const SEARCHABLE_TABS: readonly THistoryTab[] = ["generate", "imageEdit"];

export type THistoryTileStatus = THistoryDisplayStatus;

/** One thumbnail of the grid, whatever call it came from. */
export interface THistoryTile {
  key: string;
  status: THistoryTileStatus;
  imageUrl: string | null;
  originalUrl: string | null;
  thumbnailUrl: string | null;
  prompt: string | null;
  createdAt: string;
  /** Every result of the item (a generation run makes 1–4); the viewer steps through them. */
  images?: string[];
}

/**
 * One of the calls a tab reads, named by its history `source`: an offset of its own, so merged
 * feeds page independently.
 */
type TFeed = TImageSource;
/** Per feed: the next offset, or null once that feed has nothing more. */
export type THistoryCursor = Partial<Record<TFeed, number | null>>;

interface TFeedPage {
  tiles: THistoryTile[];
  hasMore: boolean;
  nextOffset: number | null;
}

export interface THistoryPage {
  tiles: THistoryTile[];
  next: THistoryCursor | undefined;
}

/**
 * Each tab reads its tool's history source; Generate merges kling and consistency (spec 02 §4.5);
 * image edit's source (seedream) is read from its own API's history (see fetchFeed).
 */
export function tabFeeds(tab: THistoryTab): TFeed[] {
  const own = TOOLS[HISTORY_TAB_TOOL[tab]].historySource;
  return tab === "generate" ? [own, LEGACY_GENERATE_SOURCE] : [own];
}

export function firstCursor(tab: THistoryTab): THistoryCursor {
  return Object.fromEntries(tabFeeds(tab).map((feed) => [feed, 0]));
}

function toTile(item: THistoryItem): THistoryTile {
  return {
    key: `${item.source}-${item.id}`,
    status: historyDisplayStatus(item),
    imageUrl: item.image_url,
    originalUrl: item.original_image_url,
    thumbnailUrl: item.thumbnail_url,
    prompt: item.prompt,
    createdAt: item.created_at,
    images: item.all_image_urls && item.all_image_urls.length > 0 ? item.all_image_urls : undefined,
  };
}

/** spec 02 §3 image-edit grouped item; the prompt may be a JSON string holding the prompt. */
interface TSeedreamHistoryItem {
  id?: number | string;
  seedream_task_id?: string | null;
  prompt?: string | null;
  status?: string | null;
  image_url?: string | null;
  image_urls?: string[] | null;
  all_image_urls?: string[] | null;
  original_image_url?: string | null;
  created_at: string;
}
interface TSeedreamHistoryResponse {
  items?: TSeedreamHistoryItem[];
  pagination?: { hasMore?: boolean; nextOffset?: number | null };
}

function readSeedreamPrompt(prompt: string | null | undefined): string | null {
  if (!prompt) return null;
  try {
    const parsed: unknown = JSON.parse(prompt);
    if (parsed && typeof parsed === "object" && "prompt" in parsed) {
      const inner = (parsed as { prompt: unknown }).prompt;
      return typeof inner === "string" ? inner : null;
    }
  } catch {
    // A plain-text prompt.
  }
  return prompt;
}

function readSeedreamStatus(status: string | null | undefined): THistoryTileStatus {
  if (!status || /^(completed|success|done)$/i.test(status)) return "completed";
  return /fail|error|denied|blocked|sensitive|invalid/i.test(status) ? "failed" : "processing";
}

function toSeedreamTile(item: TSeedreamHistoryItem): THistoryTile {
  const imageUrl = item.image_url ?? item.all_image_urls?.[0] ?? item.image_urls?.[0] ?? null;
  return {
    key: `${TOOLS.imageEdit.historySource}-${item.seedream_task_id ?? item.id}`,
    status: readSeedreamStatus(item.status),
    imageUrl,
    originalUrl: item.original_image_url ?? null,
    thumbnailUrl: imageUrl,
    prompt: readSeedreamPrompt(item.prompt),
    createdAt: item.created_at,
  };
}

async function fetchFeed(
  userId: number,
  feed: TFeed,
  offset: number,
  limit: number,
  q: string,
  signal?: AbortSignal,
): Promise<TFeedPage> {
  if (feed === TOOLS.imageEdit.historySource) {
    const page = await apiGet<TSeedreamHistoryResponse>(`${TOOLS.imageEdit.apiPrefix}/history`, {
      query: { grouped: 1, limit, offset, q },
      signal,
    });
    return {
      tiles: (page.items ?? []).map(toSeedreamTile),
      hasMore: page.pagination?.hasMore ?? false,
      nextOffset: page.pagination?.nextOffset ?? null,
    };
  }
  const page = await fetchImageHistory(userId, { source: feed, limit, offset, q }, signal);
  return { tiles: page.images.map(toTile), ...page.pagination };
}

/** A failed load is logged and reads as an empty, finished feed (spec 02 §8 "My Page and chat"). */
async function fetchFeedOrEmpty(...args: Parameters<typeof fetchFeed>): Promise<TFeedPage> {
  try {
    return await fetchFeed(...args);
  } catch (error) {
    if (args[5]?.aborted) throw error;
    console.error(`My Page history: the ${args[1]} list did not load`, error);
    return { tiles: [], hasMore: false, nextOffset: null };
  }
}

/** One Load more: every feed that still has items, 25 the first time and 5 after (spec 02 §9). */
export async function fetchHistoryPage(
  userId: number,
  cursor: THistoryCursor,
  q: string,
  isFirst: boolean,
  signal?: AbortSignal,
): Promise<THistoryPage> {
  const limit = isFirst ? MYPAGE_HISTORY_FIRST_PAGE_SIZE : MYPAGE_HISTORY_MORE_PAGE_SIZE;
  const feeds = (Object.entries(cursor) as Array<[TFeed, number | null]>).filter(
    (entry): entry is [TFeed, number] => entry[1] !== null,
  );
  const pages = await Promise.all(
    feeds.map(([feed, offset]) => fetchFeedOrEmpty(userId, feed, offset, limit, q, signal)),
  );
  const next: THistoryCursor = {};
  feeds.forEach(([feed, offset], index) => {
    const page = pages[index]!;
    next[feed] = page.hasMore ? (page.nextOffset ?? offset + page.tiles.length) : null;
  });
  const hasMore = Object.values(next).some((offset) => offset !== null);
  return { tiles: pages.flatMap((page) => page.tiles), next: hasMore ? next : undefined };
}

/** Load more on the searchable tabs (issue 15): at most 10 rounds, until 5 tiles not shown yet. */
export const COLLECT_MORE_WANT = 5;
export const COLLECT_MORE_MAX_ROUNDS = 10;

/**
 * "Load more" of the Generate and Image Edit tabs: rounds of one page per feed until 5 tiles that
 * are not on the page yet came (a run finished since the first page shifts every offset, so a plain
 * next page would repeat items) or 10 rounds ran or every feed ended.
 */
export async function collectMoreTiles(
  fetchRound: (cursor: THistoryCursor) => Promise<THistoryPage>,
  cursor: THistoryCursor,
  seen: ReadonlySet<string>,
  { want = COLLECT_MORE_WANT, maxRounds = COLLECT_MORE_MAX_ROUNDS } = {},
): Promise<THistoryPage & { rounds: number }> {
  const keys = new Set(seen);
  const tiles: THistoryTile[] = [];
  let next: THistoryCursor | undefined = cursor;
  let rounds = 0;
  while (next && tiles.length < want && rounds < maxRounds) {
    rounds += 1;
    const page = await fetchRound(next);
    for (const tile of page.tiles) {
      if (keys.has(tile.key)) continue;
      keys.add(tile.key);
      tiles.push(tile);
    }
    next = page.next;
  }
  return { tiles, next, rounds };
}

/** Newest first across pages and merged feeds (spec 02 §4.5 generate tab). */
export function sortNewestFirst(tiles: THistoryTile[]): THistoryTile[] {
  return [...tiles].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const imageHistoryQuery = (userId: number, tab: THistoryTab, q: string) =>
  infiniteQueryOptions({
    queryKey: [...historyKeys.myPage, userId, tab, q] as const,
    // null marks the first page: every feed of the tab from offset 0.
    queryFn: ({ pageParam, signal }) =>
      pageParam === null
        ? fetchHistoryPage(userId, firstCursor(tab), q, true, signal)
        : SEARCHABLE_TABS.includes(tab)
          ? collectMoreTiles(
              (cursor) => fetchHistoryPage(userId, cursor, q, false, signal),
              pageParam.cursor,
              new Set(pageParam.seen),
            )
          : fetchHistoryPage(userId, pageParam.cursor, q, false, signal),
    initialPageParam: null as { cursor: THistoryCursor; seen: string[] } | null,
    getNextPageParam: (last, pages) =>
      last.next
        ? { cursor: last.next, seen: pages.flatMap((page) => page.tiles.map((tile) => tile.key)) }
        : undefined,
    staleTime: 0,
    select: (data) => ({ ...data, tiles: sortNewestFirst(data.pages.flatMap((page) => page.tiles)) }),
  });

export function useImageHistory(userId: number, tab: THistoryTab, q: string, isEnabled: boolean) {
  return useInfiniteQuery({ ...imageHistoryQuery(userId, tab, q), enabled: isEnabled });
}
