/**
 * Metrics and readiness (issue 28): GET /metrics is off (404) without METRICS_TOKEN and asks for
 * the bearer token with it; its Prometheus text counts requests per route with latency, jobs by
 * tool, provider and outcome with durations, failures by code, queue depth and the oldest waiting
 * job per queue class, credits charged and refunded, moderation refusals, and the process's memory
 * and event-loop delay. GET /readyz checks the database, Redis and the file store and says which
 * is down (503 DEPENDENCY_UNAVAILABLE), each within its bound.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { createLocalQueue } from "../src/drivers/queue/local-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { startProcess } from "../src/process.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import {
  userWithCredits as addUser,
  blockAll,
  createJobsTestApp,
  type FakeEngine,
  makeJpeg,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitForJob,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const TOKEN = "metrics-token-0123456789";

/** The value of one sample in Prometheus text, e.g. sample(text, 'x_total{a="b"}'); 0 when absent. */
function sample(text: string, series: string): number {
  for (const line of text.split("\n")) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return 0;
}

describe.each(TEST_DATABASES)("metrics and readiness on $name", (database) => {
  let t: TestApp | undefined;
  let engine: FakeEngine;
  let worker: QueueWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function scrape(app = t!.app) {
    const response = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  }

  it("serves no metrics without METRICS_TOKEN, and asks for the token with it", async () => {
    t = await createTestApp({ database });
    const off = await t.app.inject({ url: "/metrics" });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
    expect(t.services.metrics.registry).toBeNull();
    await t.close();

    t = await createTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const refused = await t.app.inject({
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(refused.json()).toMatchObject({ success: false, code: "AUTH_REQUIRED" });
    }
    const text = await scrape();
    // The process: memory, event-loop delay, CPU.
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it("counts requests per route pattern with their latency, and error answers by code", async () => {
    t = await createTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/jobs/one-job/cancel" });
    await t.app.inject({ method: "POST", url: "/api/jobs/another-job/cancel" });
    const text = await scrape();
    expect(sample(text, 'gyeol_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(3);
    expect(
      sample(
        text,
        'gyeol_http_request_duration_seconds_count{method="GET",route="/healthz",status_class="2xx"}',
      ),
    ).toBe(3);
    // Not one series per URL: the route's pattern.
    expect(text).not.toContain("one-job");
    expect(
      sample(text, 'gyeol_http_requests_total{method="POST",route="/api/jobs/:jobId/cancel",status="401"}'),
    ).toBe(2);
    expect(sample(text, 'gyeol_api_errors_total{code="AUTH_REQUIRED",status="401"}')).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("counts jobs by tool, provider and outcome, the queue, and the credits charged and refunded", async () => {
    ({ t, engine } = await createJobsTestApp(database, { env: { METRICS_TOKEN: TOKEN } }));
    const user = await addUser(t, 1000);
    const upload = await uploadImage(t.app, user.cookie, await makeJpeg());
    expect(upload.statusCode, upload.body).toBe(200);
    const start = async () => {
      const started = await startRetouch(t!.app, user.cookie, upscaleInput(upload.json().imageUrl));
      expect(started.statusCode, started.body).toBe(200);
      return started.json().jobId as string;
    };

    // Two waiting, no worker yet: the engine queue holds them; the charge is counted.
    const first = await start();
    const second = await start();
    let text = await scrape();
    expect(sample(text, 'gyeol_queue_jobs{queue="engine",status="queued"}')).toBe(2);
    expect(sample(text, 'gyeol_queue_jobs{queue="remote",status="queued"}')).toBe(0);
    expect(sample(text, 'gyeol_queue_oldest_waiting_seconds{queue="engine"}')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^gyeol_queue_oldest_waiting_seconds\{queue="engine"\} \d/m);
    expect(sample(text, 'gyeol_credits_total{kind="spend"}')).toBe(160);
    expect(sample(text, 'gyeol_credits_total{kind="refund"}')).toBe(0);

    worker = startWorker(t.services, t.config);
    expect((await waitForJob(t.app, user.cookie, first)).status).toBe("completed");
    expect((await waitForJob(t.app, user.cookie, second)).status).toBe("completed");
    engine.behaviour = "fail";
    const failed = await start();
    expect((await waitForJob(t.app, user.cookie, failed)).status).toBe("failed");

    // In-process counts (the database figures are read again only after 5 s: the next test).
    text = await scrape();
    const labels = 'tool="upscale",provider="builtin"';
    expect(sample(text, `gyeol_jobs_finished_total{${labels},outcome="completed"}`)).toBe(2);
    expect(sample(text, `gyeol_jobs_finished_total{${labels},outcome="failed"}`)).toBe(1);
    expect(sample(text, `gyeol_job_duration_seconds_count{${labels},outcome="completed"}`)).toBe(2);
    expect(sample(text, `gyeol_job_failures_total{${labels},code="ENGINE_FAILED"}`)).toBe(1);
  });

  it("counts the credits a failed job was refunded", async () => {
    ({ t, engine } = await createJobsTestApp(database, { env: { METRICS_TOKEN: TOKEN } }));
    const user = await addUser(t, 1000);
    const upload = await uploadImage(t.app, user.cookie, await makeJpeg());
    engine.behaviour = "fail";
    worker = startWorker(t.services, t.config);
    const started = await startRetouch(t.app, user.cookie, upscaleInput(upload.json().imageUrl));
    expect((await waitForJob(t.app, user.cookie, started.json().jobId)).status).toBe("failed");
    const text = await scrape();
    expect(sample(text, 'gyeol_credits_total{kind="spend"}')).toBe(80);
    expect(sample(text, 'gyeol_credits_total{kind="refund"}')).toBe(80);
    expect(sample(text, 'gyeol_queue_jobs{queue="engine",status="queued"}')).toBe(0);
  });

  it("counts moderation refusals", async () => {
    ({ t } = await createJobsTestApp(database, { env: { METRICS_TOKEN: TOKEN }, moderation: blockAll }));
    const user = await addUser(t, 0);
    const refused = await uploadImage(t.app, user.cookie, await makeJpeg());
    expect(refused.json()).toMatchObject({ code: "NSFW_CONTENT_DETECTED" });
    const text = await scrape();
    expect(sample(text, 'gyeol_moderation_refusals_total{code="NSFW_CONTENT_DETECTED"}')).toBe(1);
  });

  it("is ready when the database and the file store answer (Redis not configured)", async () => {
    t = await createTestApp({ database });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", redis: "not configured", storage: "ok" },
    });
  });

  it("names each dependency that does not answer, 503 within its bound", async () => {
    t = await createTestApp({
      database,
      drivers: { queue: createLocalQueue({ pollMs: 1000 }) },
      env: {
        // Nothing listens on port 9: Redis and the bucket are both refused.
        REDIS_URL: "redis://127.0.0.1:9/0",
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "gyeol-down",
        S3_REGION: "us-east-1",
        S3_ENDPOINT: "http://127.0.0.1:9",
        S3_ACCESS_KEY_ID: "x",
        S3_SECRET_ACCESS_KEY: "y",
        S3_FORCE_PATH_STYLE: "true",
      },
    });
    const started = Date.now();
    const down = await t.app.inject({ url: "/readyz" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      success: false,
      code: "DEPENDENCY_UNAVAILABLE",
      details: {
        down: ["redis", "storage"],
        checks: { database: "ok", redis: "down", storage: "down" },
      },
    });
    // The liveness check stays cheap and up: the process and its database answer.
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);

    // The database not answering is named too.
    const ping = t.services.store.health.ping;
    t.services.store.health.ping = () => Promise.reject(new Error("connection refused"));
    try {
      const noDb = await t.app.inject({ url: "/readyz" });
      expect(noDb.statusCode).toBe(503);
      expect(noDb.json().details.down).toEqual(["database", "redis", "storage"]);
    } finally {
      t.services.store.health.ping = ping;
    }
  });
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("METRICS_PORT", () => {
  it("serves a worker process's metrics on a listener of its own, without a token, and closes it on stop", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gyeol-metrics-"));
    const port = await freePort();
    const config = loadConfig({
      ROLES: "worker",
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, "gyeol.sqlite"),
      METRICS_PORT: String(port),
      LOG_LEVEL: "silent",
    });
    const running = await startProcess({ config, logger: pino({ level: "silent" }) });
    try {
      expect(running.app).toBeUndefined();
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
      expect(text).toContain("# TYPE gyeol_jobs_finished_total counter");
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
