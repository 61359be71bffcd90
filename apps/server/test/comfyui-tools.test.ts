import { describe, expect, it } from "vitest";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { createComfyRunnerDouble } from "./helpers/comfy-runner-double.ts";
import { ALL_ON_COMFYUI, COMFY_TOOLS } from "./helpers/comfy-tools.ts";
import { createFakeClock } from "./helpers/fake-clock.ts";
import { allowAll, signUp, userWithCredits, waitFor, waitForJob } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const COMFY_ENV = {
  QUEUE_POLL_MS: "20",
  JOB_STALE_AFTER_SECONDS: "1",
  ...ALL_ON_COMFYUI,
  // Never reached: the runner double stands in for the connection.
  COMFYUI_URL: "http://127.0.0.1:9",
};

async function comfyApp() {
  const runner = createComfyRunnerDouble();
  const t = await createTestApp({ env: COMFY_ENV, drivers: { moderation: allowAll, comfyRunner: runner } });
  await signUp(t.app); // the administrator, so the tests' users are ordinary ones
  return { t, runner };
}

describe("ComfyUI tools on the job platform", () => {
  const status = async (t: TestApp, cookie: string, path: string) =>
    (await t.app.inject({ url: path, headers: { cookie } })).json();

  for (const tool of COMFY_TOOLS) {
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
      const tool = COMFY_TOOLS[0]!;
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
