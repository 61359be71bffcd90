/**
 * Issue 28 item 5: a rolling restart of API and worker processes under load loses no request that
 * was accepted and no job. Two API processes and a worker (real processes: helpers/api-child.ts in
 * its CHILD_MODE=process, which is main.ts's process with a fake engine that takes 300 ms) take a
 * steady stream of reads, uploads and retouch jobs while each process is replaced in turn: start
 * the new one, wait for its /readyz (a worker: its `ready` line), take the old one out of the
 * balancer's rotation, SIGTERM it. The test's client is the balancer: each request goes to a ready
 * API process, and a connection refused (nothing was accepted) is retried on another.
 *
 * It checks: every request answered 2xx (no 5xx, no reset, no hang); each old process exits 0
 * within its bound, the old worker after finishing the job it was running; every accepted job
 * completed, ran to the end exactly once (across all workers), was charged once and refunded
 * never. On PostgreSQL + Redis (BullMQ) when TEST_DATABASE_URL and TEST_REDIS_URL are set; else on
 * SQLite, the processes sharing the file (WAL, busy timeout) and the local queue's jobs table.
 *
 * And a job's open event stream (GET /api/image/status/{jobId}/events) does not hold a stopping
 * API process: it ends at SIGTERM (the page keeps polling) and the process exits 0 at once,
 * instead of waiting for the job and being cut at its hard exit (grace + 10 s, code 1).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { TestDatabaseKind } from "./helpers/databases.ts";
import { TEST_PASSWORD, uniqueEmail } from "./helpers/http.ts";
import { upscaleInput } from "./helpers/retouch.ts";
import { createTestContext, type TestContext } from "./helpers/test-app.ts";

const CHILD = fileURLToPath(new URL("./helpers/api-child.ts", import.meta.url));
const REPO = path.resolve(path.dirname(CHILD), "../../../..");
const SITE = "http://127.0.0.1";
const redisUrl = process.env.TEST_REDIS_URL;
const scaled = Boolean(process.env.TEST_DATABASE_URL && redisUrl);
const database: TestDatabaseKind = { name: scaled ? "postgres" : "sqlite" };
const GRACE_MS = 10_000;
const ENGINE_MS = 300;
const CREDITS = 100_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Server {
  name: string;
  child: ChildProcess;
  origin: string | undefined;
  output: string;
  exited: Promise<number | null>;
  /** Jobs this worker is running now (its fake engine's run-start/run-end lines). */
  running: number;
  /** Runs it finished, with the time each ended. */
  finished: number[];
}

