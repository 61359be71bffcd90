import { act, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStepAsideFromControls } from "./use-step-aside-from-controls.ts";

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
    toFake: ["setTimeout", "setInterval", "requestAnimationFrame", "cancelAnimationFrame"],
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

const isOver = () => screen.getByTestId("home").hasAttribute("data-over");

describe("the floating button steps aside from controls", () => {
  it("looks once on mount, and an idle page costs no further hit tests", () => {
    under = "control";
    render(<Page />);
    nextFrame();
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
    ["an image loading", () => screen.getByTestId("text").dispatchEvent(new Event("load"))],
    ["a transition ending", () => screen.getByTestId("panel").dispatchEvent(new Event("transitionend"))],
    ["a scroll inside a panel", () => screen.getByTestId("panel").dispatchEvent(new Event("scroll"))],
    ["the page scrolling", () => document.dispatchEvent(new Event("scroll", { bubbles: true }))],
    ["the window resizing", () => window.dispatchEvent(new Event("resize"))],
  ])("looks again after %s", (_what, move) => {
    render(<Page />);
    nextFrame();
    expect(isOver()).toBe(false);
    under = "control";
    act(move);
    nextFrame();
    expect(isOver()).toBe(true);
  });

  it("looks again when a class shows a control, and once a frame however many changes come", async () => {
    render(<Page />);
    nextFrame();
    const before = hitTests;
    under = "control";
    await act(async () => {
      for (let i = 0; i < 5; i++) screen.getByTestId("panel").className = `open-${i}`;
      await Promise.resolve(); // mutation records are delivered as a microtask
    });
    nextFrame();
    expect(isOver()).toBe(true);
    expect(hitTests - before).toBe(1); // one look, which stops at its first point over a control
  });

  it("ignores the button's own slide ending", () => {
    render(<Page />);
    nextFrame();
    const before = hitTests;
    act(() => {
      screen.getByTestId("home").dispatchEvent(new Event("transitionend", { bubbles: true }));
    });
    nextFrame();
    expect(hitTests).toBe(before);
  });
});
