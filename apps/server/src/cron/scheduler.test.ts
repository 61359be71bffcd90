import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startCron } from "./scheduler.ts";

const logger = { info: vi.fn(), error: vi.fn() };

describe("startCron", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    logger.info.mockReset();
    logger.error.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a task once at start and then every interval", async () => {
    const run = vi.fn(async () => 0);
    const cron = startCron([{ name: "sweep", intervalMs: 1000, run }], logger);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await cron.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it("does not start a run while the previous one is still going", async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const cron = startCron([{ name: "slow", intervalMs: 1000, run }], logger);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await cron.stop();
  });

  it("logs a failing run and keeps the schedule", async () => {
    const run = vi.fn(async () => {
      throw new Error("database busy");
    });
    const cron = startCron([{ name: "flaky", intervalMs: 1000, run }], logger);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ task: "flaky" }), "cron task failed");
    await cron.stop();
  });
});
