/**
 * Cancelling a job from the page (issue 12): queued or running, it stops, fails with
 * JOB_CANCELLED and its credits come back exactly once; someone else's job is not found, and a
 * finished one cannot be cancelled.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import {
  createJobsTestApp,
  type FakeEngine,
  getStatus,
  makeJpeg,
  startRetouch,
  uploadImage,
  upscaleInput,
  userWithCredits,
  waitFor,
  waitForJob,
} from "./helpers/retouch.ts";
import type { TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("cancelling a job on $name", (database) => {
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  let engine: FakeEngine;

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp() {
    ({ t, engine } = await createJobsTestApp(database, { env: { JOB_STALE_AFTER_SECONDS: "1" } }));
  }

  const balanceOf = async (id: number) => (await t!.services.credits.balances(id)).total;
  const cancel = (cookie: string | undefined, jobId: string) =>
    t!.app.inject({
      method: "POST",
      url: `/api/jobs/${jobId}/cancel`,
      headers: cookie ? { cookie } : {},
    });

  async function startJob(cookie: string) {
    const upload = (await uploadImage(t!.app, cookie, await makeJpeg())).json();
    const started = await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl));
    expect(started.statusCode, started.body).toBe(200);
    return started.json().jobId as string;
  }

  it("cancels a queued job and refunds it once, however often it is asked; a finished job is not cancelled", async () => {
    await setUp();
    const user = await userWithCredits(t!, 1000);
    const jobId = await startJob(user.cookie);
    expect(await balanceOf(user.id)).toBe(920);

    const cancelled = await cancel(user.cookie, jobId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ success: true, status: "failed", code: "JOB_CANCELLED" });
    expect(await balanceOf(user.id)).toBe(1000);
    expect((await getStatus(t!.app, user.cookie, jobId)).json()).toMatchObject({
      status: "failed",
      code: "JOB_CANCELLED",
    });

    // A double click: the same answer, and still one refund.
    const again = await cancel(user.cookie, jobId);
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(1000);
    // The worker, started afterwards, never runs it.
    worker = startWorker(t!.services, t!.config);
    const later = await startJob(user.cookie);
    expect((await waitForJob(t!.app, user.cookie, later)).status).toBe("completed");
    expect(engine.runs).toBe(1);
    expect(await balanceOf(user.id)).toBe(920);
    const finished = await cancel(user.cookie, later);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({ success: false, code: "JOB_ALREADY_FINISHED" });
    expect(await balanceOf(user.id)).toBe(920);

    // The history tells the cancelled job from a failure: failed, with the code JOB_CANCELLED.
    const history = await t!.app.inject({
      method: "GET",
      url: `/api/image/history/${user.id}?source=upscale`,
      headers: { cookie: user.cookie },
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history.json().images.map((item: { status: string; code: string | null }) => [item.status, item.code]),
    ).toEqual([
      ["completed", null],
      ["failed", "JOB_CANCELLED"],
    ]);
  });

  it("stops a running job's engine at once and refunds it once", async () => {
    await setUp();
    engine.behaviour = "hang";
    const user = await userWithCredits(t!, 1000);
    worker = startWorker(t!.services, t!.config);
    const jobId = await startJob(user.cookie);
    await waitFor(async () => (await t!.services.store.jobs.findById(jobId))?.status === "processing");
    await waitFor(async () => engine.runs === 1);

    const cancelled = await cancel(user.cookie, jobId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(1000);
    // The hanging engine was aborted: the worker is free for the next job.
    engine.behaviour = "ok";
    const next = await startJob(user.cookie);
    expect((await waitForJob(t!.app, user.cookie, next)).status).toBe("completed");
    const row = await t!.services.store.jobs.findById(jobId);
    expect(row).toMatchObject({ status: "failed", error_code: "JOB_CANCELLED" });
    expect(await balanceOf(user.id)).toBe(920);
  });

  it("answers 404 for another user's job, 401 for a visitor, and changes nothing", async () => {
    await setUp();
    const owner = await userWithCredits(t!, 1000);
    const other = await userWithCredits(t!, 0);
    const jobId = await startJob(owner.cookie);
    expect((await cancel(other.cookie, jobId)).statusCode).toBe(404);
    expect((await cancel(undefined, jobId)).statusCode).toBe(401);
    expect((await t!.services.store.jobs.findById(jobId))?.status).toBe("queued");
    expect(await balanceOf(owner.id)).toBe(920);
  });
});
