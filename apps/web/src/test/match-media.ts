import { vi } from "vitest";

/** jsdom has no matchMedia: answer as a desktop with a mouse, 1280 px wide, unless a test says otherwise. */
export function installMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

export function desktopMediaQuery(query: string): boolean {
  if (query.includes("hover: none")) return false;
  if (query.includes("hover: hover")) return true;
  if (query.includes("max-width")) return false;
  return false;
}
