import { act, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_SETTLE_WAIT_MS, SETTLE_MS, useStepAsideFromControls } from "./use-step-aside-from-controls.ts";

/** The floating button's home and, elsewhere on the page, a button and a plain paragraph. */
function Page() {
  const homeRef = useRef<HTMLElement>(null);
  const isOverControl = useStepAsideFromControls(homeRef, true);
  return (
    <>
      <p data-testid="text">Text</p>
      <button type="button" data-testid="control">
        Sign in
      </button>
      <div data-testid="panel" style={{ overflow: "auto" }} />
      <aside ref={homeRef} data-testid="home" data-over={isOverControl || undefined} />
    </>
  );
}

// jsdom lays nothing out, so what lies under the corner is whatever this says.
let under: "text" | "control" = "text";
let hitTests = 0;

beforeEach(() => {
  under = "text";
  hitTests = 0;
  vi.useFakeTimers({
    toFake: [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "Date",
      "requestAnimationFrame",
      "cancelAnimationFrame",
    ],
  });
  Object.defineProperty(document, "elementsFromPoint", {
    configurable: true,
    value: () => {
      hitTests += 1;
      return [screen.getByTestId("home"), screen.getByTestId(under), document.body];
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
});

/** Runs the frame the hook asked for, if any. */
function nextFrame() {
  act(() => {
    vi.advanceTimersToNextFrame();
  });
}

/** Lets the page stay still long enough for a look after a change, and runs that look's frame. */
function settle() {
  act(() => {
    vi.advanceTimersByTime(SETTLE_MS);
  });
  nextFrame();
}

const isOver = () => screen.getByTestId("home").hasAttribute("data-over");

describe("the floating button steps aside from controls", () => {
  it("looks once on mount, and an idle page costs no further hit tests", () => {
    under = "control";
    render(<Page />);
    settle();
    expect(isOver()).toBe(true);
    const afterMount = hitTests;
    expect(afterMount).toBeGreaterThan(0);
    // Ten idle seconds: nothing moved, so nothing is asked of the browser (it polled every 500 ms).
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(hitTests).toBe(afterMount);
  });

  it.each([
    ["a scroll inside a panel", () => screen.getByTestId("panel").dispatchEvent(new Event("scroll"))],
    ["the page scrolling", () => document.dispatchEvent(new Event("scroll", { bubbles: true }))],
    ["the window resizing", () => window.dispatchEvent(new Event("resize"))],
  ])("looks again in the next frame after %s", (_what, move) => {
    render(<Page />);
    settle();
    expect(isOver()).toBe(false);
    under = "control";
    act(move);
    nextFrame();
    expect(isOver()).toBe(true);
  });

  it.each([
    ["an image loading", () => screen.getByTestId("text").dispatchEvent(new Event("load"))],
    ["a transition ending", () => screen.getByTestId("panel").dispatchEvent(new Event("transitionend"))],
  ])("looks again once the page is still after %s", (_what, move) => {
    render(<Page />);
    settle();
    under = "control";
    act(move);
    nextFrame();
    expect(isOver()).toBe(false); // not in the same frame: more may be on its way
    settle();
    expect(isOver()).toBe(true);
  });

  it("looks again when a class shows a control, once however many changes come", async () => {
    render(<Page />);
    settle();
    const before = hitTests;
    under = "control";
    await act(async () => {
      for (let i = 0; i < 5; i++) screen.getByTestId("panel").className = `open-${i}`;
      await Promise.resolve(); // mutation records are delivered as a microtask
    });
    settle();
    expect(isOver()).toBe(true);
    expect(hitTests - before).toBe(1); // one look, which stops at its first point over a control
  });

  it.each([
    [
      "the whole stylesheet switching on",
      () => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.media = "print";
        document.head.append(link);
        return () => {
          link.media = "all";
          return () => link.remove();
        };
      },
    ],
    [
      "the fallback fonts' switch on <html>",
      () => {
        document.documentElement.dataset.fonts = "after-paint";
        return () => {
          document.documentElement.removeAttribute("data-fonts");
          return () => undefined;
        };
      },
    ],
  ])("looks again after %s, which changes nothing in the body", async (_what, prepare) => {
    const apply = prepare();
    render(<Page />);
    settle();
    expect(isOver()).toBe(false);
    under = "control";
    let cleanUp = () => undefined as unknown;
    await act(async () => {
      cleanUp = apply();
      await Promise.resolve(); // mutation records are delivered as a microtask
    });
    settle();
    expect(isOver()).toBe(true);
    cleanUp();
  });

  it("looks once for a burst of changes spread over many frames (a page loading)", () => {
    render(<Page />);
    settle();
    const before = hitTests;
    under = "control";
    // Forty images loading 5 ms apart: 200 ms of changes, well past a frame each.
    for (let i = 0; i < 40; i++) {
      act(() => {
        screen.getByTestId("text").dispatchEvent(new Event("load"));
        vi.advanceTimersByTime(5);
      });
    }
    settle();
    expect(isOver()).toBe(true);
    expect(hitTests - before).toBe(1);
  });

  it("still looks while a page keeps changing, within the longest wait", () => {
    render(<Page />);
    settle();
    under = "control";
    // A change every 50 ms, never still for SETTLE_MS.
    let waited = 0;
    while (!isOver() && waited <= 2 * MAX_SETTLE_WAIT_MS) {
      act(() => {
        screen.getByTestId("panel").dispatchEvent(new Event("transitionend"));
        vi.advanceTimersByTime(50);
      });
      nextFrame();
      waited += 50;
    }
    expect(isOver()).toBe(true);
    expect(waited).toBeLessThanOrEqual(MAX_SETTLE_WAIT_MS + 50);
  });

  it("ignores the button's own slide ending", async () => {
    render(<Page />);
    settle();
    const before = hitTests;
    await act(async () => {
      screen.getByTestId("home").dispatchEvent(new Event("transitionend", { bubbles: true }));
      await Promise.resolve();
    });
    settle();
    expect(hitTests).toBe(before);
  });
});
