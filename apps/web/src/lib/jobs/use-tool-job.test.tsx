import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { POLL_SCHEDULES, POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import { RETOUCH_POLL_CAP_MS } from "@gyeol/shared/retouch";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import { readImageStatus } from "./job-status.ts";
import { type TToolJobOptions, useResumeToolJob, useToolJob } from "./use-tool-job.ts";

interface TDetail {
  originalUrl: string | null;
  identityScore: number | null;
  engine: string | null;
}

type TOptions = Partial<TToolJobOptions<TImageStatusResponse, string, TDetail>>;

/** A tool job as retouch configures it (its schedule, its answers), with the test's fetchers. */
function useJob(options: TOptions & { onSettled?: (phase: string) => void }) {
  const { onSettled, ...rest } = options;
  return useToolJob<TImageStatusResponse, string, TDetail>({
    schedule: POLL_SCHEDULES.retouch,
    fetchStatus: async () => status(),
    read: readImageStatus,
    idle: { originalUrl: null, identityScore: null, engine: null },
    progressOf: (answer) => ({ queuePosition: answer.queuePosition, etaSeconds: answer.etaSeconds }),
    completedOf: (answer, current) => ({
      result: answer.imageUrl ?? "",
      originalUrl: answer.originalImageUrl ?? current.originalUrl,
      identityScore: answer.identityScore ?? null,
      engine: answer.engine ?? null,
    }),
    onCompleted: () => onSettled?.("completed"),
    onFailed: () => onSettled?.("failed"),
    ...rest,
  });
}

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

describe("useToolJob", () => {
  it("shows a pushed result at once, without waiting for the next poll, and stops listening", async () => {
    const fetchStatus = vi.fn(async () => status());
    const events = fakeEvents();
    const { result } = renderHook(() => useJob({ fetchStatus, openEvents: () => events.source }));
    act(() => result.current.track("job-1", { detail: { originalUrl: "/files/original.jpg" } }));
    await advance(500);
    act(() => {
      events.push(status({ status: "completed", imageUrl: "/files/result.jpg", queuePosition: null }));
    });
    expect(result.current.state).toMatchObject({ phase: "completed", result: "/files/result.jpg" });
    expect(fetchStatus).toHaveBeenCalledTimes(0);
    expect(events.target.isClosed).toBe(true);
    // The polling stopped with it.
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(0);
  });

  it("polls after 2 s, 4 s and 8 s, then every 10–15 s at random", async () => {
    const fetchStatus = vi.fn(async () => status());
    const { result } = renderHook(() => useJob({ fetchStatus, random: () => 0.5 }));
    act(() => result.current.track("job-1", { detail: { originalUrl: "/files/original.jpg" } }));
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
          engine: "builtin",
        }),
      );
    const { result } = renderHook(() => useJob({ fetchStatus, onSettled }));
    act(() => result.current.track("job-2", { detail: { originalUrl: "/files/original.jpg" } }));
    await advance(2000 + 4000);
    expect(result.current.state).toMatchObject({
      phase: "completed",
      result: "/files/result.jpg",
      originalUrl: "/files/original.jpg",
      identityScore: 0.97,
      engine: "builtin",
      queuePosition: null,
      progress: 1,
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
    const { result } = renderHook(() => useJob({ fetchStatus, onSettled }));
    act(() => result.current.track("job-3", { detail: { originalUrl: null } }));
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
    const { result } = renderHook(() => useJob({ fetchStatus }));
    act(() => result.current.track("job-4", { detail: { originalUrl: null } }));
    await advance(2000);
    expect(result.current.state.phase).toBe("processing");
    await advance(4000);
    expect(result.current.state.phase).toBe("completed");
  });

  it("gives up after 10 minutes and marks the job failed with a timeout", async () => {
    const onSettled = vi.fn();
    const fetchStatus = vi.fn(async () => status());
    const { result } = renderHook(() => useJob({ fetchStatus, random: () => 0.99, onSettled }));
    act(() => result.current.track("job-5", { detail: { originalUrl: null } }));
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
    const { result, unmount } = renderHook(() => useJob({ fetchStatus }));
    act(() => result.current.track("job-6", { detail: { originalUrl: null } }));
    act(() => result.current.reset());
    expect(result.current.state.phase).toBe("idle");
    await advance(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    act(() => result.current.track("job-7", { detail: { originalUrl: null } }));
    unmount();
    await advance(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
  });

  it("cancels a running job: stops following it, fails it with JOB_CANCELLED, once", async () => {
    const onSettled = vi.fn();
    const fetchStatus = vi.fn(async () => status());
    const cancelJob = vi.fn(async () => ({}));
    const { result } = renderHook(() => useJob({ fetchStatus, cancelJob, onSettled }));
    await expect(result.current.cancel()).resolves.toBe("none");
    act(() => result.current.track("job-8", { detail: { originalUrl: "/o.jpg" } }));
    let outcome: string | undefined;
    await act(async () => {
      const first = result.current.cancel();
      // A second click while the first is on its way does nothing.
      await expect(result.current.cancel()).resolves.toBe("none");
      outcome = await first;
    });
    expect(outcome).toBe("cancelled");
    expect(cancelJob).toHaveBeenCalledTimes(1);
    expect(cancelJob).toHaveBeenCalledWith("job-8");
    expect(result.current.state).toMatchObject({
      phase: "failed",
      errorCode: "JOB_CANCELLED",
      originalUrl: "/o.jpg",
    });
    expect(result.current.isCancelling).toBe(false);
    expect(onSettled).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(fetchStatus).not.toHaveBeenCalled();
  });

  it("keeps following a job that finished before the cancel arrived, and throws other refusals", async () => {
    const fetchStatus = vi.fn(async () => status({ status: "completed", imageUrl: "/r.jpg" }));
    const cancelJob = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, "JOB_ALREADY_FINISHED", "finished"))
      .mockRejectedValueOnce(new ApiError(500, "INTERNAL", "boom"));
    const { result } = renderHook(() => useJob({ fetchStatus, cancelJob }));
    act(() => result.current.track("job-9"));
    await act(async () => {
      await expect(result.current.cancel()).resolves.toBe("finished");
    });
    expect(result.current.state.phase).toBe("processing");
    await act(async () => {
      await expect(result.current.cancel()).rejects.toMatchObject({ code: "INTERNAL" });
    });
    expect(result.current.state.phase).toBe("processing");
    await advance(2000);
    expect(result.current.state).toMatchObject({ phase: "completed", result: "/r.jpg" });
  });

  it("shows a history item as the current result, and resets to idle", async () => {
    const fetchStatus = vi.fn(async () => status());
    const { result } = renderHook(() => useJob({ fetchStatus }));
    act(() => result.current.track("job-10"));
    act(() => result.current.show("/h.jpg", { originalUrl: "/ho.jpg" }));
    expect(result.current.state).toMatchObject({
      phase: "completed",
      result: "/h.jpg",
      originalUrl: "/ho.jpg",
      jobId: null,
    });
    await advance(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    act(() => result.current.reset());
    expect(result.current.state).toMatchObject({ phase: "idle", result: null, originalUrl: null });
  });
});

describe("useResumeToolJob", () => {
  it("follows the job the first history answer names, once, and says so", async () => {
    const fetchStatus = vi.fn(async () => status({ status: "completed", imageUrl: "/r.jpg" }));
    const onResumed = vi.fn();
    const find = (items: readonly string[]) =>
      items[0] ? { jobId: items[0], detail: { originalUrl: `/${items[0]}.jpg` } } : null;
    let items: string[] | undefined;
    const { result, rerender } = renderHook(() => {
      const job = useJob({ fetchStatus });
      useResumeToolJob(items, find, job, onResumed);
      return job;
    });
    expect(result.current.state.phase).toBe("idle");
    items = ["job-11"];
    rerender();
    expect(result.current.state).toMatchObject({
      phase: "processing",
      jobId: "job-11",
      isResumed: true,
      originalUrl: "/job-11.jpg",
    });
    expect(onResumed).toHaveBeenCalledTimes(1);
    await advance(2000);
    expect(result.current.state.phase).toBe("completed");
    items = ["job-12"];
    rerender();
    expect(result.current.state.jobId).toBe("job-11");
    expect(onResumed).toHaveBeenCalledTimes(1);
  });
});
