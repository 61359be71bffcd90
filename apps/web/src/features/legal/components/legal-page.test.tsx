import { describe, expect, it, vi } from "vitest";
import { scrollToTop } from "./legal-page.tsx";

function fakeWindow(isReduced: boolean) {
  return {
    matchMedia: (query: string) => ({ matches: isReduced && query === "(prefers-reduced-motion: reduce)" }),
    scrollTo: vi.fn(),
  } as unknown as Window & { scrollTo: ReturnType<typeof vi.fn> };
}

describe("back to top", () => {
  it("scrolls smoothly by default", () => {
    const win = fakeWindow(false);
    scrollToTop(win);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });

  it("jumps without animation when the reader asked for reduced motion", () => {
    const win = fakeWindow(true);
    scrollToTop(win);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "auto" });
  });
});
