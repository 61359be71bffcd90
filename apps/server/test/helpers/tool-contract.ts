/**
 * The contract every job tool keeps (ARCHITECTURE "Jobs are durable", "Credits are a ledger";
 * spec 02 §7): charged once when accepted; refunded once when the provider fails; resumed, not
 * submitted again, after a worker crash; another user's job is 404; status in the spec's shape
 * while queued, running, completed and failed. A tool joins by giving a harness: how to start its
 * job and how to steer its provider's fake.
 */
import { expect, it } from "vitest";
import type { QueueWorker } from "../../src/drivers/queue/job-queue.ts";
import { startWorker } from "../../src/modules/jobs/worker.ts";
import { waitFor, waitForJob } from "./retouch.ts";
import type { TestApp } from "./test-app.ts";

export type TProviderOutcome = "ok" | "fail" | "hang";

export interface ToolUser {
  cookie: string;
  id: number;
}

export interface ToolHarness {
  t: TestApp;
  /** Credits one job of the harness costs. */
  cost: number;
  /** Result images a completed job has. */
  images: number;
  /** A user holding `credits`, with whatever upload the tool needs. */
  user(credits: number): Promise<ToolUser>;
  /** Starts one job as the tool's page would; its id. */
  start(user: ToolUser): Promise<string>;
  /** How the provider's next answers go. */
  provider(outcome: TProviderOutcome): void;
  /** Submissions the provider received so far. */
  submissions(): number;
  /** The status route's path for a job (GET /api/image/status/{id}, with ?source= for face edit). */
  statusPath(jobId: string): string;
  close(): Promise<void>;
}

export interface ToolContractOptions {
  /**
   * false for a synchronous provider (Seedream, the OpenAI Images API: one HTTP request that
   * answers when the images are done, with no task to ask about later) and for a built-in engine
   * (the work is on this machine, there is no provider task at all): after a worker crash the
   * request is sent again — once — and the job is still charged once.
   */
  resumable?: boolean;
}

