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

/**
 * Attributes that can move, show or hide a control without a node being added or removed: a panel
 * shown by its class, a `<details>` opened, a `hidden` lifted, a textarea grown by its style; and
 * on a prerendered page the switch to the whole stylesheet and Pretendard (prerendered-boot.js sets
 * the stylesheet link's `media` and drops `<html data-fonts>` in one frame, re-laying out the page
 * without a node or an event in the body).
 */
const LAYOUT_ATTRIBUTES = ["class", "style", "hidden", "open", "media", "data-fonts"];

/**
 * What moves layout without a DOM change, each caught in the capture phase anywhere in the page:
 * an image or stylesheet loading, a transition or animation ending, a scroll inside a panel.
 */
const LAYOUT_EVENTS = ["load", "transitionend", "animationend", "scroll"] as const;

/** A 4 × 4 grid over the whole box, edges included: a control may reach in by a few pixels. */
function samplePoints(rect: DOMRect): Array<[number, number]> {
  const steps = [0, 1 / 3, 2 / 3, 1];
  const x = (f: number) => rect.left + 1 + f * (rect.width - 2);
  const y = (f: number) => rect.top + 1 + f * (rect.height - 2);
  return steps.flatMap((fy) => steps.map((fx): [number, number] => [x(fx), y(fy)]));
}

/**
 * How long the page must stay still after a change (a node, an image, a font, a transition) before
 * the corner is looked at again, and the longest a look may wait on a page that keeps changing.
 * While a page loads and hydrates it changes in most frames (the landing page's images alone fire
 * about forty load events), and a look each frame cost 16 hit tests and a forced layout every time:
 * about a tenth of a second of a phone's main thread, all of it before the page answers a tap.
 */
export const SETTLE_MS = 100;
export const MAX_SETTLE_WAIT_MS = 400;

/**
 * true while a control of the page lies under `areaRef`'s box (the floating button's home, a
 * container that never moves). Each sample point asks the browser what is painted there, below the
 * floating button itself, so it holds for any page and layout: a full-width submit button at the
 * foot of a phone screen, a card action scrolled under the corner, a toast. Rechecked in the next
 * frame on a scroll or resize (the person is moving the page), and once the page has settled
 * (SETTLE_MS) after it changes, a web font arrives, an image loads or a transition ends; never on
 * a timer, so an idle page does no work (it polled every half second before). Off (always false)
 * when `enabled` is false.
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
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    /** When the first change not yet looked at came (0: none waiting). */
    let changedSince = 0;
    const check = () => {
      frame = 0;
      changedSince = 0;
      const covered = samplePoints(area.getBoundingClientRect()).some(([x, y]) => {
        const below = document.elementsFromPoint(x, y).find((el) => !area.contains(el));
        return below?.closest(CONTROL_SELECTOR) != null;
      });
      setIsOverControl(covered);
    };
    /** A look in the next frame. */
    const schedule = () => {
      clearTimeout(settleTimer);
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    /** A look once the page has been still for SETTLE_MS, or MAX_SETTLE_WAIT_MS after the first change. */
    const scheduleSettled = () => {
      if (frame !== 0) return;
      const now = Date.now();
      if (changedSince === 0) changedSince = now;
      clearTimeout(settleTimer);
      settleTimer = setTimeout(schedule, Math.min(SETTLE_MS, changedSince + MAX_SETTLE_WAIT_MS - now));
    };
    // The button's own slide ending says nothing about what lies under it.
    const onLayoutEvent = (event: Event) => {
      if (event.target instanceof Node && area.contains(event.target)) return;
      if (event.type === "scroll") schedule();
      else scheduleSettled();
    };
    scheduleSettled();
    window.addEventListener("resize", schedule);
    for (const type of LAYOUT_EVENTS)
      document.addEventListener(type, onLayoutEvent, { capture: true, passive: true });
    // A web font arriving re-flows text without touching the DOM.
    const fonts = document.fonts as FontFaceSet | undefined;
    fonts?.addEventListener?.("loadingdone", scheduleSettled);
    const observer = new MutationObserver(scheduleSettled);
    // The whole document, <head> and <html> included, for the stylesheet switch above.
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: LAYOUT_ATTRIBUTES,
    });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      clearTimeout(settleTimer);
      window.removeEventListener("resize", schedule);
      for (const type of LAYOUT_EVENTS) document.removeEventListener(type, onLayoutEvent, { capture: true });
      fonts?.removeEventListener?.("loadingdone", scheduleSettled);
      observer.disconnect();
    };
  }, [areaRef, enabled]);

  return enabled && isOverControl;
}
