/**
 * A vendor that accepts the connection and never answers, or a job that never ends (issue 28,
 * item 1): the job fails with a timeout code within the configured bound, its credits come back
 * once, and once the vendor answers again the same process runs the next job to the end, charged
 * once. Through the fault-injecting proxy between the app and each vendor's contract fake.
 */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { type RunpodFake, startRunpodFake } from "./fakes/runpod-fake.ts";
import { type SeedreamFake, startSeedreamFake } from "./fakes/seedream-fake.ts";
import { type FaultProxy, startFaultProxy } from "./helpers/fault-proxy.ts";
import {
  allowAll,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
  userWithCredits,
  waitFor,
  waitForJob,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const FAST_JOBS = { QUEUE_POLL_MS: "20", JOB_STALE_AFTER_SECONDS: "1" };

function portOf(baseUrl: string) {
  return Number(new URL(baseUrl).port);
}

async function refundsOf(t: TestApp, userId: number) {
  return (await t.services.credits.listLedger(userId)).filter((line) => line.kind === "refund").length;
}

describe("RunPod never answering, or never finishing", () => {
  let fake: RunpodFake;
  let proxy: FaultProxy;
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    fake = await startRunpodFake(await makeJpeg(128, 96));
    proxy = await startFaultProxy({ host: "127.0.0.1", port: portOf(fake.baseUrl) });
  });
  afterAll(async () => {
    await proxy.close();
    await fake.close();
  });
  afterEach(async () => {
    proxy.set("pass");
    fake.hold = false;
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp(env: Record<string, string>) {
    t = await createTestApp({
      env: {
        RUNPOD_API_KEY: fake.apiKey,
        RUNPOD_UPSCALE_ENDPOINT_ID: fake.endpointId,
        RUNPOD_API_BASE_URL: proxy.url("http", "/v2"),
        RUNPOD_POLL_INTERVAL_MS: "20",
        PUBLIC_ORIGIN: "https://gyeol.test",
        ...FAST_JOBS,
        ...env,
      },
      drivers: { moderation: allowAll },
    });
    await signUp(t.app);
    const user = await userWithCredits(t, 200);
    const upload = (await uploadImage(t.app, user.cookie, await makeJpeg(128, 96))).json();
    worker = startWorker(t.services, t.config);
    return { user, upload, balance: async () => (await t!.services.credits.balances(user.id)).total };
  }

  it("fails PROVIDER_TIMEOUT within the request bound, refunds once, and runs the next job once it answers", async () => {
    // 8 s: long enough that a loaded machine's real answers after the hang never reach it, short
    // enough to show the bound is what ended the job.
    const { user, upload, balance } = await setUp({ RUNPOD_REQUEST_TIMEOUT_MS: "8000" });
    proxy.set("hang");
    const started = Date.now();
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const done = await waitForJob(t!.app, user.cookie, jobId, 25_000);
    expect(done).toMatchObject({ status: "failed", code: "PROVIDER_TIMEOUT" });
    // The bound, not forever: one request's 8 s plus the queue's own pace.
    expect(Date.now() - started).toBeLessThan(25_000);
    await waitFor(async () => (await balance()) === 200);
    expect(await refundsOf(t!, user.id)).toBe(1);

    proxy.set("pass");
    const again = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const secondStarted = Date.now();
    const second = await waitForJob(t!.app, user.cookie, again.jobId);
    const row = await t!.services.store.jobs.findById(again.jobId);
    expect(
      second,
      `${JSON.stringify(second)} after ${Date.now() - secondStarted} ms: ${row?.error_message}`,
    ).toMatchObject({ status: "completed" });
    expect(await balance()).toBe(120);
    expect(await refundsOf(t!, user.id)).toBe(1);
  }, 60_000);

  it("cancels a RunPod job that never ends past RUNPOD_JOB_TIMEOUT_MS, fails it PROVIDER_TIMEOUT and refunds once", async () => {
    const { user, upload, balance } = await setUp({ RUNPOD_JOB_TIMEOUT_MS: "1500" });
    fake.hold = true;
    const cancelsBefore = fake.cancels.length;
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const done = await waitForJob(t!.app, user.cookie, jobId, 15_000);
    expect(done).toMatchObject({ status: "failed", code: "PROVIDER_TIMEOUT" });
    const runpodJob = [...fake.jobs.values()].at(-1)!;
    expect(fake.cancels.slice(cancelsBefore)).toContain(runpodJob.id);
    await waitFor(async () => (await balance()) === 200);
    expect(await refundsOf(t!, user.id)).toBe(1);
  }, 40_000);
});

describe("Seedream never answering", () => {
  let fake: SeedreamFake;
  let proxy: FaultProxy;
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    fake = await startSeedreamFake();
    proxy = await startFaultProxy({ host: "127.0.0.1", port: portOf(fake.baseUrl) });
  });
  afterAll(async () => {
    await proxy.close();
    await fake.close();
  });
  afterEach(async () => {
    proxy.set("pass");
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  it("fails EDIT_PROVIDER_TIMEOUT within the bound, refunds once, and edits again once it answers", async () => {
    t = await createTestApp({
      env: {
        IMAGE_EDIT_PROVIDER: "seedream",
        SEEDREAM_API_KEY: fake.apiKey,
        SEEDREAM_BASE_URL: proxy.url("http", "/api/v3"),
        IMAGE_EDIT_TIMEOUT_MS: "6000",
        IMAGE_EDIT_MAX_RETRIES: "1",
        ...FAST_JOBS,
      },
      drivers: { moderation: allowAll },
    });
    await signUp(t.app);
    const user = await userWithCredits(t, 100);
    const photo = await sharp({ create: { width: 1280, height: 960, channels: 3, background: "#3060dc" } })
      .jpeg()
      .toBuffer();
    const imageUrl = (await uploadImage(t.app, user.cookie, photo)).json().imageUrl as string;
    worker = startWorker(t.services, t.config);
    const balance = async () => (await t!.services.credits.balances(user.id)).total;
    const edit = () =>
      t!.app.inject({
        method: "POST",
        url: "/api/seedream/generate?async=1",
        headers: { cookie: user.cookie },
        payload: {
          prompt: "make the sky a sunset",
          images: [imageUrl],
          num_images: 1,
          size: "1280x720",
          seed: 7,
          seedream_task_id: null,
          auto_prompt_used: false,
          async: true,
        },
      });
    const status = async (taskId: string) => {
      const until = Date.now() + 30_000;
      for (;;) {
        const body = (
          await t!.app.inject({ url: `/api/seedream/status/${taskId}`, headers: { cookie: user.cookie } })
        ).json();
        if (body.status !== "processing" || Date.now() > until) return body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    proxy.set("hang");
    const started = Date.now();
    const accepted = await edit();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const failed = await status(accepted.json().seedream_task_id);
    expect(failed.status).toBe("failed");
    expect(JSON.stringify(failed.error)).toMatch(/EDIT_PROVIDER_TIMEOUT|GatewayTimeout/);
    // Two tries of 6 s (long enough for a loaded machine's real answers afterwards) and a
    // backoff, not the default five minutes.
    expect(Date.now() - started).toBeLessThan(25_000);
    await waitFor(async () => (await balance()) === 100);
    expect(await refundsOf(t, user.id)).toBe(1);

    proxy.set("pass");
    const again = await edit();
    expect((await status(again.json().seedream_task_id)).status).toBe("completed");
    expect(await balance()).toBe(85);
    expect(await refundsOf(t, user.id)).toBe(1);
  }, 70_000);
});
