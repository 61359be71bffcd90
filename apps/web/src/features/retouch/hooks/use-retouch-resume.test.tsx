import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findResumableItem, useResumeRetouchJob, useRetouchJob } from "./use-retouch-job.ts";

function item(overrides: Partial<THistoryItem>): THistoryItem {
  return {
    id: 1,
    image_url: null,
    original_image_url: "/files/original.jpg",
    thumbnail_url: null,
    prompt: null,
    seed: 42,
    source: "upscale",
    status: "completed",
    created_at: "2024-05-01T00:00:00.000Z",
    updated_at: "2024-05-01T00:00:00.000Z",
    kling_task_id: null,
    seedream_task_id: null,
    all_image_urls: null,
    runpod_job_id: null,
    ...overrides,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("resume from history", () => {
  it("picks the newest processing item that has a job id", () => {
    const items = [
      item({ id: 5, status: "completed", runpod_job_id: "done" }),
      item({ id: 4, status: "processing", runpod_job_id: null }),
      item({ id: 3, status: "processing", runpod_job_id: "job-3" }),
      item({ id: 2, status: "processing", runpod_job_id: "job-2" }),
    ];
    expect(findResumableItem(items)?.id).toBe(3);
    expect(findResumableItem([item({ status: "failed", runpod_job_id: "x" })])).toBeNull();
  });

  it("resumes polling once, on the first history answer", async () => {
    const fetchStatus = vi.fn(async () => ({
      success: true as const,
      status: "completed" as const,
      imageUrl: "/files/result.jpg",
      originalImageUrl: "/files/original.jpg",
      queuePosition: null,
      etaSeconds: null,
      error: null,
      code: null,
    }));
    let items: THistoryItem[] | undefined;
    const { result, rerender } = renderHook(() => {
      const job = useRetouchJob({ fetchStatus });
      useResumeRetouchJob(items, job);
      return job;
    });
    expect(result.current.state.phase).toBe("idle");
    items = [item({ id: 9, status: "processing", runpod_job_id: "job-9" })];
    rerender();
    expect(result.current.state).toMatchObject({ phase: "processing", jobId: "job-9", isResumed: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(fetchStatus).toHaveBeenCalledWith("job-9", expect.any(AbortSignal));
    expect(result.current.state.phase).toBe("completed");
    // A later history answer (refetch after completion) does not start it again.
    items = [item({ id: 10, status: "processing", runpod_job_id: "job-10" })];
    rerender();
    expect(result.current.state.jobId).toBe("job-9");
  });
});
