import { useEffect, useState } from "react";

/** Scrolling less than this (px) in one direction changes nothing: a shaky thumb is not a scroll. */
const SCROLL_SLACK_PX = 12;
/** Near the top of the page the button always shows. */
const TOP_ZONE_PX = 80;

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
    // Read at the first scroll, not here: reading the scroll position lays the page out, and this
    // runs while a prerendered page hydrates, where that layout lengthened a long task.
    let anchor: number | null = null;
    const onScroll = () => {
      const y = window.scrollY;
      if (anchor === null) anchor = y;
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
    return () => window.removeEventListener("scroll", onScroll);
  }, [enabled]);

  return enabled && hidden;
}
