/**
 * Every tool on the ComfyUI engine (issue 25), through the configuration an operator writes
 * (RETOUCH_PROVIDER / FACE_EDIT_PROVIDER / IMAGE_EDIT_PROVIDER / GENERATION_PROVIDER=comfyui with
 * COMFYUI_URL), the shipped workflow files, the binder and the drivers, with a steerable runner
 * double in place of the ComfyUI connection: each tool keeps the job contract
 * (test/helpers/tool-contract.ts), ComfyUI's queue place and progress reach the status answer, a
 * COMFYUI_* failure is the job's code and is refunded once, and a cancel reaches ComfyUI.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { createComfyRunnerDouble } from "./helpers/comfy-runner-double.ts";
import {
  faceEditInput,
  faceEditStatusPath,
  makeMaskPng,
  startFaceEdit,
  uploadMask,
} from "./helpers/face-edit.ts";
import { createFakeClock } from "./helpers/fake-clock.ts";
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
import { describeToolJob, type ToolHarness, type ToolUser } from "./helpers/tool-contract.ts";

const COMFY_ENV = {
  QUEUE_POLL_MS: "20",
  JOB_STALE_AFTER_SECONDS: "1",
  RETOUCH_PROVIDER: "comfyui",
  FACE_EDIT_PROVIDER: "comfyui",
  IMAGE_EDIT_PROVIDER: "comfyui",
  GENERATION_PROVIDER: "comfyui",
  // Never reached: the runner double stands in for the connection.
  COMFYUI_URL: "http://127.0.0.1:9",
};

async function comfyApp() {
  const runner = createComfyRunnerDouble();
  const t = await createTestApp({ env: COMFY_ENV, drivers: { moderation: allowAll, comfyRunner: runner } });
  await signUp(t.app); // the administrator, so the tests' users are ordinary ones
  return { t, runner };
}

const upload = async (t: TestApp, cookie: string, bytes: Buffer) => {
  const response = await uploadImage(t.app, cookie, bytes);
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().imageUrl as string;
};

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 220 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** One tool as the contract suite drives it, on the runner double. */
interface TTool {
  name: string;
  cost: number;
  images: number;
  resumable: boolean;
  statusPath(jobId: string): string;
  prepare(t: TestApp, user: ToolUser): Promise<unknown>;
  start(t: TestApp, user: ToolUser, prepared: unknown): Promise<string>;
}

