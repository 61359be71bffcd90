/** How much of the top of an element must be on screen for it to count as seen (px). */
const VISIBLE_TOP_MARGIN_PX = 160;

/**
 * Scrolls `element` to the top of the view unless its top is already comfortably on screen, so a
 * result that appears after a click is seen without a jump when it is already there. Smooth unless
 * the person asked for reduced motion. The element's own scroll-margin keeps it clear of the
 * sticky header.
 */
export function revealElement(element: Element, win: Window = window): void {
  const { top } = element.getBoundingClientRect();
  const isTopInView = top >= 0 && top <= win.innerHeight - VISIBLE_TOP_MARGIN_PX;
  if (isTopInView) return;
  const isReduced = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  element.scrollIntoView({ behavior: isReduced ? "auto" : "smooth", block: "start" });
}
