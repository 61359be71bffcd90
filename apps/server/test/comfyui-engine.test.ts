/**
 * Every tool on the real ComfyUI runners against their contract fakes (issue 25): the shipped
 * workflow files, bound by the binder, pass the fake's ComfyUI validation (node types, links,
 * required inputs, installed models) and execute into real images on a ComfyUI server
 * (COMFYUI_URL); ComfyUI's own queue place reaches the status answer; RunPod's ComfyUI worker
 * (COMFYUI_RUNPOD_ENDPOINT_ID) runs them too, and a model missing there fails the job with
 * COMFYUI_MODEL_MISSING, refunded once. The job contract on ComfyUI is in tool-contract.test.ts.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { type ComfyuiServerFake, startComfyuiServerFake } from "./fakes/comfyui-server.fake.ts";
import {
  type RunpodComfyuiWorkerFake,
  startRunpodComfyuiWorkerFake,
} from "./fakes/runpod-comfyui-worker.fake.ts";
import { ALL_ON_COMFYUI, COMFY_TOOLS } from "./helpers/comfy-tools.ts";
import { faceEditWorkflow } from "./helpers/comfy-workflows.ts";
import { makeMaskPng } from "./helpers/face-edit.ts";
import { allowAll, signUp, userWithCredits, waitFor, waitForJob } from "./helpers/retouch.ts";
import { createTestApp } from "./helpers/test-app.ts";

const FAST_JOBS = { QUEUE_POLL_MS: "20", JOB_STALE_AFTER_SECONDS: "1" };
describe("the tools on a ComfyUI server (contract fake)", () => {
  let fake: ComfyuiServerFake;
  beforeAll(async () => {
    fake = await startComfyuiServerFake();
    fake.core.stepDelayMs = 1;
  });
  afterAll(() => fake.close());

  const appOnFake = async () => {
    fake.core.hang = false;
    fake.core.failWith = null;
    fake.core.paused = false;
    const t = await createTestApp({
      env: { ...FAST_JOBS, ...ALL_ON_COMFYUI, COMFYUI_URL: fake.baseUrl },
      drivers: { moderation: allowAll },
    });
    await signUp(t.app);
    return t;
  };

  it("sends every tool's workflow as ComfyUI accepts it, under job-scoped upload names", async () => {
    const t = await appOnFake();
    const worker = startWorker(t.services, t.config);
    try {
      const user = await userWithCredits(t, 1000);
      for (const tool of COMFY_TOOLS) {
        const jobId = await tool.start(t, user, await tool.prepare(t, user));
        const done = await waitForJob(t.app, user.cookie, jobId);
        expect(done, tool.name).toMatchObject({ status: "completed", code: null });
        expect(done.images, tool.name).toHaveLength(tool.images);
        // The prompt ComfyUI ran is the job's provider id (image edit keeps our job id there).
        const row = await t.services.store.jobs.findById(jobId);
        const prompt = fake.core.prompts.at(-1)!;
        if (tool.resumable) expect(prompt.promptId, tool.name).toBe(row?.provider_job_id);
        if (tool.name === "retouch") {
          // 320×240 at ×2, exactly.
          const result = await t.app.inject({ url: done.imageUrl });
          expect(await sharp(result.rawPayload).metadata()).toMatchObject({
            width: 640,
            height: 480,
            format: "jpeg",
          });
        }
      }
      // Every upload is named after its job: retouch 1, face edit 2, image edit 2, generation 1.
      const uploads = fake.core.uploads.slice(-6).map((u) => u.name);
      expect(uploads).toHaveLength(6);
      for (const name of uploads) expect(name).toMatch(/^[0-9a-f-]{36}_(image\d?|mask)\.(jpg|png)$/);
    } finally {
      await worker.stop({ abandon: true });
      await t.close();
    }
  }, 60_000);

  it("shows ComfyUI's own queue place while another prompt runs there", async () => {
    const t = await appOnFake();
    const worker = startWorker(t.services, t.config);
    try {
      // Someone else's prompt holds the GPU.
      const names = { src: `${randomUUID()}_image.png`, mask: `${randomUUID()}_mask.png` };
      fake.core.upload(
        names.src,
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c96" } })
          .png()
          .toBuffer(),
        true,
      );
      fake.core.upload(names.mask, await makeMaskPng(64, 48), true);
      fake.core.hang = true;
      const other = fake.core.submit({ prompt: faceEditWorkflow(names), client_id: "someone-else" });
      expect(other.status).toBe(200);
      await waitFor(async () => fake.core.runningId() !== null);

      const user = await userWithCredits(t, 1000);
      const tool = COMFY_TOOLS[0]!;
      const jobId = await tool.start(t, user, await tool.prepare(t, user));
      await waitFor(async () => {
        const answer = (
          await t.app.inject({ url: tool.statusPath(jobId), headers: { cookie: user.cookie } })
        ).json();
        return answer.queuePosition === 1;
      }, 15_000);
      const waiting = (
        await t.app.inject({ url: tool.statusPath(jobId), headers: { cookie: user.cookie } })
      ).json();
      expect(waiting).toMatchObject({ status: "in-progress", queuePosition: 1 });
      expect(waiting.etaSeconds).toBeGreaterThanOrEqual(1);

      fake.core.hang = false;
      expect((await waitForJob(t.app, user.cookie, jobId)).status).toBe("completed");
    } finally {
      fake.core.hang = false;
      await worker.stop({ abandon: true });
      await t.close();
    }
  }, 40_000);
});

describe("the tools on RunPod's ComfyUI worker (contract fake)", () => {
  let fake: RunpodComfyuiWorkerFake;
  beforeAll(async () => {
    fake = await startRunpodComfyuiWorkerFake();
    fake.core.stepDelayMs = 1;
  });
  afterAll(() => fake.close());

  it("runs every tool, and fails a job whose model is not installed with COMFYUI_MODEL_MISSING, refunded once", async () => {
    const t = await createTestApp({
      env: {
        ...FAST_JOBS,
        ...ALL_ON_COMFYUI,
        COMFYUI_RUNPOD_ENDPOINT_ID: fake.endpointId,
        RUNPOD_API_KEY: fake.apiKey,
        RUNPOD_API_BASE_URL: fake.baseUrl,
        RUNPOD_POLL_INTERVAL_MS: "20",
      },
      drivers: { moderation: allowAll },
    });
    await signUp(t.app);
    const worker = startWorker(t.services, t.config);
    try {
      const user = await userWithCredits(t, 1000);
      for (const tool of COMFY_TOOLS) {
        const jobId = await tool.start(t, user, await tool.prepare(t, user));
        const done = await waitForJob(t.app, user.cookie, jobId);
        expect(done, tool.name).toMatchObject({ status: "completed" });
        expect(done.images, tool.name).toHaveLength(tool.images);
        // jobs.provider: the runner's name; image edit's is its provider's (the flags' imageEditProvider).
        expect((await t.services.store.jobs.findById(jobId))?.provider).toBe(
          tool.name === "image edit" ? "comfyui" : "comfyui-runpod",
        );
      }

      const before = (await t.services.credits.balances(user.id)).total;
      const installed = fake.core.installedModels.upscale_models;
      fake.core.installedModels.upscale_models = [];
      try {
        const tool = COMFY_TOOLS[0]!;
        const jobId = await tool.start(t, user, await tool.prepare(t, user));
        const failed = await waitForJob(t.app, user.cookie, jobId);
        expect(failed).toMatchObject({ status: "failed", code: "COMFYUI_MODEL_MISSING" });
        const refunds = (await t.services.credits.listLedger(user.id)).filter(
          (row) => row.job_id === jobId && row.kind === "refund",
        );
        expect(refunds.map((row) => row.delta)).toEqual([tool.cost]);
        expect((await t.services.credits.balances(user.id)).total).toBe(before);
      } finally {
        fake.core.installedModels.upscale_models = installed;
      }
    } finally {
      await worker.stop({ abandon: true });
      await t.close();
    }
  }, 60_000);
});