/** Registers the contract's tests; `setUp` makes a fresh harness per test. */
export function describeToolJob(setUp: () => Promise<ToolHarness>, options: ToolContractOptions = {}) {
  const resumable = options.resumable ?? true;
  let worker: QueueWorker | undefined;

  async function withHarness(run: (h: ToolHarness) => Promise<void>) {
    const h = await setUp();
    try {
      await run(h);
    } finally {
      await worker?.stop({ abandon: true });
      worker = undefined;
      await h.close();
    }
  }

  const startWorking = (h: ToolHarness) => {
    worker = startWorker(h.t.services, h.t.config);
  };
  const balanceOf = async (h: ToolHarness, userId: number) =>
    (await h.t.services.credits.balances(userId)).total;
  const ledgerOf = (h: ToolHarness, userId: number, jobId: string) =>
    h.t.services.credits.listLedger(userId).then((rows) => rows.filter((row) => row.job_id === jobId));
  const status = async (h: ToolHarness, user: ToolUser, jobId: string) => {
    const response = await h.t.app.inject({ url: h.statusPath(jobId), headers: { cookie: user.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const rowOf = (h: ToolHarness, jobId: string) => h.t.services.store.jobs.findById(jobId);

  it("charges once when the job is accepted", async () => {
    await withHarness(async (h) => {
      const user = await h.user(h.cost * 2);
      const jobId = await h.start(user);
      expect(await balanceOf(h, user.id)).toBe(h.cost);
      const spends = (await ledgerOf(h, user.id, jobId)).filter((row) => row.kind === "spend");
      expect(spends.reduce((sum, row) => sum + row.delta, 0)).toBe(-h.cost);
      startWorking(h);
      expect((await waitForJob(h.t.app, user.cookie, jobId)).status).toBe("completed");
      expect(await balanceOf(h, user.id)).toBe(h.cost);
      expect((await ledgerOf(h, user.id, jobId)).filter((row) => row.kind === "refund")).toEqual([]);
    });
  });

  it("refunds once, and only once, when the provider fails", async () => {
    await withHarness(async (h) => {
      h.provider("fail");
      const user = await h.user(h.cost);
      const jobId = await h.start(user);
      startWorking(h);
      const done = await waitForJob(h.t.app, user.cookie, jobId);
      expect(done).toMatchObject({ status: "failed", imageUrl: null });
      expect(done.code).toMatch(/^[A-Z_]+$/);
      expect(await balanceOf(h, user.id)).toBe(h.cost);
      // A second failure report of the same job gives nothing back again.
      await h.t.services.jobs.fail((await rowOf(h, jobId))!, "ENGINE_FAILED", "again", [
        "processing",
        "failed",
      ]);
      const refunds = (await ledgerOf(h, user.id, jobId)).filter((row) => row.kind === "refund");
      expect(refunds.reduce((sum, row) => sum + row.delta, 0)).toBe(h.cost);
      expect(await balanceOf(h, user.id)).toBe(h.cost);
    });
  });

  const crashTitle = resumable
    ? "resumes the provider's task after a worker crash instead of submitting it again"
    : "runs a job with no provider task once more after a worker crash (a synchronous provider's request, a built-in engine's run), and charges once";
  it(crashTitle, async () => {
    await withHarness(async (h) => {
      h.provider("hang");
      const user = await h.user(h.cost);
      const jobId = await h.start(user);
      startWorking(h);
      // A resumable job is worth resuming once the provider named its task; a non-resumable one
      // (no task id ever) once it is processing and the provider has the request in hand.
      await waitFor(async () => {
        const row = await rowOf(h, jobId);
        return resumable
          ? Boolean(row?.provider_job_id)
          : row?.status === "processing" && h.submissions() > 0;
      });
      const submitted = h.submissions();
      await worker!.stop({ abandon: true }); // the crash: the row stays processing
      worker = undefined;
      h.provider("ok");
      await waitFor(async () => {
        const row = await rowOf(h, jobId);
        return Date.parse(row!.heartbeat_at!) < Date.now() - 1000 * h.t.config.jobs.staleAfterSeconds;
      });
      startWorking(h);
      expect((await waitForJob(h.t.app, user.cookie, jobId, 20_000)).status).toBe("completed");
      expect(h.submissions()).toBe(resumable ? submitted : submitted + 1);
      expect((await rowOf(h, jobId))?.attempts).toBe(2);
      expect(await balanceOf(h, user.id)).toBe(0);
    });
  }, 30_000);

  it("answers another user's job with 404, on every job route", async () => {
    await withHarness(async (h) => {
      const owner = await h.user(h.cost);
      const other = await h.user(0);
      const jobId = await h.start(owner);
      for (const request of [
        { method: "GET" as const, url: h.statusPath(jobId) },
        { method: "GET" as const, url: `/api/image/status/${jobId}/events` },
        { method: "POST" as const, url: `/api/jobs/${jobId}/cancel` },
      ]) {
        const response = await h.t.app.inject({ ...request, headers: { cookie: other.cookie } });
        expect(response.statusCode, request.url).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
      }
      expect((await rowOf(h, jobId))?.status).toBe("queued");
    });
  });

  it("answers status in the spec's shape while queued, running, completed and failed", async () => {
    await withHarness(async (h) => {
      h.provider("hang");
      const user = await h.user(h.cost * 2);
      const first = await h.start(user);
      const queued = await status(h, user, first);
      expect(queued).toMatchObject({
        success: true,
        status: "in-progress",
        imageUrl: null,
        queuePosition: 1,
      });
      expect(queued.originalImageUrl).toEqual(expect.any(String));
      expect(queued.images).toBeUndefined();

      startWorking(h);
      await waitFor(async () => (await rowOf(h, first))?.status === "processing");
      expect(await status(h, user, first)).toMatchObject({
        status: "in-progress",
        imageUrl: null,
        queuePosition: 0,
        error: null,
        code: null,
      });

      h.provider("ok");
      await waitFor(async () => (await rowOf(h, first))?.status === "completed", 20_000);
      const completed = await status(h, user, first);
      expect(completed).toMatchObject({
        status: "completed",
        queuePosition: null,
        etaSeconds: null,
        code: null,
      });
      expect(completed.images).toHaveLength(h.images);
      expect(completed.imageUrl).toBe(completed.images[0]);
      const image = await h.t.app.inject({ url: completed.imageUrl });
      expect(image.statusCode).toBe(200);

      h.provider("fail");
      const second = await h.start(user);
      await waitFor(async () => (await rowOf(h, second))?.status === "failed", 20_000);
      const failed = await status(h, user, second);
      expect(failed).toMatchObject({ status: "failed", imageUrl: null, queuePosition: null });
      expect(failed.error).toEqual(expect.any(String));
      expect(failed.code).toMatch(/^[A-Z_]+$/);
    });
  }, 30_000);
}
