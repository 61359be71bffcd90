import { useCallback, useSyncExternalStore } from "react";

const isBrowser = typeof window !== "undefined";

/**
 * Whether a media query matches, updated as it changes.
 *
 * Hydration reads the browser's answer too, not a build-time default: the prerendered public pages
 * use this for behaviour only (the AI menu's hover or tap panel, the community button hiding on
 * scroll), never for the markup they hydrate, so the answer changes nothing on screen; with a
 * default of false a phone's true forced a synchronous re-render of the header inside hydration's
 * long task (bench:web's blocking time). A prerendered component must keep that contract: what it
 * renders before any interaction may not depend on the answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const getSnapshot = () =>
    typeof window.matchMedia === "function" ? window.matchMedia(query).matches : false;
  return useSyncExternalStore(subscribe, getSnapshot, isBrowser ? getSnapshot : () => false);
}