const TOOLS: TTool[] = [
  {
    name: "retouch",
    cost: 80,
    images: 1,
    resumable: true,
    statusPath: (jobId) => `/api/image/status/${jobId}`,
    prepare: async (t, user) => upload(t, user.cookie, await makeJpeg()),
    async start(t, user, image) {
      const response = await startRetouch(t.app, user.cookie, upscaleInput(image as string));
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().jobId;
    },
  },
  {
    name: "face edit",
    cost: 85,
    images: 1,
    resumable: true,
    statusPath: faceEditStatusPath,
    async prepare(t, user) {
      const mask = (await uploadMask(t.app, user.cookie, await makeMaskPng(128, 96))).json()
        .imageUrl as string;
      return { image: await upload(t, user.cookie, await makeJpeg()), mask };
    },
    async start(t, user, prepared) {
      const { image, mask } = prepared as { image: string; mask: string };
      const response = await startFaceEdit(t.app, user.cookie, faceEditInput(image, mask));
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().jobId;
    },
  },
  {
    name: "image edit",
    cost: 30,
    images: 2,
    // The job's provider id is our job id (the page's seedream_task_id): a crash sends it again.
    resumable: false,
    statusPath: (jobId) => `/api/image/status/${jobId}?source=seedream`,
    prepare: async (t, user) => upload(t, user.cookie, await photo(1280, 960)),
    async start(t, user, image) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/seedream/generate?async=1",
        headers: { cookie: user.cookie },
        payload: {
          prompt: "make the sky a sunset",
          images: [image],
          num_images: 2,
          size: "1024x768",
          seed: 4242,
          seedream_task_id: null,
          auto_prompt_used: false,
          async: true,
        },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().seedream_task_id;
    },
  },
  {
    name: "generation",
    cost: 45,
    images: 3,
    resumable: true,
    statusPath: (jobId) => `/api/image/status/${jobId}`,
    prepare: async () => photo(400, 400),
    async start(t, user, reference) {
      const form = new FormData();
      form.append("prompt", "a cat");
      form.append("num_images", "3");
      form.append("aspect_ratio", "16x9");
      form.append(
        "character_reference_images",
        new Blob([new Uint8Array(reference as Buffer)], { type: "image/jpeg" }),
        "ref.jpg",
      );
      const response = await t.app.inject({
        method: "POST",
        url: "/api/kling/image-generation",
        headers: { cookie: user.cookie },
        payload: form,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().taskId;
    },
  },
];

for (const tool of TOOLS) {
  describe(`${tool.name} on ComfyUI keeps the job contract`, () => {
    describeToolJob(
      async (): Promise<ToolHarness> => {
        const { t, runner } = await comfyApp();
        const prepared = new Map<number, unknown>();
        return {
          t,
          cost: tool.cost,
          images: tool.images,
          async user(credits) {
            const user = await userWithCredits(t, credits);
            prepared.set(user.id, await tool.prepare(t, user));
            return user;
          },
          start: (user) => tool.start(t, user, prepared.get(user.id)),
          provider(outcome) {
            runner.outcome = outcome;
          },
          submissions: () => runner.submissions,
          statusPath: tool.statusPath,
          close: () => t.close(),
        };
      },
      { resumable: tool.resumable },
    );
  });
}

describe("ComfyUI tools on the job platform", () => {
  const status = async (t: TestApp, cookie: string, path: string) =>
    (await t.app.inject({ url: path, headers: { cookie } })).json();

  for (const tool of TOOLS) {
    it(`${tool.name}: shows ComfyUI's queue place and progress, fails with its code and refunds once, and cancels on ComfyUI`, async () => {
      const { t, runner } = await comfyApp();
      const worker = startWorker(t.services, t.config);
      try {
        const user = await userWithCredits(t, tool.cost * 2);
        const prepared = await tool.prepare(t, user);

        // Waiting behind two prompts on ComfyUI: the status says so, with a time for three runs.
        runner.outcome = "hang";
        runner.progress = { queuePosition: 2 };
        const waiting = await tool.start(t, user, prepared);
        await waitFor(async () => (await t.services.store.jobs.findById(waiting))?.provider_job_id != null);
        await waitFor(
          async () => (await status(t, user.cookie, tool.statusPath(waiting))).queuePosition === 2,
        );
        const queued = await status(t, user.cookie, tool.statusPath(waiting));
        expect(queued).toMatchObject({ status: "in-progress", queuePosition: 2 });
        expect(queued.etaSeconds).toBeGreaterThanOrEqual(1);

        // The owner cancels: refunded once, and ComfyUI is told to stop that prompt.
        const cancel = await t.app.inject({
          method: "POST",
          url: `/api/jobs/${waiting}/cancel`,
          headers: { cookie: user.cookie },
        });
        expect(cancel.statusCode, cancel.body).toBe(200);
        await waitFor(async () => runner.cancelled.length === 1);
        expect(runner.cancelled).toEqual([`prompt-${runner.submissions}`]);
        expect((await t.services.credits.balances(user.id)).total).toBe(tool.cost * 2);

        // Out of GPU memory: the job's code is ComfyUI's, and the credits come back once.
        runner.outcome = "fail";
        runner.failCode = "COMFYUI_OUT_OF_MEMORY";
        runner.progress = { queuePosition: 0, fraction: 0.4 };
        const failing = await tool.start(t, user, prepared);
        expect((await t.services.credits.balances(user.id)).total).toBe(tool.cost);
        const failed = await waitForJob(t.app, user.cookie, failing);
        expect(failed).toMatchObject({ status: "failed", code: "COMFYUI_OUT_OF_MEMORY" });
        const ledger = (await t.services.credits.listLedger(user.id)).filter((row) => row.job_id === failing);
        expect(ledger.filter((row) => row.kind === "refund").map((row) => row.delta)).toEqual([tool.cost]);
        expect((await t.services.credits.balances(user.id)).total).toBe(tool.cost * 2);
        const row = await t.services.store.jobs.findById(failing);
        expect(row?.provider).toBe("comfyui");
      } finally {
        await worker.stop({ abandon: true });
        await t.close();
      }
    }, 30_000);
  }

  it("counts the time left from ComfyUI's progress: the rest at the pace so far", async () => {
    const clock = createFakeClock(new Date());
    const runner = createComfyRunnerDouble();
    const t = await createTestApp({
      // A long stale bound: the clock jumps below, the job must not look abandoned.
      env: { ...COMFY_ENV, JOB_STALE_AFTER_SECONDS: "600" },
      clock,
      drivers: { moderation: allowAll, comfyRunner: runner },
    });
    await signUp(t.app);
    const worker = startWorker(t.services, t.config);
    try {
      const user = await userWithCredits(t, 200);
      const tool = TOOLS[0]!;
      runner.outcome = "hang";
      runner.progress = { queuePosition: 0, fraction: 0.25 };
      const jobId = await tool.start(t, user, await tool.prepare(t, user));
      await waitFor(async () => runner.requests.length === 1);
      // A quarter done after 30 s: 90 s to go.
      clock.advance(30_000);
      const answer = await status(t, user.cookie, tool.statusPath(jobId));
      expect(answer).toMatchObject({ status: "in-progress", queuePosition: 0, etaSeconds: 90 });
      runner.outcome = "ok";
      expect((await waitForJob(t.app, user.cookie, jobId)).status).toBe("completed");
    } finally {
      await worker.stop({ abandon: true });
      await t.close();
    }
  });
});
