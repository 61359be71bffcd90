import { useEffect, useState } from "react";
import { onIdle } from "../../../lib/idle.ts";

/** Scrolling less than this (px) in one direction changes nothing: a shaky thumb is not a scroll. */
const SCROLL_SLACK_PX = 12;
/** Near the top of the page the button always shows. */
const TOP_ZONE_PX = 80;
/** The page's starting scroll position is read at the first idle moment, or after this long (ms). */
const START_READ_MAX_MS = 1000;

/**
 * true while the reader scrolls down the page, false once they scroll back up or are near the top:
 * a floating button steps aside while someone reads, and is back the moment they look for it.
 * Off (always false) when `enabled` is false.
 */
export function useHideOnScrollDown(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    // Where the page starts is read when the browser is idle, not here: reading the scroll position
    // lays the page out, and this runs while a prerendered page hydrates (a longer long task). A
    // scroll before then counts from the top, so one long fling down still hides the button.
    let anchor: number | null = null;
    const cancelIdle = onIdle(() => {
      anchor ??= window.scrollY;
    }, START_READ_MAX_MS);
    const onScroll = () => {
      const y = window.scrollY;
      anchor ??= 0;
      if (y <= TOP_ZONE_PX) {
        anchor = y;
        setHidden(false);
        return;
      }
      if (Math.abs(y - anchor) < SCROLL_SLACK_PX) return;
      setHidden(y > anchor);
      anchor = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelIdle();
      window.removeEventListener("scroll", onScroll);
    };
  }, [enabled]);

  return enabled && hidden;
}
