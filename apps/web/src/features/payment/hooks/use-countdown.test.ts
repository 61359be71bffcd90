import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "./use-countdown.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the payment countdown", () => {
  it("counts whole seconds down and calls onDone once at zero", () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useCountdown(5, onDone));
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(4);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(1);
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(0);
    expect(onDone).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("waits until it is told to run", () => {
    const onDone = vi.fn();
    const { result, rerender } = renderHook(({ isRunning }) => useCountdown(10, onDone, isRunning), {
      initialProps: { isRunning: false },
    });
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current).toBe(10);
    rerender({ isRunning: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
