import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import { IMAGE_EDIT_HISTORY_FIRST_PAGE } from "@gyeol/shared/image-edit";
import { fetchEditHistory } from "../api/image-edit-api.ts";
import { visibleHistory } from "./image-edit-rules.ts";

/** spec 02 §4.3: a gateway timeout switches to watching history for up to 240 s, every 3 s. */
export const GATEWAY_WAIT_MS = 240_000;
export const GATEWAY_POLL_MS = 3000;

/**
 * After a gateway timeout the run may still have happened: watch the history's first page for a
 * new item made since the run started (a minute's leeway for clocks). Returns a stop function.
 */
export function watchHistoryAfter(options: {
  startedAt: number;
  /** The ids the history already showed before the run. */
  seen: ReadonlySet<number>;
  onFound: (item: TImageEditHistoryItem) => void;
  onTimeout: () => void;
  fetchPage?: typeof fetchEditHistory;
}): () => void {
  const { startedAt, seen, onFound, onTimeout, fetchPage = fetchEditHistory } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    if (stopped) return;
    try {
      const page = await fetchPage({ limit: IMAGE_EDIT_HISTORY_FIRST_PAGE, offset: 0 });
      const found = visibleHistory(page.items).find(
        (item) => !seen.has(item.id) && Date.parse(item.created_at) >= startedAt - 60_000,
      );
      if (found && !stopped) return onFound(found);
    } catch {
      // keep watching
    }
    if (stopped) return;
    if (Date.now() - startedAt >= GATEWAY_WAIT_MS) return onTimeout();
    timer = setTimeout(() => void check(), GATEWAY_POLL_MS);
  };
  timer = setTimeout(() => void check(), GATEWAY_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
