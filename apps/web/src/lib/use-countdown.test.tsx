import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "./use-countdown.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useCountdown", () => {
  it("counts the server's figure down between polls and stops at 0, never below", () => {
    const { result, rerender } = renderHook(({ seconds }) => useCountdown(seconds), {
      initialProps: { seconds: 5 as number | null },
    });
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(0);
    // A new poll answers with a new figure: the countdown starts again from it.
    rerender({ seconds: 20 });
    expect(result.current).toBe(20);
    rerender({ seconds: null });
    expect(result.current).toBeNull();
  });
});
