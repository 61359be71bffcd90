/**
 * Prometheus metrics (issue 28), one registry per process (per service graph). Counted where
 * things happen in this process: HTTP requests per route, jobs finished by tool, provider and
 * outcome with their durations, failures by code (a vendor's errors arrive as its codes), error
 * answers by code (moderation refusals among them), rate limits counted locally while Redis was
 * away. Read from the database at scrape time, the same in every process (use max() across
 * instances): jobs waiting and running per queue class with the oldest waiting job's age, and
 * the credits moved by each kind of ledger line. Plus prom-client's process metrics (memory,
 * CPU, event-loop delay, GC).
 *
 * Off (no registry, no timers, every call a no-op) unless METRICS_TOKEN or METRICS_PORT is set.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Store } from "../../db/store.ts";
import type { TQueueClass } from "../../drivers/queue/job-queue.ts";
import type { Clock } from "../../lib/clock.ts";

/** Error codes that are a moderation refusal (an upload's classifier, a prompt's banned word). */
export const MODERATION_CODES: ReadonlySet<string> = new Set([
  "NSFW_CONTENT_DETECTED",
  "NSFW_PROMPT_BLOCKED",
]);
/** Database figures are read at most this often, however often Prometheus scrapes. */
const DATABASE_READ_EVERY_MS = 5000;

export type TJobOutcome = "completed" | "failed" | "cancelled";

export interface Metrics {
  /** The registry /metrics serializes; null while metrics are off. */
  readonly registry: Registry | null;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** A job that reached its end in this process; `startedAt` gives its run time when it ran. */
  jobFinished(
    job: { tool: string; provider: string; started_at: string | null },
    outcome: TJobOutcome,
    code?: string,
  ): void;
  /** An error answer (4xx/5xx with a code) the API sent. */
  apiError(code: string, status: number): void;
  /** A rate-limit check counted in this process because Redis did not answer. */
  rateLimitFallback(): void;
}

const noop = () => {};
export const metricsOff: Metrics = {
  registry: null,
  httpRequest: noop,
  jobFinished: noop,
  apiError: noop,
  rateLimitFallback: noop,
};

export function createMetrics({
  enabled,
  store,
  clock,
  queueOf,
}: {
  enabled: boolean;
  store: Store;
  clock: Clock;
  /** A tool's queue class (jobs.service queueOf). */
  queueOf: (tool: string) => TQueueClass;
}): Metrics {
  if (!enabled) return metricsOff;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const httpRequests = new Counter({
    name: "gyeol_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "gyeol_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const jobsFinished = new Counter({
    name: "gyeol_jobs_finished_total",
    help: "Jobs that reached their end in this process, by tool, provider and outcome.",
    labelNames: ["tool", "provider", "outcome"] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: "gyeol_job_duration_seconds",
    help: "Run time of finished jobs (claim to end), by tool, provider and outcome.",
    labelNames: ["tool", "provider", "outcome"] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  const jobFailures = new Counter({
    name: "gyeol_job_failures_total",
    help: "Failed jobs by tool, provider and error code (a vendor's errors are its mapped codes); each was refunded.",
    labelNames: ["tool", "provider", "code"] as const,
    registers,
  });
  const apiErrors = new Counter({
    name: "gyeol_api_errors_total",
    help: "Error answers of the API by code and status (LLM_* codes are the language model vendor's errors).",
    labelNames: ["code", "status"] as const,
    registers,
  });
  const moderationRefusals = new Counter({
    name: "gyeol_moderation_refusals_total",
    help: "Uploads and prompts refused by moderation, by code.",
    labelNames: ["code"] as const,
    registers,
  });
  const rateLimitFallbacks = new Counter({
    name: "gyeol_rate_limit_local_fallback_total",
    help: "Rate-limit checks counted in this process because Redis did not answer.",
    registers,
  });

  // Database figures: read once per DATABASE_READ_EVERY_MS for all of them together.
  let snapshot: Promise<{
    open: Awaited<ReturnType<Store["metrics"]["openJobsByTool"]>>;
    ledger: Awaited<ReturnType<Store["metrics"]["ledgerTotals"]>>;
  } | null> | null = null;
  let snapshotAt = 0;
  function readDatabase() {
    const now = Date.now();
    if (!snapshot || now - snapshotAt >= DATABASE_READ_EVERY_MS) {
      snapshotAt = now;
      snapshot = Promise.all([store.metrics.openJobsByTool(), store.metrics.ledgerTotals()]).then(
        ([open, ledger]) => ({ open, ledger }),
        // The database not answering leaves these out of this scrape (/readyz says why).
        () => null,
      );
    }
    return snapshot;
  }

  new Gauge({
    name: "gyeol_queue_jobs",
    help: "Jobs waiting (queued) and running (processing) per queue class, from the database.",
    labelNames: ["queue", "status"] as const,
    registers,
    async collect() {
      const data = await readDatabase();
      this.reset();
      if (!data) return;
      for (const queue of ["engine", "remote"] as const)
        for (const status of ["queued", "processing"] as const) this.set({ queue, status }, 0);
      for (const row of data.open) this.inc({ queue: queueOf(row.tool), status: row.status }, row.count);
    },
  });
  new Gauge({
    name: "gyeol_queue_oldest_waiting_seconds",
    help: "Age of the oldest queued job per queue class (0 when none waits), from the database.",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      const data = await readDatabase();
      this.reset();
      if (!data) return;
      const oldest: Record<TQueueClass, number> = { engine: 0, remote: 0 };
      const now = clock.now().getTime();
      for (const row of data.open) {
        if (row.status !== "queued" || !row.oldest) continue;
        const queue = queueOf(row.tool);
        oldest[queue] = Math.max(oldest[queue], Math.max(0, (now - Date.parse(row.oldest)) / 1000));
      }
      for (const queue of ["engine", "remote"] as const) this.set({ queue }, oldest[queue]);
    },
  });
  new Counter({
    name: "gyeol_credits_total",
    help: "Credits moved by kind of ledger line since the start (spend = charged, refund = refunded), from the database.",
    labelNames: ["kind"] as const,
    registers,
    async collect() {
      const data = await readDatabase();
      this.reset();
      if (!data) return;
      for (const kind of ["spend", "refund"] as const) this.inc({ kind }, 0);
      for (const row of data.ledger) if (row.total > 0) this.inc({ kind: row.kind }, row.total);
    },
  });

  return {
    registry,
    httpRequest(method, route, status, seconds) {
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    jobFinished(job, outcome, code) {
      const labels = { tool: job.tool, provider: job.provider, outcome };
      jobsFinished.inc(labels);
      if (job.started_at) {
        const seconds = (clock.now().getTime() - Date.parse(job.started_at)) / 1000;
        if (Number.isFinite(seconds) && seconds >= 0) jobDuration.observe(labels, seconds);
      }
      if (outcome === "failed" && code) jobFailures.inc({ tool: job.tool, provider: job.provider, code });
    },
    apiError(code, status) {
      apiErrors.inc({ code, status: String(status) });
      if (MODERATION_CODES.has(code)) moderationRefusals.inc({ code });
    },
    rateLimitFallback() {
      rateLimitFallbacks.inc();
    },
  };
}
