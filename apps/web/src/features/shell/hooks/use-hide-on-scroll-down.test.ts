import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useHideOnScrollDown } from "./use-hide-on-scroll-down.ts";

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

afterEach(() => scrollTo(0));

describe("hide on scroll down", () => {
  it("hides while scrolling down past the top zone and shows again on the way up", () => {
    const { result } = renderHook(() => useHideOnScrollDown(true));
    expect(result.current).toBe(false);
    scrollTo(60); // still in the top zone
    expect(result.current).toBe(false);
    scrollTo(300);
    expect(result.current).toBe(true);
    scrollTo(295); // a shaky thumb changes nothing
    expect(result.current).toBe(true);
    scrollTo(200);
    expect(result.current).toBe(false);
    scrollTo(400);
    expect(result.current).toBe(true);
    scrollTo(10);
    expect(result.current).toBe(false);
  });

  it("hides on one long fling down from the top, before the browser has had an idle moment", () => {
    const { result } = renderHook(() => useHideOnScrollDown(true));
    scrollTo(900);
    expect(result.current).toBe(true);
  });

  it("counts from where the page was when it started, once the browser has been idle", async () => {
    Object.defineProperty(window, "scrollY", { value: 500, configurable: true });
    const { result } = renderHook(() => useHideOnScrollDown(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    scrollTo(505); // within the slack of where it started: nothing changes
    expect(result.current).toBe(false);
    scrollTo(700);
    expect(result.current).toBe(true);
  });

  it("never hides when turned off (wide screens)", () => {
    const { result } = renderHook(() => useHideOnScrollDown(false));
    scrollTo(300);
    scrollTo(900);
    expect(result.current).toBe(false);
  });
});
