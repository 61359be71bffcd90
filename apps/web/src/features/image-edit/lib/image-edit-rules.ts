/**
 * Image edit's page rules (spec 02 §4.3, §8, §9), pure and tested (a tile's file rules are its
 * upload policy in shared/uploads.ts, applied by lib/uploads): auto-prompt's tries, history's visibility
 * and "load more", and which row of the error modal a failure is.
 */
import type { TImageEditGenerateBody, TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import {
  formatEditSize,
  IMAGE_EDIT_AUTO_PROMPT_GAP_MS,
  IMAGE_EDIT_AUTO_PROMPT_TRIES,
  IMAGE_EDIT_HISTORY_NEXT_PAGE,
  IMAGE_EDIT_HISTORY_URLS_PER_ITEM,
  imageEditCodeOfVendor,
  isVisibleEditHistoryItem,
  scaledEditSize,
} from "@gyeol/shared/image-edit";
import { MASK_DEFAULT_COLOR, type TMaskColor } from "@gyeol/shared/mask";

export class AutoPromptBusyError extends Error {
  override name = "AutoPromptBusyError";
  readonly code = "AUTOPROMPT_FAILED";
}

/**
 * §4.3: auto-prompt is tried up to 3 times, 1.5 s apart; when every try failed the page says the
 * service is busy (retry in 5 seconds). A refusal that a retry cannot change (credits, a banned
 * word) is not retried.
 */
export async function autoPromptWithRetries(
  call: () => Promise<string>,
  options: {
    tries?: number;
    gapMs?: number;
    sleep?: (ms: number) => Promise<void>;
    isFinal?: (error: unknown) => boolean;
  } = {},
): Promise<string> {
  const tries = options.tries ?? IMAGE_EDIT_AUTO_PROMPT_TRIES;
  const gapMs = options.gapMs ?? IMAGE_EDIT_AUTO_PROMPT_GAP_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let last: unknown;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      const prompt = (await call()).trim();
      if (prompt) return prompt;
      last = new Error("empty prompt");
    } catch (error) {
      if (options.isFinal?.(error)) throw error;
      last = error;
    }
    if (attempt < tries) await sleep(gapMs);
  }
  throw Object.assign(new AutoPromptBusyError("auto-prompt failed every try"), { cause: last });
}

/** The URLs a history item shows: every image, at most 4 (§9). */
export function historyUrls(item: TImageEditHistoryItem): string[] {
  const urls = item.all_image_urls.length > 0 ? item.all_image_urls : item.image_url ? [item.image_url] : [];
  return urls.slice(0, IMAGE_EDIT_HISTORY_URLS_PER_ITEM);
}

export function visibleHistory(items: readonly TImageEditHistoryItem[]): TImageEditHistoryItem[] {
  return items.filter((item) =>
    isVisibleEditHistoryItem({ status: item.status, prompt: item.prompt, urls: historyUrls(item) }),
  );
}

export interface TMoreResult {
  items: TImageEditHistoryItem[];
  nextOffset: number;
  hasMore: boolean;
  rounds: number;
}

/**
 * "Load more" (issue 15): pages of 5 are read until 5 new visible items are collected or 10 extra
 * rounds have run, skipping items already shown and hidden ones.
 */
export async function collectMore(
  fetchPage: (
    offset: number,
    limit: number,
  ) => Promise<{
    items: TImageEditHistoryItem[];
    pagination: { hasMore: boolean; nextOffset: number | null };
  }>,
  startOffset: number,
  seen: ReadonlySet<number>,
  { want = IMAGE_EDIT_HISTORY_NEXT_PAGE, pageSize = IMAGE_EDIT_HISTORY_NEXT_PAGE, maxRounds = 10 } = {},
): Promise<TMoreResult> {
  const found: TImageEditHistoryItem[] = [];
  const ids = new Set(seen);
  let offset = startOffset;
  let hasMore = true;
  let rounds = 0;
  while (found.length < want && hasMore && rounds < maxRounds) {
    rounds += 1;
    const page = await fetchPage(offset, pageSize);
    for (const item of visibleHistory(page.items)) {
      if (ids.has(item.id) || found.length >= want) continue;
      ids.add(item.id);
      found.push(item);
    }
    hasMore = page.pagination.hasMore;
    offset = page.pagination.nextOffset ?? offset + page.items.length;
  }
  return { items: found, nextOffset: offset, hasMore, rounds };
}

/** The rows of spec 02 §8's error modal (maskedTooLarge: ours, the 9 MB limit after the overlay). */
export type TEditErrorRow =
  | "oversize"
  | "maskedTooLarge"
  | "aspect"
  | "invalid"
  | "sensitive"
  | "internal"
  | "timeout"
  | "gateway524"
  | "other";

/**
 * The modal row of a failure: our code (the status answer's error.gyeolCode, or a page code) or a
 * vendor's own (error.code, spec 02 §8 "by vendor code": Seedream's InvalidParameter.* of any
 * kind, the sensitive-content pair, InternalServiceError; OpenAI's moderation_blocked …), mapped
 * as the server maps them (shared/image-edit.ts imageEditCodeOfVendor).
 */
export function errorRowOf(code: string | null | undefined): TEditErrorRow {
  if (code === "GATEWAY_524") return "gateway524";
  if (code === "TIMEOUT") return "timeout";
  switch (imageEditCodeOfVendor(code)) {
    case "EDIT_OVERSIZE_IMAGE":
      return "oversize";
    case "EDIT_MASKED_IMAGE_TOO_LARGE":
      return "maskedTooLarge";
    case "EDIT_ASPECT_RATIO":
      return "aspect";
    case "EDIT_INVALID_PARAMETER":
      return "invalid";
    case "EDIT_SENSITIVE_CONTENT":
      return "sensitive";
    case "EDIT_PROVIDER_INTERNAL":
      return "internal";
    case "EDIT_PROVIDER_TIMEOUT":
      return "timeout";
    default:
      return "other";
  }
}

/** The code a failed status answer is read by: ours when the server sent it, else error.code. */
export function failureCodeOf(error: { code: string; gyeolCode?: string } | null | undefined): string | null {
  return error?.gyeolCode ?? error?.code ?? null;
}

/** Whether the modal says the credits came back: every vendor failure is refunded; a 524 is not known yet. */
export function isRefundedRow(row: TEditErrorRow): boolean {
  return row !== "gateway524";
}

export interface TEditSettings {
  width: number;
  height: number;
  scale: number;
  seed: number;
  numImages: number;
}

export function buildEditBody(input: {
  prompt: string;
  images: readonly string[];
  masks: ReadonlyArray<string | null>;
  /** Each mask's overlay colour (spec 02 §3 tile.maskColor), in the same order; null for no mask. */
  maskColors?: ReadonlyArray<TMaskColor | null>;
  settings: TEditSettings;
  autoPromptUsed: boolean;
}): TImageEditGenerateBody {
  const size = scaledEditSize(input.settings.width, input.settings.height, input.settings.scale);
  const hasMask = input.masks.some((mask) => mask !== null);
  const maskColors = input.masks.map((mask, i) =>
    mask ? (input.maskColors?.[i] ?? MASK_DEFAULT_COLOR) : null,
  );
  return {
    prompt: input.prompt.trim(),
    images: [...input.images],
    ...(hasMask ? { masks: [...input.masks], mask_colors: maskColors } : {}),
    num_images: input.settings.numImages,
    size: formatEditSize(size),
    seed: input.settings.seed,
    seedream_task_id: null,
    auto_prompt_used: input.autoPromptUsed,
    async: true,
  };
}

/** Moves the tile at `from` to `to` (drag to reorder). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