describe(`a rolling restart under load (${scaled ? "PostgreSQL + Redis" : "SQLite shared by the processes"})`, () => {
  let t: TestContext | undefined;
  const servers: Server[] = [];

  const prefixes: string[] = [];

  afterEach(async () => {
    for (const s of servers.splice(0)) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await t?.close();
    t = undefined;
    // The queue's and the rate limits' keys of this test's prefixes go with it.
    if (redisUrl && prefixes.length > 0) {
      const redis = new Redis(redisUrl);
      try {
        for (const prefix of prefixes.splice(0)) {
          const keys = await redis.keys(`${prefix}:*`);
          if (keys.length > 0) await redis.del(...keys);
        }
      } finally {
        redis.disconnect();
      }
    }
  });

  /** The environment every process of one test shares (README "Scaling out"). */
  function childEnvOf(context: TestContext, env: Record<string, string> = {}): Record<string, string> {
    const prefix = `gyeol-rolling-${randomBytes(6).toString("hex")}`;
    if (scaled) prefixes.push(prefix);
    return {
      ...context.env,
      CHILD_MODE: "process",
      CHILD_ENGINE_MS: String(ENGINE_MS),
      CHILD_RUNS_FILE: path.join(context.dir, "runs.log"),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: SITE,
      LOG_LEVEL: "warn",
      QUEUE_POLL_MS: "50",
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      FILE_URL_SECRET: randomBytes(24).toString("hex"),
      AUTH_SECRET: randomBytes(24).toString("hex"),
      ...(scaled ? { REDIS_URL: redisUrl!, CHILD_REDIS_PREFIX: prefix } : {}),
      ...env,
    };
  }

  /** A process with these roles; resolves once it printed `ready` (and its port, for an API). */
  function start(childEnv: Record<string, string>, name: string, roles: string): Promise<Server> {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...childEnv, ROLES: roles },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server: Server = {
      name,
      child,
      origin: undefined,
      output: "",
      exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
      running: 0,
      finished: [],
    };
    servers.push(server);
    return new Promise((resolve, reject) => {
      let buffered = "";
      child.stdout!.on("data", (chunk) => {
        server.output += chunk;
        buffered += chunk;
        const lines = buffered.split("\n");
        buffered = lines.pop()!;
        for (const line of lines) {
          const port = /^listening (\d+)$/.exec(line)?.[1];
          if (port) server.origin = `http://127.0.0.1:${port}`;
          if (line === "ready") resolve(server);
          if (line.startsWith("run-start ")) server.running += 1;
          if (line.startsWith("run-end ")) {
            server.running -= 1;
            server.finished.push(Date.now());
          }
        }
      });
      child.stderr!.on("data", (chunk) => (server.output += chunk));
      void server.exited.then((code) =>
        reject(new Error(`${name} exited (${code}) before it was ready:\n${server.output.slice(-3000)}`)),
      );
    });
  }

  it("loses no accepted request and no job; every job runs once and is charged once", async () => {
    t = await createTestContext({ database });
    const t0 = Date.now();
    const marks: string[] = [];
    const mark = (what: string) => marks.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const childEnv = childEnvOf(t);
    const runsFile = childEnv.CHILD_RUNS_FILE!;

    // ---- the balancer and its record of every request
    const rotation: Server[] = [];
    const problems: string[] = [];
    let answered = 0;
    let refused = 0;
    async function send(cookie: string, method: "GET" | "POST", url: string, body?: unknown) {
      for (let attempt = 0; ; attempt++) {
        const target = rotation[Math.floor(Math.random() * rotation.length)]!;
        try {
          const response = await fetch(`${target.origin}${url}`, {
            method,
            headers: {
              origin: SITE,
              cookie,
              ...(body instanceof FormData || body === undefined
                ? {}
                : { "content-type": "application/json" }),
            },
            ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
            signal: AbortSignal.timeout(20_000),
          });
          const text = await response.text();
          answered += 1;
          if (response.status < 200 || response.status > 299)
            problems.push(`${method} ${url} on ${target.name}: ${response.status} ${text.slice(0, 300)}`);
          return {
            status: response.status,
            json: text ? JSON.parse(text) : {},
            setCookie: response.headers.getSetCookie(),
          };
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          // Refused: the process had stopped listening, nothing was accepted; another one is tried.
          if (code === "ECONNREFUSED" && attempt < 5) {
            refused += 1;
            continue;
          }
          problems.push(`${method} ${url} on ${target.name}: ${code ?? ""} ${(error as Error).message}`);
          return null;
        }
      }
    }

    // ---- the processes: the worker first (it takes the migrations' lock alone), then the APIs
    const worker1 = await start(childEnv, "worker 1", "worker,cron");
    mark("worker 1 booted");
    const [api1, api2] = await Promise.all([
      start(childEnv, "api 1", "api"),
      start(childEnv, "api 2", "api"),
    ]);
    rotation.push(api1!, api2!);

    // ---- users: each signs up through the balancer and gets credits
    async function signUp() {
      const answer = await send("", "POST", "/api/auth/register", {
        name: "Kim",
        email: uniqueEmail("rolling"),
        password: TEST_PASSWORD,
        ageConfirmed: true,
      });
      expect(answer?.status, problems.join("\n")).toBe(200);
      const cookie = answer!.setCookie.map((c) => c.split(";")[0]).join("; ");
      const id = answer!.json.id as number;
      await t!.services.credits.grant(id, {
        amount: CREDITS,
        reason: "test",
        idempotencyKey: `rolling:${id}`,
      });
      return { id, cookie };
    }
    const jobUsers = await Promise.all([signUp(), signUp(), signUp()]);
    const readers = await Promise.all([signUp(), signUp()]);
    const image = await sharp({
      create: { width: 128, height: 96, channels: 3, background: { r: 200, g: 150, b: 120 } },
    })
      .jpeg()
      .toBuffer();

    // ---- the load, until told to stop
    let isLoadOn = true;
    const accepted: Array<{ jobId: string; userId: number }> = [];
    const jobLoad = jobUsers.map(async (user) => {
      while (isLoadOn) {
        const form = new FormData();
        form.append("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
        const upload = await send(user.cookie, "POST", "/api/image/upload-s3", form);
        if (upload?.status !== 200) return;
        const started = await send(user.cookie, "POST", "/api/runpod-upscale", {
          input: upscaleInput(upload.json.imageUrl),
        });
        if (started?.status !== 200) return;
        const jobId = started.json.jobId as string;
        accepted.push({ jobId, userId: user.id });
        const acceptedAt = Date.now();
        for (;;) {
          await sleep(100);
          const status = await send(user.cookie, "GET", `/api/image/status/${jobId}`);
          if (status?.status !== 200) return;
          if (status.json.status === "completed") break;
          if (status.json.status === "failed" || Date.now() - acceptedAt > 40_000) {
            problems.push(`job ${jobId}: ${JSON.stringify(status.json)}`);
            return;
          }
        }
      }
    });
    const readLoad = readers.map(async (user) => {
      while (isLoadOn) {
        for (const url of [
          "/api/auth/check",
          `/api/image/history/${user.id}?source=upscale&limit=25`,
          "/api/notices?page=1",
          "/api/payment/subscription-status",
        ]) {
          const answer = await send(user.cookie, "GET", url);
          if (answer?.status !== 200) return;
        }
        await sleep(10);
      }
    });

    // ---- the rolling restart, one process at a time
    await until(() => accepted.length >= 2, "the first jobs");
    const stops: Array<{ name: string; code: number | null; ms: number }> = [];
    async function stop(old: Server) {
      const signalledAt = Date.now();
      old.child.kill("SIGTERM");
      const code = await old.exited;
      stops.push({ name: old.name, code, ms: Date.now() - signalledAt });
      return signalledAt;
    }
    // The replacements boot side by side while the old set serves (a boot is most of the time);
    // then each old process is replaced in turn.
    mark("first jobs");
    const [api3, api4, worker2] = await Promise.all([
      start(childEnv, "api 3", "api"),
      start(childEnv, "api 4", "api"),
      start(childEnv, "worker 2", "worker,cron"),
    ]);
    mark("replacements booted");
    for (const [old, next] of [
      [api1!, api3!],
      [api2!, api4!],
    ] as const) {
      const name = next.name;
      await until(
        async () => (await fetch(`${next.origin}/readyz`).catch(() => null))?.status === 200,
        `${name} to be ready`,
      );
      rotation.push(next);
      rotation.splice(rotation.indexOf(old), 1);
      await stop(old);
    }
    // SIGTERM the old worker while it runs a job: that job must finish, not be lost or run twice.
    await until(() => worker1.running > 0, "the old worker to be running a job");
    mark("old worker busy");
    const workerStoppedAt = await stop(worker1);
    const jobsAfterRestart = accepted.length;
    await until(() => accepted.length >= jobsAfterRestart + 2, "jobs on the new worker");
    isLoadOn = false;
    mark("load stopped");
    await Promise.all([...jobLoad, ...readLoad]);

    // ---- what must hold
    expect(problems, problems.join("\n")).toEqual([]);
    for (const s of stops) {
      expect(s.code, `${s.name} exit code`).toBe(0);
      expect(s.ms, `${s.name} stop time`).toBeLessThan(GRACE_MS + 10_000);
    }
    expect(
      worker1.finished.some((at) => at >= workerStoppedAt),
      "the old worker finished its job after SIGTERM",
    ).toBe(true);
    expect(worker2.finished.length).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(50);

    const jobs = await t.db.kysely.selectFrom("jobs").select(["id", "status", "attempts", "input"]).execute();
    expect(jobs.map((j) => j.id).sort()).toEqual(accepted.map((a) => a.jobId).sort());
    expect(jobs.filter((j) => j.status !== "completed")).toEqual([]);
    // Each job's upload is its own, so its storage key names it in the engines' record of finished
    // runs (the engine is handed a signed URL of that key).
    const runs = existsSync(runsFile) ? readFileSync(runsFile, "utf8").trim().split("\n") : [];
    for (const job of jobs) {
      const key = (JSON.parse(job.input) as { inputKey: string }).inputKey;
      const ran = runs.filter((url) => url.includes(key) || url.includes(encodeURIComponent(key)));
      expect(ran, `runs of job ${job.id} (${key})`).toHaveLength(1);
      expect(job.attempts).toBe(1);
    }
    expect(runs).toHaveLength(jobs.length);
    const ledger = await t.db.kysely
      .selectFrom("credit_ledger")
      .select(["kind", "job_id", "user_id"])
      .execute();
    expect(ledger.filter((l) => l.kind === "refund")).toEqual([]);
    const spends = ledger.filter((l) => l.kind === "spend");
    expect(spends.map((s) => s.job_id).sort()).toEqual(accepted.map((a) => a.jobId).sort());
    for (const user of jobUsers) {
      const cost = jobs.length ? 80 * accepted.filter((a) => a.userId === user.id).length : 0;
      expect((await t.services.credits.balances(user.id)).total).toBe(CREDITS - cost);
    }

    // ---- the new set stops cleanly too
    for (const s of [...rotation, worker2]) await stop(s);
    expect(
      stops.every((s) => s.code === 0),
      JSON.stringify(stops),
    ).toBe(true);
    console.info(
      `rolling restart: ${answered} requests answered, ${refused} refused and retried, ${jobs.length} jobs; ` +
        stops.map((s) => `${s.name} stopped in ${s.ms} ms`).join(", ") +
        `; ${marks.join(", ")}`,
    );
  }, 180_000);

  it("a job's open event stream does not hold a stopping API process: it ends and the process exits 0", async () => {
    t = await createTestContext({ database });
    // No worker: the job stays queued, so its stream would stay open for minutes.
    const childEnv = childEnvOf(t, { SHUTDOWN_GRACE_MS: "2000" });
    const api = await start(childEnv, "api", "api");
    const headers = { origin: SITE };
    const registered = await fetch(`${api.origin}/api/auth/register`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Kim",
        email: uniqueEmail("events"),
        password: TEST_PASSWORD,
        ageConfirmed: true,
      }),
    });
    expect(registered.status).toBe(200);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const userId = ((await registered.json()) as { id: number }).id;
    await t.services.credits.grant(userId, {
      amount: 100,
      reason: "test",
      idempotencyKey: `events:${userId}`,
    });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 128, height: 96, channels: 3, background: "#c89678" } })
      .jpeg()
      .toBuffer();
    form.append("image", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "photo.jpg");
    const upload = await fetch(`${api.origin}/api/image/upload-s3`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: form,
    });
    expect(upload.status).toBe(200);
    const imageUrl = ((await upload.json()) as { imageUrl: string }).imageUrl;
    const started = await fetch(`${api.origin}/api/runpod-upscale`, {
      method: "POST",
      headers: { ...headers, cookie, "content-type": "application/json" },
      body: JSON.stringify({ input: upscaleInput(imageUrl) }),
    });
    expect(started.status).toBe(200);
    const jobId = ((await started.json()) as { jobId: string }).jobId;

    const events = await fetch(`${api.origin}/api/image/status/${jobId}/events`, { headers: { cookie } });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('"status":"in-progress"');

    const signalledAt = Date.now();
    api.child.kill("SIGTERM");
    // The stream ends cleanly (the page's polling carries on elsewhere) …
    for (;;) if ((await reader.read()).done) break;
    // … and the process exits 0 well within its bound, not at its hard exit (grace + 10 s, code 1).
    expect(await api.exited, api.output.slice(-2000)).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(2000);
    // The job is untouched: still queued for a worker, charged once, nothing refunded.
    expect(
      await t.db.kysely.selectFrom("jobs").select("status").where("id", "=", jobId).executeTakeFirst(),
    ).toEqual({
      status: "queued",
    });
    expect((await t.services.credits.balances(userId)).total).toBe(20);
  }, 60_000);
});
