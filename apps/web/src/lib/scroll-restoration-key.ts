import type { Location } from "react-router";

/**
 * The key React Router's <ScrollRestoration> saves and restores a page's scroll position under.
 * Its default, `location.key`, is "default" for every page loaded afresh (a typed URL, a full-page
 * link, a reload: the history entry has no state yet), and the router restores a fresh load's
 * position from that key too, so every full load shared one saved position: /pricing loaded after
 * /en/pricing had been scrolled 900 px opened 900 px down. A fresh page is keyed by its path and
 * query instead, so a reload still comes back where it was; entries the router made keep theirs.
 */
export function scrollRestorationKey(location: Pick<Location, "key" | "pathname" | "search">): string {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}
