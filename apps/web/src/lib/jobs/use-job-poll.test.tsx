import { POLL_SCHEDULES, POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import type { TJobReading } from "./job-status.ts";
import { useJobPoll } from "./use-job-poll.ts";

/** A tool's own answer shape: the poller only needs `read` to understand it. */
interface TAnswer {
  state: "wait" | "done" | "bad";
  url?: string;
}
const read = (a: TAnswer): TJobReading =>
  a.state === "done"
    ? { kind: "completed" }
    : a.state === "bad"
      ? { kind: "failed", code: "FACE_EDIT_FAILED" }
      : { kind: "running" };

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

function handlers() {
  return { onProgress: vi.fn(), onCompleted: vi.fn(), onFailed: vi.fn() };
}

describe("useJobPoll", () => {
  it("follows the face edit schedule: 1 s, then 2 s growing × 1.25, and gives up after 120 polls", async () => {
    const fetchStatus = vi.fn(async (): Promise<TAnswer> => ({ state: "wait" }));
    const { result } = renderHook(() => useJobPoll({ schedule: POLL_SCHEDULES.faceEdit, fetchStatus, read }));
    const h = handlers();
    act(() => result.current.follow("job-1", h));
    await advance(999);
    expect(fetchStatus).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await advance(1999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await advance(2500);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(h.onProgress).toHaveBeenCalledTimes(3);
    await advance(20 * 60 * 1000);
    expect(fetchStatus).toHaveBeenCalledTimes(120);
    expect(h.onFailed).toHaveBeenCalledExactlyOnceWith(POLL_TIMEOUT_CODE);
    expect(h.onCompleted).not.toHaveBeenCalled();
  });

  it("ends on the tool's own completed and failed answers", async () => {
    const answers: TAnswer[] = [{ state: "wait" }, { state: "done", url: "/r.jpg" }];
    const fetchStatus = vi.fn(async () => answers.shift() ?? { state: "bad" as const });
    const { result } = renderHook(() =>
      useJobPoll({ schedule: POLL_SCHEDULES.imageEdit, fetchStatus, read }),
    );
    const h = handlers();
    act(() => result.current.follow("job-1", h));
    await advance(6000);
    expect(h.onCompleted).toHaveBeenCalledExactlyOnceWith({ state: "done", url: "/r.jpg" });
    await advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);

    const failed = handlers();
    act(() => result.current.follow("job-2", failed));
    await advance(3000);
    expect(failed.onFailed).toHaveBeenCalledExactlyOnceWith("FACE_EDIT_FAILED");
  });

  it("stops at once on a job the server does not know, and keeps polling through other errors", async () => {
    const fetchStatus = vi
      .fn<() => Promise<TAnswer>>()
      .mockRejectedValueOnce(new ApiError(502, "BAD_GATEWAY", "down"))
      .mockRejectedValueOnce(new ApiError(404, "NOT_FOUND", "gone"));
    const { result } = renderHook(() =>
      useJobPoll({ schedule: POLL_SCHEDULES.imageEdit, fetchStatus, read }),
    );
    const h = handlers();
    act(() => result.current.follow("job-1", h));
    await advance(3000);
    expect(h.onFailed).not.toHaveBeenCalled();
    await advance(3000);
    expect(h.onFailed).toHaveBeenCalledExactlyOnceWith("NOT_FOUND");
    await advance(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it("drops the answers of a job it stopped following", async () => {
    let answer: (value: TAnswer) => void = () => {};
    const fetchStatus = vi.fn(() => new Promise<TAnswer>((resolve) => (answer = resolve)));
    const { result } = renderHook(() =>
      useJobPoll({ schedule: POLL_SCHEDULES.imageEdit, fetchStatus, read }),
    );
    const h = handlers();
    act(() => result.current.follow("job-1", h));
    await advance(3000);
    act(() => result.current.stop());
    await act(async () => answer({ state: "done" }));
    expect(h.onCompleted).not.toHaveBeenCalled();
  });
});
