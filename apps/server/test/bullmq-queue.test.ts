/**
 * The retouch flow on the BullMQ queue driver (Redis at TEST_REDIS_URL; skipped without it):
 * jobs complete, a failure is refunded once, a duplicate message runs nothing twice, and a job
 * whose worker crashed is recovered. Each test has its own Redis key prefix.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createBullmqQueue } from "../src/drivers/queue/bullmq-queue.ts";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import {
  allowAll,
  createFakeEngine,
  type FakeEngine,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitFor,
  waitForJob,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl).each(TEST_DATABASES)("BullMQ queue on $name", (database) => {
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  let engine: FakeEngine;

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp(env: Record<string, string> = {}) {
    engine = createFakeEngine();
    const queue = createBullmqQueue({
      redisUrl: redisUrl!,
      sweepMs: 200,
      prefix: `gyeol-test-${randomBytes(6).toString("hex")}`,
    });
    t = await createTestApp({
      database,
      env: { JOB_STALE_AFTER_SECONDS: "1", ...env },
      drivers: { retouchEngine: engine, moderation: allowAll, queue },
    });
    await signUp(t.app);
    const { cookie, body } = await signUp(t.app);
    await t.app.services.credits.grant(body.id, { amount: 400, reason: "test", idempotencyKey: "g" });
    const upload = (await uploadImage(t.app, cookie, await makeJpeg())).json();
    return { cookie, userId: body.id as number, upload };
  }

  it("runs jobs to completion and ignores a duplicate message", async () => {
    const { cookie, upload } = await setUp();
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    expect((await waitForJob(t!.app, cookie, jobId)).status).toBe("completed");
    await t!.app.services.queue.enqueue(jobId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(engine.runs).toBe(1);
  });

  it("refunds a failed job once", async () => {
    const { cookie, userId, upload } = await setUp();
    engine.behaviour = "fail";
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    expect((await waitForJob(t!.app, cookie, jobId)).status).toBe("failed");
    const refunds = (await t!.app.services.credits.listLedger(userId)).filter((r) => r.kind === "refund");
    expect(refunds).toHaveLength(1);
    expect((await t!.app.services.credits.balances(userId)).total).toBe(400);
  });

  it("recovers a job whose worker crashed mid-run", async () => {
    const { cookie, upload } = await setUp();
    engine.behaviour = "hang";
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    await waitFor(async () => (await t!.app.services.store.jobs.findById(jobId))?.status === "processing");
    await worker.stop({ abandon: true });
    engine.behaviour = "ok";
    await new Promise((resolve) => setTimeout(resolve, 1100));
    worker = startWorker(t!.app.services, t!.config);
    expect((await waitForJob(t!.app, cookie, jobId, 15_000)).status).toBe("completed");
  });
});

describe.skipIf(!redisUrl)("BullMQ queue stopped as it starts", () => {
  it("closes workers and queues still connecting without an unhandled rejection", async () => {
    // A process stopped right after it started (a test, a crash loop, a deploy rolled back):
    // BullMQ disconnects a connection closed while it initialises, and its version check's
    // INFO then rejected with "Connection is closed." where nothing awaited it.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // Stopped at a range of moments of its start, one of them while INFO is in flight.
      for (let i = 0; i < 24; i++) {
        const queue = createBullmqQueue({
          redisUrl: redisUrl!,
          sweepMs: 60_000,
          prefix: `gyeol-test-${randomBytes(6).toString("hex")}`,
        });
        const worker = queue.consume(
          {
            claimNext: async () => [],
            claim: async () => "gone",
            run: async () => {},
            recover: async () => [],
          },
          { concurrency: { engine: 1, remote: 1 } },
        );
        await new Promise((resolve) => setTimeout(resolve, i / 2));
        await worker.stop({ abandon: true });
        await queue.close();
      }
      // A rejection surfaces when the closed sockets' close events run: after a few more turns.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
