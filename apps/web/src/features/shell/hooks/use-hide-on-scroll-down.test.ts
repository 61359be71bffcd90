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

  it("never hides when turned off (wide screens)", () => {
    const { result } = renderHook(() => useHideOnScrollDown(false));
    scrollTo(300);
    scrollTo(900);
    expect(result.current).toBe(false);
  });
});
