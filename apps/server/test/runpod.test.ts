/**
 * The RunPod serverless driver through the whole retouch flow, against the contract fake of
 * RunPod's API (test/fakes/runpod-fake.ts): the spec 02 §3 payload exactly, Bearer auth,
 * polling /status, both output forms, a failed job refunded, a crashed worker resuming the
 * provider's job instead of submitting a second one.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { type RunpodFake, startRunpodFake } from "./fakes/runpod-fake.ts";
import {
  allowAll,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitFor,
  waitForJob,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const SPEC_FIELDS = [
  "image",
  "seed",
  "prompt",
  "output_format",
  "output_quality",
  "lora_index",
  "numImages",
  "width",
  "height",
  "scale_factor",
  "upper_lip",
  "lower_lip",
  "filter_strength",
  "filter_index",
  "filter_prompt",
  "left_eyebrow",
  "right_eyebrow",
  "nose",
  "hair",
].sort();

describe("retouch on the RunPod driver", () => {
  let fake: RunpodFake;
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    fake = await startRunpodFake(await makeJpeg(128, 96));
    return () => fake.close();
  });

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp(env: Record<string, string> = {}) {
    t = await createTestApp({
      env: {
        RUNPOD_API_KEY: fake.apiKey,
        RUNPOD_UPSCALE_ENDPOINT_ID: fake.endpointId,
        RUNPOD_API_BASE_URL: fake.baseUrl,
        RUNPOD_POLL_INTERVAL_MS: "20",
        QUEUE_POLL_MS: "20",
        JOB_STALE_AFTER_SECONDS: "1",
        PUBLIC_ORIGIN: "https://gyeol.test",
        ...env,
      },
      drivers: { moderation: allowAll },
    });
    await signUp(t.app);
    const { cookie, body } = await signUp(t.app);
    await t.app.services.credits.grant(body.id, { amount: 200, reason: "test", idempotencyKey: "g" });
    const upload = (await uploadImage(t.app, cookie, await makeJpeg(128, 96))).json();
    return { cookie, userId: body.id as number, upload };
  }

  it("sends the spec's input exactly with Bearer auth and stores the base64 result", async () => {
    fake.outcome = "base64";
    const { cookie, userId, upload } = await setUp();
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (
      await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl, { exclude_outfit: true }))
    ).json();
    const done = await waitForJob(t!.app, cookie, jobId);
    expect(done).toMatchObject({
      status: "completed",
      engine: "runpod",
      imageUrl: expect.stringContaining("/files/private/results/"),
    });
    const job = [...fake.jobs.values()].at(-1)!;
    expect(Object.keys(job.input).sort()).toEqual(SPEC_FIELDS);
    expect(job.input).toMatchObject({
      output_format: "jpg",
      output_quality: 100,
      numImages: 1,
      width: 128,
      height: 96,
    });
    expect(String(job.input.image)).toMatch(
      /^https:\/\/gyeol\.test\/files\/private\/uploads\/.+\?expires=\d+&sig=/,
    );
    const image = await t!.app.inject({ url: done.imageUrl });
    expect(image.statusCode).toBe(200);
    // The history item names RunPod's job (spec 02 §3 runpod_job_id).
    const history = await t!.app.inject({ url: `/api/image/history/${userId}`, headers: { cookie } });
    expect(history.json().images[0].runpod_job_id).toBe(job.id);
  });

  it("downloads a result given as a URL", async () => {
    fake.outcome = "url";
    const { cookie, upload } = await setUp();
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    expect((await waitForJob(t!.app, cookie, jobId)).status).toBe("completed");
  });

  it("fails and refunds once when RunPod reports FAILED", async () => {
    fake.outcome = "fail";
    const { cookie, userId, upload } = await setUp();
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    const done = await waitForJob(t!.app, cookie, jobId);
    expect(done).toMatchObject({ status: "failed", code: "ENGINE_FAILED" });
    expect((await t!.app.services.credits.balances(userId)).total).toBe(200);
  });

  it("fails with a code when the key is refused, and refunds", async () => {
    fake.outcome = "base64";
    const { cookie, userId, upload } = await setUp({ RUNPOD_API_KEY: "wrong" });
    worker = startWorker(t!.app.services, t!.config);
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    expect(await waitForJob(t!.app, cookie, jobId)).toMatchObject({
      status: "failed",
      code: "PROVIDER_ERROR",
    });
    expect((await t!.app.services.credits.balances(userId)).total).toBe(200);
  });

  it("resumes the provider's job after a crash instead of submitting it again", async () => {
    fake.outcome = "base64";
    const { cookie, upload } = await setUp({ RUNPOD_POLL_INTERVAL_MS: "5000" });
    worker = startWorker(t!.app.services, t!.config);
    const runsBefore = fake.runCalls;
    const { jobId } = (await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl))).json();
    await waitFor(async () => Boolean((await t!.app.services.store.jobs.findById(jobId))?.provider_job_id));
    await worker.stop({ abandon: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    worker = startWorker(t!.app.services, t!.config);
    // The first status answer of the resumed run is IN_PROGRESS; the next (5 s later) COMPLETED.
    const done = await waitForJob(t!.app, cookie, jobId, 15_000);
    expect(done.status).toBe("completed");
    expect(fake.runCalls - runsBefore).toBe(1);
  }, 30_000);
});
