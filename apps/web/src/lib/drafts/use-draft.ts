import { useCallback, useEffect, useRef, useState } from "react";
import { clearDraft, loadDraft, saveDraft, type TDraftTool } from "./drafts.ts";

/** Typing is saved this long after it stops (and at once when the page goes away). */
export const DRAFT_SAVE_DELAY_MS = 300;

export interface TUseDraftOptions<T> {
  userId: number;
  tool: TDraftTool;
  /**
   * What to keep now: a new object whenever the inputs change (useMemo), null when there is
   * nothing worth keeping (the draft is removed).
   */
  snapshot: T | null;
  /** Called once, with the draft found when the page opened. */
  onRestore: (draft: T) => void;
  delayMs?: number;
}

/**
 * Keeps a tool's inputs as the user's draft (lib/drafts): restores it once when the page opens,
 * saves each change after a short pause, and saves at once when the page unmounts (the sign-in
 * guard swapping the page for /login after a session expiry) or is hidden (a reload, a closed
 * tab). Nothing is saved before the stored draft was read, so the empty page never overwrites it.
 * `discard()` ends the draft when a run was accepted: the inputs stay on screen, and only a later
 * change starts a new draft.
 */
export function useDraft<T>({
  userId,
  tool,
  snapshot,
  onRestore,
  delayMs = DRAFT_SAVE_DELAY_MS,
}: TUseDraftOptions<T>) {
  const [isRestored, setIsRestored] = useState(false);
  const isRestoredRef = useRef(false);
  const snapshotRef = useRef(snapshot);
  snapshotRef.current = snapshot;
  /** The snapshot last written (or discarded): the same one is not written again. */
  const settledRef = useRef<T | null | undefined>(undefined);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onRestoreRef = useRef(onRestore);
  onRestoreRef.current = onRestore;

  const flush = useCallback(() => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    if (!isRestoredRef.current) return;
    const current = snapshotRef.current;
    if (current === settledRef.current) return;
    settledRef.current = current;
    void (current === null ? clearDraft(userId, tool) : saveDraft(userId, tool, current));
  }, [userId, tool]);

  useEffect(() => {
    let isActive = true;
    isRestoredRef.current = false;
    setIsRestored(false);
    void loadDraft<T>(userId, tool).then((draft) => {
      if (!isActive) return;
      if (draft !== null) onRestoreRef.current(draft);
      // What the restore puts on screen is the draft already stored: no write until it changes.
      settledRef.current = snapshotRef.current;
      isRestoredRef.current = true;
      setIsRestored(true);
    });
    return () => {
      isActive = false;
    };
  }, [userId, tool]);

  useEffect(() => {
    if (!isRestored || snapshot === settledRef.current) return;
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(flush, delayMs);
  }, [snapshot, isRestored, flush, delayMs]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHide);
      flush();
    };
  }, [flush]);

  const discard = useCallback(() => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    settledRef.current = snapshotRef.current;
    void clearDraft(userId, tool);
  }, [userId, tool]);

  return { isRestored, discard };
}
