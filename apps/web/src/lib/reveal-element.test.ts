import { describe, expect, it, vi } from "vitest";
import { revealElement } from "./reveal-element.ts";

function elementAt(top: number) {
  const scrollIntoView = vi.fn();
  const element = { getBoundingClientRect: () => ({ top }) as DOMRect, scrollIntoView } as unknown as Element;
  return { element, scrollIntoView };
}

const view = (reduced = false) =>
  ({ innerHeight: 860, matchMedia: () => ({ matches: reduced }) }) as unknown as Window;

describe("revealElement", () => {
  it("scrolls to an element above the view (desktop: the result card over the Generate button)", () => {
    const { element, scrollIntoView } = elementAt(-1000);
    revealElement(element, view());
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
  });

  it("scrolls to an element below the view, without motion when reduced motion is asked for", () => {
    const { element, scrollIntoView } = elementAt(1400);
    revealElement(element, view(true));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "auto", block: "start" });
  });

  it("leaves the page alone when the element's top is already on screen", () => {
    const { element, scrollIntoView } = elementAt(120);
    revealElement(element, view());
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
