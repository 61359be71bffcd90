/**
 * Queue classes (ARCHITECTURE "Jobs are durable"): jobs that wait on a vendor (`remote`) and jobs
 * that run on this CPU (`engine`) have their own worker slots, on the local queue and on BullMQ,
 * so a minutes-long vendor job never holds the slot a built-in retouch needs, and the other way
 * round.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createBullmqQueue } from "../src/drivers/queue/bullmq-queue.ts";
import type { JobQueue, QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createProbeJob, type ProbeVendor } from "./helpers/probe-job.ts";
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
const DRIVERS = [
  { name: "local", make: (): JobQueue | undefined => undefined },
  ...(redisUrl
    ? [
        {
          name: "bullmq",
          make: (): JobQueue | undefined =>
            createBullmqQueue({
              redisUrl,
              sweepMs: 200,
              prefix: `gyeol-test-${randomBytes(6).toString("hex")}`,
            }),
        },
      ]
    : []),
];
const CASES = TEST_DATABASES.flatMap((database) => DRIVERS.map((driver) => ({ database, driver })));

describe.each(CASES)(
  "queue classes on $database.name with the $driver.name queue",
  ({ database, driver }) => {
    let t: TestApp | undefined;
    let worker: QueueWorker | undefined;
    let engine: FakeEngine;
    let vendor: ProbeVendor;

    afterEach(async () => {
      await worker?.stop({ abandon: true });
      worker = undefined;
      await t?.close();
      t = undefined;
    });

    async function setUp() {
      engine = createFakeEngine();
      const queue = driver.make();
      t = await createTestApp({
        database,
        env: {
          QUEUE_POLL_MS: "20",
          JOB_STALE_AFTER_SECONDS: "5",
          WORKER_CONCURRENCY: "1",
          REMOTE_WORKER_CONCURRENCY: "2",
          JOB_USER_CONCURRENCY: "4",
        },
        drivers: {
          retouchEngine: engine,
          moderation: allowAll,
          ...(queue ? { queue } : {}),
          jobDefinitions: ({ storage }) => {
            const probe = createProbeJob({ tool: "probe_remote", queue: "remote", storage });
            vendor = probe.vendor;
            return [probe.definition];
          },
        },
      });
      await signUp(t.app);
      const { cookie, body } = await signUp(t.app);
      await t.services.credits.grant(body.id, { amount: 800, reason: "test", idempotencyKey: "g" });
      const upload = (await uploadImage(t.app, cookie, await makeJpeg())).json() as { imageUrl: string };
      worker = startWorker(t.services, t.config);
      return { cookie, userId: body.id as number, upload };
    }

    /** A remote probe job, committed and announced as an intake would. */
    async function startProbe(userId: number, imageUrl: string) {
      const id = randomUUID();
      await t!.services.store.jobs.insert({
        id,
        user_id: userId,
        tool: "probe_remote",
        input: JSON.stringify({ inputKey: t!.services.storage.keyFromUrl(imageUrl), count: 1 }),
        cost: 0,
        provider: "probe",
        created_at: new Date().toISOString(),
      });
      await t!.services.queue.enqueue(id, { queue: "remote" });
      return id;
    }

    const statusOf = async (id: string) => (await t!.services.store.jobs.findById(id))?.status;

    it("runs a built-in retouch while vendor jobs fill every remote slot", async () => {
      const { cookie, userId, upload } = await setUp();
      vendor.behaviour = "hang";
      const remote = [await startProbe(userId, upload.imageUrl), await startProbe(userId, upload.imageUrl)];
      await waitFor(async () => (await Promise.all(remote.map(statusOf))).every((s) => s === "processing"));

      const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
      expect(await waitForJob(t!.app, cookie, jobId)).toMatchObject({ status: "completed" });
      expect(await Promise.all(remote.map(statusOf))).toEqual(["processing", "processing"]);
    });

    it("finishes a vendor job while a built-in retouch holds the only engine slot", async () => {
      const { cookie, userId, upload } = await setUp();
      engine.behaviour = "hang";
      const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
      await waitFor(async () => (await statusOf(jobId)) === "processing");

      const probe = await startProbe(userId, upload.imageUrl);
      await waitFor(async () => (await statusOf(probe)) === "completed");
      expect(await statusOf(jobId)).toBe("processing");
      expect(vendor.submits).toBe(1);
    });
  },
);
