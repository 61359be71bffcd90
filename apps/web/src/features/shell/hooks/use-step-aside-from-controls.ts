import { type RefObject, useEffect, useState } from "react";

/**
 * What a person can press or type into, and what a page marks `data-keep-clear` (a status they
 * must be able to read, such as My Page's subscription badge, issue 30): a floating button must
 * never sit on top of one.
 */
export const CONTROL_SELECTOR = [
  "[data-keep-clear]",
  "a[href]",
  "button",
  "input",
  "select",
  "textarea",
  "label",
  "summary",
  ...["button", "link", "tab", "checkbox", "radio", "switch", "slider", "menuitem"].map(
    (r) => `[role="${r}"]`,
  ),
].join(", ");

const RECHECK_MS = 500;

/** A 4 × 4 grid over the whole box, edges included: a control may reach in by a few pixels. */
function samplePoints(rect: DOMRect): Array<[number, number]> {
  const steps = [0, 1 / 3, 2 / 3, 1];
  const x = (f: number) => rect.left + 1 + f * (rect.width - 2);
  const y = (f: number) => rect.top + 1 + f * (rect.height - 2);
  return steps.flatMap((fy) => steps.map((fx): [number, number] => [x(fx), y(fy)]));
}

/**
 * true while a control of the page lies under `areaRef`'s box (the floating button's home, a
 * container that never moves). Each sample point asks the browser what is painted there, below the
 * floating button itself, so it holds for any page and layout: a full-width submit button at the
 * foot of a phone screen, a card action scrolled under the corner, a toast. Rechecked on scroll,
 * resize, page changes and every half second, at most once a frame. Off (always false) when `enabled` is false.
 */
export function useStepAsideFromControls(areaRef: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [isOverControl, setIsOverControl] = useState(false);

  useEffect(() => {
    const area = areaRef.current;
    if (!enabled || !area || typeof document.elementsFromPoint !== "function") {
      setIsOverControl(false);
      return;
    }
    let frame = 0;
    const check = () => {
      frame = 0;
      const covered = samplePoints(area.getBoundingClientRect()).some(([x, y]) => {
        const below = document.elementsFromPoint(x, y).find((el) => !area.contains(el));
        return below?.closest(CONTROL_SELECTOR) != null;
      });
      setIsOverControl(covered);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    // Layout also moves without a DOM change (a web font arriving, an image decoding, a transition
    // ending): look again now and then. Sixteen hit tests a second cost nothing.
    const timer = window.setInterval(schedule, RECHECK_MS);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [areaRef, enabled]);

  return enabled && isOverControl;
}
