import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { RETOUCH_POLL_CAP_MS } from "@gyeol/shared/retouch";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { POLL_TIMEOUT_CODE } from "../lib/retouch-errors.ts";
import { useRetouchJob } from "./use-retouch-job.ts";

function status(overrides: Partial<TImageStatusResponse> = {}): TImageStatusResponse {
  return {
    success: true,
    status: "in-progress",
    imageUrl: null,
    originalImageUrl: "/files/original.jpg",
    queuePosition: 2,
    etaSeconds: 40,
    error: null,
    code: null,
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A stand-in for the browser's EventSource: the test pushes what the server would. */
function fakeEvents() {
  const target = new EventTarget() as EventTarget & { close: () => void; isClosed: boolean };
  target.isClosed = false;
  target.close = () => {
    target.isClosed = true;
  };
  const push = (answer: TImageStatusResponse) =>
    target.dispatchEvent(new MessageEvent("status", { data: JSON.stringify(answer) }));
  return { source: target as unknown as EventSource, push, target };
}

describe("useRetouchJob", () => {
  it("shows a pushed result at once, without waiting for the next poll, and stops listening", async () => {
    const fetchStatus = vi.fn(async () => status());
    const events = fakeEvents();
    const { result } = renderHook(() => useRetouchJob({ fetchStatus, openEvents: () => events.source }));
    act(() => result.current.track("job-1", { originalUrl: "/files/original.jpg" }));
    await advance(500);
    act(() => {
      events.push(status({ status: "completed", imageUrl: "/files/result.jpg", queuePosition: null }));
    });
    expect(result.current.state).toMatchObject({ phase: "completed", resultUrl: "/files/result.jpg" });
    expect(fetchStatus).toHaveBeenCalledTimes(0);
    expect(events.target.isClosed).toBe(true);
    // The polling stopped with it.
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(0);
  });

  it("polls after 2 s, 4 s and 8 s, then every 10–15 s at random", async () => {
    const fetchStatus = vi.fn(async () => status());
    const { result } = renderHook(() => useRetouchJob({ fetchStatus, random: () => 0.5 }));
    act(() => result.current.track("job-1", { originalUrl: "/files/original.jpg" }));
    expect(result.current.state.phase).toBe("processing");

    await advance(1999);
    expect(fetchStatus).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await advance(3999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await advance(8000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    // random 0.5 → 10 000 + floor(0.5 × 5001) = 12 500 ms
    await advance(12_499);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    expect(fetchStatus).toHaveBeenLastCalledWith("job-1", expect.any(AbortSignal));
    expect(result.current.state.queuePosition).toBe(2);
    expect(result.current.state.etaSeconds).toBe(40);
  });

  it("shows the result, the identity score and the engine when the job completes", async () => {
    const onSettled = vi.fn();
    const fetchStatus = vi
      .fn()
      .mockResolvedValueOnce(status())
      .mockResolvedValueOnce(
        status({
          status: "completed",
          imageUrl: "/files/result.jpg",
          queuePosition: null,
          etaSeconds: null,
          identityScore: 0.97,
          retouchShare: 0.8,
          engine: "builtin",
          facesFound: 1,
        }),
      );
    const { result } = renderHook(() => useRetouchJob({ fetchStatus, onSettled }));
    act(() => result.current.track("job-2", { originalUrl: "/files/original.jpg" }));
    await advance(2000 + 4000);
    expect(result.current.state).toMatchObject({
      phase: "completed",
      resultUrl: "/files/result.jpg",
      originalUrl: "/files/original.jpg",
      identityScore: 0.97,
      retouchShare: 0.8,
      engine: "builtin",
    });
    expect(onSettled).toHaveBeenCalledWith("completed");
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it("fails with the job's code when the job fails, leaving the server's English behind", async () => {
    const onSettled = vi.fn();
    const fetchStatus = vi.fn(async () =>
      status({ status: "failed", error: "Engine crashed", code: "ENGINE_FAILED" }),
    );
    const { result } = renderHook(() => useRetouchJob({ fetchStatus, onSettled }));
    act(() => result.current.track("job-3", { originalUrl: null }));
    await advance(2000);
    expect(result.current.state).toMatchObject({
      phase: "failed",
      errorCode: "ENGINE_FAILED",
    });
    expect(result.current.state).not.toHaveProperty("error");
    expect(onSettled).toHaveBeenCalledWith("failed");
  });

  it("keeps polling through a network blip", async () => {
    const fetchStatus = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, "NETWORK_ERROR", "offline"))
      .mockResolvedValueOnce(status({ status: "completed", imageUrl: "/r.jpg" }));
    const { result } = renderHook(() => useRetouchJob({ fetchStatus }));
    act(() => result.current.track("job-4", { originalUrl: null }));
    await advance(2000);
    expect(result.current.state.phase).toBe("processing");
    await advance(4000);
    expect(result.current.state.phase).toBe("completed");
  });

  it("gives up after 10 minutes and marks the job failed with a timeout", async () => {
    const onSettled = vi.fn();
    const fetchStatus = vi.fn(async () => status());
    const { result } = renderHook(() => useRetouchJob({ fetchStatus, random: () => 0.99, onSettled }));
    act(() => result.current.track("job-5", { originalUrl: null }));
    await advance(RETOUCH_POLL_CAP_MS - 1);
    expect(result.current.state.phase).toBe("processing");
    await advance(1);
    expect(result.current.state).toMatchObject({ phase: "failed", errorCode: POLL_TIMEOUT_CODE });
    expect(onSettled).toHaveBeenCalledWith("failed");
    const calls = fetchStatus.mock.calls.length;
    // 2 + 4 + 8 s, then ~15 s apart: about 40 polls in 10 minutes, the last one at the cap.
    expect(calls).toBeGreaterThan(35);
    expect(calls).toBeLessThan(45);
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(calls);
  });

  it("stops polling on 'Try again' and on unmount", async () => {
    const fetchStatus = vi.fn(async () => status());
    const { result, unmount } = renderHook(() => useRetouchJob({ fetchStatus }));
    act(() => result.current.track("job-6", { originalUrl: null }));
    act(() => result.current.reset());
    expect(result.current.state.phase).toBe("idle");
    await advance(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    act(() => result.current.track("job-7", { originalUrl: null }));
    unmount();
    await advance(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
  });
});
