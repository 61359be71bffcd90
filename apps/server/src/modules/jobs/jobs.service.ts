/**
 * Runs durable jobs (ARCHITECTURE "Jobs are durable"): the consumer side of the queue port.
 * A job is charged in the transaction that creates it (the tool's service) and, if it fails,
 * refunded in the same transaction that marks it failed — once, by the ledger's idempotency key
 * `refund:job:<id>` — whether it failed in the engine or was left by crashed workers too often.
 */
import type { JobRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type {
  QueueConsumer,
  TClaimResult,
  TQueueClass,
  TQueueMessage,
} from "../../drivers/queue/job-queue.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { failureCodesOf } from "../../lib/job-failure.ts";
import type { CreditsService } from "../credits/credits.service.ts";
import type { Metrics } from "../metrics/metrics.ts";
import {
  type DurationModel,
  estimateQueuedSeconds,
  estimateRemainingSeconds,
  estimateSeconds,
  fitDurationModel,
} from "./eta.ts";
import type { AnyJobDefinition, JobDefinition, TProviderProgress } from "./job-definition.ts";
import type { TToolFilter } from "./jobs.repository.ts";

export interface JobsSettings {
  userConcurrency: number;
  maxAttempts: number;
  staleAfterSeconds: number;
  /** Worker slots per queue class (what the ETA of a queued job divides its queue by). */
  concurrency: Readonly<Record<TQueueClass, number>>;
}

export interface JobsServiceDeps {
  store: Store;
  credits: Pick<CreditsService, "refundIn">;
  clock: Clock;
  settings: JobsSettings;
  definitions: readonly AnyJobDefinition[];
  log?: (level: "info" | "warn" | "error", message: string, details?: object) => void;
  /** Counts each job that ends here by tool, provider and outcome, with its run time. */
  metrics?: Pick<Metrics, "jobFinished">;
}

/** The ledger key a job is charged with (credits.spendIn) and refunded by. */
export const jobSpendKey = (jobId: string) => `job:${jobId}`;
/** The ledger key of the refund for images a completed job did not make (once per job). */
export const missingImagesRefundKey = (jobId: string) => `refund-missing:job:${jobId}`;

/** A message the job's owner may read; engine internals stay in the log. */
const FAILURE_MESSAGE = "Processing failed. Your credits were refunded.";
const CANCELLED_MESSAGE = "You cancelled this job. Its credits were refunded.";
/**
 * More runs a resumable job (a provider task that is already made) may start after crashes than
 * JOB_MAX_ATTEMPTS allows: each only polls the provider, and its deadline ends it anyway.
 */
export const RESUMABLE_EXTRA_ATTEMPTS = 8;
/** Queued rows older than this are sent to the queue again (a message lost in a crash). */
const RESEND_QUEUED_AFTER_MS = 10_000;
/** How many finished jobs the ETA's model learns from, and how long a model is kept. */
const ETA_WINDOW = 20;
const ETA_CACHE_MS = 5000;
/** Queued and running jobs the ETA adds up, at most (a longer queue is "many minutes" anyway). */
const ETA_QUEUE_LOOKAHEAD = 200;

export type JobsService = ReturnType<typeof createJobsService>;

export function createJobsService({
  store,
  credits,
  clock,
  settings,
  definitions,
  log,
  metrics,
}: JobsServiceDeps) {
  const byTool = new Map(definitions.map((d) => [d.tool, d as unknown as JobDefinition<unknown, object>]));
  const remoteTools = definitions.filter((d) => d.queue === "remote").map((d) => d.tool);
  /** A tool's class; rows of a tool this process does not know go to `engine`, where they fail. */
  const queueOf = (tool: string): TQueueClass => byTool.get(tool)?.queue ?? "engine";
  const toolsOf = (queue: TQueueClass): TToolFilter =>
    queue === "remote" ? { in: remoteTools } : { notIn: remoteTools };
  const heartbeatMs = Math.max(50, Math.floor((settings.staleAfterSeconds * 1000) / 4));
  const models = new Map<string, { model: DurationModel; at: number }>();
  /** Jobs this process is running, so a cancel can stop their engine at once. */
  const running = new Map<string, AbortController>();
  /**
   * What the provider last said about each job running here (ComfyUI's queue place and progress,
   * issue 25): the status answer's place and ETA follow it. Kept in this process, like the live
   * events: a status read in another process falls back to the learnt estimate.
   */
  const providerProgress = new Map<string, TProviderProgress & { runningSince: number | null }>();
  function reportProgress(jobId: string, progress: TProviderProgress) {
    const before = providerProgress.get(jobId);
    const place =
      typeof progress.queuePosition === "number" && Number.isFinite(progress.queuePosition)
        ? Math.max(0, Math.round(progress.queuePosition))
        : before?.queuePosition;
    const fraction =
      typeof progress.fraction === "number" && Number.isFinite(progress.fraction)
        ? Math.min(1, Math.max(0, progress.fraction))
        : before?.fraction;
    const isRunning = place === 0 || (fraction ?? 0) > 0;
    providerProgress.set(jobId, {
      ...(place !== undefined ? { queuePosition: place } : {}),
      ...(fraction !== undefined ? { fraction } : {}),
      runningSince: before?.runningSince ?? (isRunning ? clock.now().getTime() : null),
    });
    // A new place in the provider's queue is a change the live events push (the ETA alone is not).
    if (place !== before?.queuePosition) changed(jobId);
  }
  /** Who waits for a job's next change in this process (live job events). */
  const waiters = new Map<string, Set<() => void>>();
  const changed = (jobId: string) => {
    const set = waiters.get(jobId);
    if (!set) return;
    waiters.delete(jobId);
    for (const wake of set) wake();
  };
  const now = () => clock.now().toISOString();

  /**
   * Fails and refunds a job. `providerCode`, the outside provider's own code for the failure
   * (a vendor's `InvalidParameter.OversizeImage` beside our EDIT_OVERSIZE_IMAGE), is kept in the
   * failed row's output (`{"providerCode": …}`; a failed job has no other output) for the status
   * answers that show it (GET /api/seedream/status, spec 02 §7–§8).
   */
  async function fail(
    job: JobRow,
    code: string,
    message: string,
    from: JobRow["status"][] = ["processing"],
    providerCode: string | null = null,
  ) {
    const definition = byTool.get(job.tool);
    const hasFailed = await store.transaction(async (tx) => {
      const at = now();
      const fields = {
        error_code: code,
        error_message: message,
        ...(providerCode ? { output: JSON.stringify({ providerCode }) } : {}),
      };
      if (!(await tx.jobs.finish(job.id, "failed", fields, at, from))) return false;
      await tx.images.failImage(job.id, at);
      await definition?.onFailed?.(tx, job, at);
      if (job.cost > 0) {
        await credits.refundIn(tx, job.user_id, {
          spendKey: jobSpendKey(job.id),
          reason: `refund: ${job.tool} job failed (${code})`,
          jobId: job.id,
        });
      }
      return true;
    });
    changed(job.id);
    if (!hasFailed) return;
    metrics?.jobFinished(job, code === "JOB_CANCELLED" ? "cancelled" : "failed", code);
    log?.("warn", "job failed", { jobId: job.id, code, message });
  }

  /** The definition's onCancelled for a cancelled job whose provider task is known (best effort). */
  async function cancelProvider(job: JobRow): Promise<void> {
    const definition = byTool.get(job.tool);
    if (!job.provider_job_id || !definition?.onCancelled) return;
    await definition
      .onCancelled(job)
      .catch((error) =>
        log?.("warn", "could not cancel the provider's task", { jobId: job.id, error: String(error) }),
      );
  }

  async function run(jobId: string, signal: AbortSignal): Promise<void> {
    const job = await store.jobs.findById(jobId);
    // Stopped while the row was read: leave it for recovery without starting the engine.
    if (job?.status !== "processing" || signal.aborted) return;
    const definition = byTool.get(job.tool);
    if (!definition) return fail(job, "UNKNOWN_TOOL", `no handler for ${job.tool}`);
    const parsed = definition.schema.safeParse(JSON.parse(job.input));
    if (!parsed.success) return fail(job, "INVALID_INPUT", parsed.error.message);

    // Stopped by the worker (shutdown) or because the row stopped running (a cancel, here or in
    // another process: the heartbeat finds it). Either way the row is not this run's to finish.
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    running.set(jobId, stop);
    const beat = setInterval(() => {
      store.jobs
        .heartbeat(jobId, now())
        .then((isRunning) => {
          if (!isRunning) stop.abort(new Error("the job is no longer running"));
        })
        .catch(() => {});
    }, heartbeatMs);
    try {
      const output = await definition.handle({
        job,
        payload: parsed.data,
        signal: stop.signal,
        setProviderJobId: async (id) => {
          await store.jobs.setProviderJobId(jobId, id);
          // Cancelled while it was being submitted: the cancel could not name the provider's task.
          const now = await store.jobs.findById(jobId);
          if (now?.status === "failed" && now.error_code === "JOB_CANCELLED") await cancelProvider(now);
        },
        reportProgress: (progress) => {
          if (!stop.signal.aborted) reportProgress(jobId, progress);
        },
      });
      if (stop.signal.aborted) return;
      const hasCompleted = await store.transaction(async (tx) => {
        const at = now();
        if (!(await tx.jobs.finish(jobId, "completed", { output: JSON.stringify(output) }, at))) return false;
        // The history row, for every tool: 1–4 images and the provider's task id (read again: the
        // handler recorded it after `job` was read).
        const result = definition.resultOf(output);
        await tx.images.completeImage(
          jobId,
          {
            imageKeys: result.imageKeys,
            thumbnailKey: result.thumbnailKey,
            providerTaskId: (await tx.jobs.findById(jobId))?.provider_job_id ?? null,
          },
          at,
        );
        // Charged per image and fewer came back: the missing ones are given back (pricePerImage).
        const missing = Math.max(0, (result.requested ?? 0) - result.imageKeys.length);
        if (definition.pricePerImage && missing > 0 && job.cost > 0) {
          await credits.refundIn(tx, job.user_id, {
            spendKey: jobSpendKey(job.id),
            idempotencyKey: missingImagesRefundKey(job.id),
            amount: Math.min(missing * definition.pricePerImage, job.cost),
            reason: `refund: ${missing} image(s) not delivered`,
            jobId: job.id,
          });
        }
        await definition.onCompleted?.(tx, job, output, at);
        return true;
      });
      changed(jobId);
      // `job` was read after the claim, so its started_at is this run's start.
      if (hasCompleted) metrics?.jobFinished(job, "completed");
    } catch (error) {
      // Stopped mid-job (shutdown or a simulated crash: the row is left for recovery; a cancel:
      // the row is already failed and refunded).
      if (stop.signal.aborted) return;
      // Our code and the vendor's (lib/job-failure.ts); anything without a code is ENGINE_FAILED.
      const { code, providerCode } = failureCodesOf(error);
      log?.("error", "job handler threw", { jobId, error: String(error) });
      await fail(job, code ?? "ENGINE_FAILED", FAILURE_MESSAGE, ["processing"], providerCode).catch((e) =>
        log?.("error", "could not mark the job failed", { jobId, error: String(e) }),
      );
    } finally {
      clearInterval(beat);
      signal.removeEventListener("abort", onAbort);
      running.delete(jobId);
      providerProgress.delete(jobId);
    }
  }

  const consumer: QueueConsumer = {
    async claimNext(limit, queue) {
      const claimed: string[] = [];
      const perUser = new Map<number, number>();
      for (const job of await store.jobs.listClaimable(limit * 4, settings.userConcurrency, toolsOf(queue))) {
        if (claimed.length >= limit) break;
        const running = perUser.get(job.user_id) ?? (await store.jobs.countRunningForUser(job.user_id));
        if (running >= settings.userConcurrency) continue;
        if (await store.jobs.claim(job.id, now())) {
          changed(job.id);
          claimed.push(job.id);
          perUser.set(job.user_id, running + 1);
        }
      }
      return claimed;
    },

    async claim(jobId): Promise<TClaimResult> {
      const job = await store.jobs.findById(jobId);
      if (job?.status !== "queued") return "gone";
      if ((await store.jobs.countRunningForUser(job.user_id)) >= settings.userConcurrency) return "busy";
      if (!(await store.jobs.claim(jobId, now()))) return "gone";
      changed(jobId);
      return "claimed";
    },

    run,

    async recover() {
      const current = clock.now().getTime();
      const staleBefore = new Date(current - settings.staleAfterSeconds * 1000).toISOString();
      const resend: TQueueMessage[] = [];
      for (const job of await store.jobs.listStale(staleBefore)) {
        const resumable = byTool.get(job.tool)?.resumable?.(job) ?? false;
        const maxAttempts = settings.maxAttempts + (resumable ? RESUMABLE_EXTRA_ATTEMPTS : 0);
        if (job.attempts < maxAttempts) {
          if (await store.jobs.requeue(job.id)) {
            resend.push({ jobId: job.id, attempt: job.attempts, queue: queueOf(job.tool) });
            log?.("warn", "job re-queued after its worker stopped", {
              jobId: job.id,
              attempts: job.attempts,
            });
          }
        } else {
          await fail(job, "JOB_ABANDONED", FAILURE_MESSAGE);
        }
      }
      const lostBefore = new Date(current - RESEND_QUEUED_AFTER_MS).toISOString();
      for (const { id, attempts, tool } of await store.jobs.listQueuedIds(lostBefore))
        resend.push({ jobId: id, attempt: attempts, queue: queueOf(tool) });
      return resend;
    },
  };

  /** A job's work (its definition's unit), from the JSON input as stored. */
  function workOf(tool: string, input: string): number {
    const definition = byTool.get(tool);
    if (!definition?.workOf) return 1;
    const parsed = definition.schema.safeParse(JSON.parse(input));
    return parsed.success ? definition.workOf(parsed.data) : 1;
  }

  async function modelFor(tool: string): Promise<DurationModel> {
    const cached = models.get(tool);
    const at = Date.now();
    if (cached && at - cached.at < ETA_CACHE_MS) return cached.model;
    const samples = (await store.jobs.listRecentDurations(tool, ETA_WINDOW)).flatMap((row) => {
      const ms =
        row.started_at && row.finished_at ? Date.parse(row.finished_at) - Date.parse(row.started_at) : NaN;
      return Number.isFinite(ms) && ms >= 0 ? [{ work: workOf(tool, row.input), seconds: ms / 1000 }] : [];
    });
    const model = fitDurationModel(samples);
    models.set(tool, { model, at });
    return model;
  }

  async function estimateOf(tool: string, input: string): Promise<number> {
    return estimateSeconds(await modelFor(tool), workOf(tool, input));
  }

  return {
    consumer,
    fail,

    /**
     * Shutdown after the grace (issue 28): stops every job running in this process and puts its
     * row back in the queue at once, so another worker takes it now rather than after the stale
     * sweep. Nothing is charged or refunded: the job simply runs again. The messages to send.
     */
    async handBack(waitMs = 5000): Promise<TQueueMessage[]> {
      const ids = [...running.keys()];
      for (const id of ids) running.get(id)?.abort(new Error("the worker is shutting down: job handed back"));
      const until = Date.now() + waitMs;
      while (ids.some((id) => running.has(id)) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const messages: TQueueMessage[] = [];
      for (const id of ids) {
        if (running.has(id)) continue; // still unwinding: the stale sweep recovers it
        const job = await store.jobs.findById(id);
        if (job && (await store.jobs.requeue(id))) {
          changed(id);
          messages.push({ jobId: id, attempt: job.attempts, queue: queueOf(job.tool) });
          log?.("warn", "job handed back at shutdown", { jobId: id });
        }
      }
      return messages;
    },
    /** The queue class a tool's jobs are sent to (the intake enqueues with it). */
    queueOf,

    /**
     * Resolves when the job changes in this process (claimed, completed, failed, cancelled) or
     * after `ms`, whichever comes first: a change made by a worker in another process is seen by
     * the caller's next read.
     */
    waitForChange(jobId: string, ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const set = waiters.get(jobId) ?? new Set<() => void>();
        waiters.set(jobId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && waiters.get(jobId) === set) waiters.delete(jobId);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
        signal?.addEventListener("abort", done, { once: true });
      });
    },

    /**
     * The owner stops a queued or running job (issue 12): it is failed with JOB_CANCELLED and
     * refunded in one transaction (once: the refund's idempotency key), and a run in this process
     * is aborted at once (in another, at its next heartbeat). Another user's job is "not found".
     */
    async cancel(userId: number, jobId: string): Promise<{ status: "failed"; code: "JOB_CANCELLED" }> {
      const job = await store.jobs.findById(jobId);
      if (!job || job.user_id !== userId) throw new AppError(404, "NOT_FOUND", "Job not found.");
      if (job.status === "queued" || job.status === "processing")
        await fail(job, "JOB_CANCELLED", CANCELLED_MESSAGE, ["queued", "processing"]);
      const after = await store.jobs.findById(jobId);
      if (after?.status !== "failed" || after.error_code !== "JOB_CANCELLED") {
        throw new AppError(409, "JOB_ALREADY_FINISHED", "This job has already finished.");
      }
      running.get(jobId)?.abort(new Error("cancelled by its owner"));
      // A cancel that found the job waiting or running asks its provider to stop it too.
      if (job.status === "queued" || job.status === "processing") await cancelProvider(after);
      return { status: "failed", code: "JOB_CANCELLED" };
    },

    /**
     * 1-based place among queued jobs (0 while running, null when done) and the seconds left,
     * from the learnt duration of this job's size and of every job in front of it (eta.ts). A
     * running job past its estimate gets null, never a time that has already gone by.
     */
    async progressOf(job: JobRow): Promise<{ queuePosition: number | null; etaSeconds: number | null }> {
      if (job.status === "completed" || job.status === "failed")
        return { queuePosition: null, etaSeconds: null };
      const own = await estimateOf(job.tool, job.input);
      const nowMs = clock.now().getTime();
      const elapsedOf = (startedAt: string | null) =>
        startedAt ? (nowMs - Date.parse(startedAt)) / 1000 : 0;
      if (job.status === "processing") {
        const provider = providerProgress.get(job.id);
        // Waiting in the provider's own queue (ComfyUI): its place there, and a run of this
        // job's learnt length for each prompt ahead of it plus its own.
        if (provider?.queuePosition)
          return {
            queuePosition: provider.queuePosition,
            etaSeconds: Math.max(1, Math.round(own * (provider.queuePosition + 1))),
          };
        // Running there with a known fraction done: the rest at the pace so far.
        if (provider?.fraction && provider.fraction >= 0.05 && provider.runningSince !== null) {
          const ranFor = (nowMs - provider.runningSince) / 1000;
          const rest = (ranFor * (1 - provider.fraction)) / provider.fraction;
          return { queuePosition: 0, etaSeconds: rest >= 1 ? Math.round(rest) : null };
        }
        const remaining = estimateRemainingSeconds(own, elapsedOf(job.started_at));
        return { queuePosition: 0, etaSeconds: remaining === null ? null : Math.round(remaining) };
      }
      // Only the jobs of its own class are in front of a job: the other class has its own slots.
      const queue = queueOf(job.tool);
      const tools = toolsOf(queue);
      const [position, ahead, running] = await Promise.all([
        store.jobs.countQueuedAhead(job.created_at, job.id, tools),
        store.jobs.listQueuedAhead(job.created_at, job.id, ETA_QUEUE_LOOKAHEAD, tools),
        store.jobs.listRunning(ETA_QUEUE_LOOKAHEAD, tools),
      ]);
      const aheadSeconds = await Promise.all(ahead.map((row) => estimateOf(row.tool, row.input)));
      const runningRemainingSeconds = await Promise.all(
        running.map(async (row) => (await estimateOf(row.tool, row.input)) - elapsedOf(row.started_at)),
      );
      const seconds = estimateQueuedSeconds({
        ownSeconds: own,
        aheadSeconds,
        runningRemainingSeconds,
        workerConcurrency: settings.concurrency[queue],
      });
      return { queuePosition: position + 1, etaSeconds: Math.max(1, Math.round(seconds)) };
    },
  };
}
