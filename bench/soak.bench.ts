/**
 * npm run bench:soak — a soak test (issue 28 item 6): SOAK_USERS simulated users (default 30) run
 * mixed journeys for SOAK_SECONDS (default 600) against real server processes, in two set-ups:
 *
 *   embedded  what `npm start` runs: one `node --import tsx apps/server/src/main.ts` process with
 *             every role (api, worker, cron), SQLite and local files in a temp DATA_DIR, in-process
 *             jobs, the built-in engine and upload moderation;
 *   scaled    PostgreSQL + Redis: two API processes (ROLES=api, two ports; each request goes to
 *             either, as a balancer would send it) and one worker+cron process, in a fresh
 *             PostgreSQL schema (SOAK_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *             and a Redis database of its own (SOAK_REDIS_URL, default redis://127.0.0.1:6379/12,
 *             whose gyeol:* keys it clears before and after: the key prefix is not configurable).
 *             Skipped, with the reason printed, when either is not reachable.
 *
 * A journey, as the pages make it: the session check, sometimes a fresh sign-in, the pricing page's
 * data (subscription status, feature flags), the notices list, the history, and now and then an
 * upload of a small JPEG (320² crop of the bench portrait) followed by a retouch on the built-in
 * engine at scale 1, polled until it is done. Retouches are kept a small share of the load (at
 * most one at a time, at most SOAK_RETOUCH_PER_MIN a minute, default 6) so a 2-core machine keeps
 * up; users think SOAK_THINK_MS (default 1000, ±50 %) between steps. The sign-in rate limit is
 * raised (AUTH_RATE_LIMIT_MAX=1000000): every simulated user signs in from 127.0.0.1.
 *
 * It prints, per set-up: requests and errors (goal 0: any non-2xx answer, any network error or
 * time-out, any job that fails or never finishes, any refund in the ledger, any charge that is not
 * one job's), p50/p99 per step, and each process's RSS (/proc/<pid>/status VmRSS every few seconds):
 * first, after the warm-up, last, peak, and the least-squares slope in MB/min after the warm-up
 * (SOAK_WARMUP_SECONDS, default a fifth of the run, at most 60 s; goal flat). And what it ran on.
 * Last line: `errors=<n> worst_p99_ms=<n> max_rss_slope_mb_min=<n> requests=<n> jobs=<n>`.
 *
 * BENCH_SMOKE=1 (bench/smoke.test.ts, in CI): a few seconds, 2 users, the embedded set-up only
 * (SOAK_SETUPS=embedded,scaled runs both), one retouch, no targets. Child processes and temp
 * folders are cleaned up on every exit path.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/drivers/db/database.ts";
import { createServices } from "../apps/server/src/services.ts";

const SMOKE = process.env.BENCH_SMOKE === "1";
const numberFrom = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}=${raw} is not a number ≥ 0`);
  return value;
};
const SECONDS = numberFrom("SOAK_SECONDS", SMOKE ? 4 : 600);
const USERS = Math.max(1, Math.round(numberFrom("SOAK_USERS", SMOKE ? 2 : 30)));
const WARMUP_SECONDS = numberFrom("SOAK_WARMUP_SECONDS", SMOKE ? 0 : Math.min(60, SECONDS / 5));
const THINK_MS = numberFrom("SOAK_THINK_MS", SMOKE ? 100 : 1000);
const RETOUCH_PER_MIN = numberFrom("SOAK_RETOUCH_PER_MIN", 6);
const SAMPLE_MS = SMOKE ? 500 : 5000;
const SETUPS = (process.env.SOAK_SETUPS ?? (SMOKE ? "embedded" : "embedded,scaled")).split(",");
const PG_URL = process.env.SOAK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.SOAK_REDIS_URL ?? "redis://127.0.0.1:6379/12";
const LOG_LEVEL = process.env.SOAK_LOG_LEVEL ?? "info";
/** Credits each simulated user gets: far more than the run can spend (80 a retouch). */
const CREDITS_PER_USER = 1_000_000;
/** A request with no answer this long is an error (a hang). */
const REQUEST_TIMEOUT_MS = 60_000;
/** A job not done this long after it was accepted is an error ("never finishes"). */
const JOB_TIMEOUT_MS = 180_000;
const IMAGE_SIDE = 320;
const STATUS_POLL_MS = 1000;

const REPO = path.resolve(import.meta.dirname, "..");
const MAIN = path.join(REPO, "apps/server/src/main.ts");
const print = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

// ---------------------------------------------------------------- processes

interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** The API's origin, when it serves HTTP. */
  origin: string | undefined;
  log: string[];
  exited: Promise<number | null>;
  rss: Array<{ t: number; mb: number }>;
}

const running = new Set<ServerProcess>();
const cleanups: Array<() => Promise<void> | void> = [];

/** On any way out, nothing is left running: SIGKILL what is still alive (synchronous, on exit). */
process.on("exit", () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function spawnServer(name: string, env: Record<string, string>, port?: number): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TMPDIR: os.tmpdir(),
      LOG_LEVEL,
      HOST: "127.0.0.1",
      ...(port ? { PORT: String(port) } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line) log.push(line);
    if (log.length > 400) log.splice(0, log.length - 200);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const p: ServerProcess = {
    name,
    child,
    pid: child.pid!,
    origin: port ? `http://127.0.0.1:${port}` : undefined,
    log,
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
    rss: [],
  };
  void p.exited.then(() => running.delete(p));
  running.add(p);
  return p;
}

/** How long a process may take to be ready; in smoke mode within bench/smoke.test.ts's time-out. */
const START_TIMEOUT_MS = SMOKE ? 90_000 : 180_000;

async function waitFor(p: ServerProcess, ready: () => Promise<boolean> | boolean, ms = START_TIMEOUT_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (p.child.exitCode !== null)
      throw new Error(
        `${p.name} exited (${p.child.exitCode}) while starting:\n${p.log.slice(-30).join("\n")}`,
      );
    if (await ready()) return;
    if (Date.now() > deadline)
      throw new Error(`${p.name} was not ready after ${ms / 1000} s:\n${p.log.slice(-30).join("\n")}`);
    await sleep(200);
  }
}

const isReady = (origin: string) => async () =>
  (await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.status === 200;

/** SIGTERM (the graceful stop), then SIGKILL if it is still there 40 s later. Its exit code. */
async function stopServer(p: ServerProcess): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode;
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => p.child.kill("SIGKILL"), 40_000);
  const code = await p.exited;
  clearTimeout(timer);
  return code;
}

async function cleanUp() {
  await Promise.all([...running].map(stopServer));
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
}

function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Least-squares slope of (t s, mb) in MB per minute; 0 with fewer than two points. */
function slopePerMinute(points: Array<{ t: number; mb: number }>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const mm = points.reduce((s, p) => s + p.mb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.mb - mm);
    den += (p.t - mt) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

// ---------------------------------------------------------------- the simulated users

interface SetupResult {
  name: string;
  requests: number;
  errors: Array<{ step: string; what: string }>;
  steps: Map<string, number[]>;
  jobs: number;
  jobMs: number[];
  processes: ServerProcess[];
  warmupEndsAt: number;
  startedAt: number;
  endedAt: number;
}

interface SimUser {
  id: number;
  email: string;
  password: string;
  cookies: Map<string, string>;
}

class Load {
  readonly result: SetupResult;
  private retouchBusy = false;
  private retouchTimes: number[] = [];
  private readonly deadline: number;

  constructor(
    name: string,
    private readonly origins: string[],
    /** The site's origin the pages are served from (the Origin header every browser call carries). */
    private readonly site: string,
    processes: ServerProcess[],
  ) {
    const now = Date.now();
    this.deadline = now + SECONDS * 1000;
    this.result = {
      name,
      requests: 0,
      errors: [],
      steps: new Map(),
      jobs: 0,
      jobMs: [],
      processes,
      startedAt: now,
      warmupEndsAt: now + WARMUP_SECONDS * 1000,
      endedAt: now,
    };
  }

  get isOver() {
    return Date.now() >= this.deadline;
  }

  error(step: string, what: string) {
    this.result.errors.push({ step, what });
  }

  /** One browser call through the "balancer": any API process. Null on a non-2xx or network error. */
  async call(
    user: SimUser | null,
    step: string,
    method: "GET" | "POST",
    url: string,
    body?: { json: unknown } | { form: FormData },
  ): Promise<{ status: number; json: Record<string, unknown> } | null> {
    const origin = this.origins[Math.floor(Math.random() * this.origins.length)]!;
    const headers: Record<string, string> = { origin: this.site };
    if (user && user.cookies.size > 0)
      headers.cookie = [...user.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let payload: string | FormData | undefined;
    if (body && "json" in body) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body.json);
    } else if (body) payload = body.form;
    const started = performance.now();
    this.result.requests += 1;
    try {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const timings = this.result.steps.get(step) ?? [];
      this.result.steps.set(step, timings);
      timings.push(ms);
      if (user)
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(";");
          const at = pair!.indexOf("=");
          const name = pair!.slice(0, at).trim();
          const value = pair!.slice(at + 1).trim();
          if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) user.cookies.delete(name);
          else user.cookies.set(name, value);
        }
      if (response.status < 200 || response.status > 299) {
        this.error(step, `${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`);
        return null;
      }
      return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch (error) {
      this.error(step, `${method} ${url} failed: ${(error as Error).message}`);
      return null;
    }
  }

  /** May this journey start a retouch now? At most one at a time and RETOUCH_PER_MIN a minute. */
  private takeRetouchSlot(force: boolean): boolean {
    const now = Date.now();
    this.retouchTimes = this.retouchTimes.filter((t) => now - t < 60_000);
    if (this.retouchBusy || (!force && this.retouchTimes.length >= RETOUCH_PER_MIN)) return false;
    this.retouchBusy = true;
    this.retouchTimes.push(now);
    return true;
  }

  async signUp(index: number): Promise<SimUser | null> {
    const user: SimUser = {
      id: 0,
      email: `soak-${index}-${randomBytes(4).toString("hex")}@soak.example`,
      password: `soak-password-${randomBytes(6).toString("hex")}`,
      cookies: new Map(),
    };
    const answer = await this.call(user, "sign-up", "POST", "/api/auth/register", {
      json: { name: `Soak ${index}`, email: user.email, password: user.password, ageConfirmed: true },
    });
    if (!answer) return null;
    user.id = answer.json.id as number;
    return user;
  }

  async journey(user: SimUser, image: Buffer, { forceRetouch }: { forceRetouch: boolean }) {
    const check = await this.call(user, "session-check", "GET", "/api/auth/check");
    if (check && check.json.isAuthenticated !== true)
      this.error("session-check", "the session was not recognised");
    await think();
    if (Math.random() < 0.15) {
      await this.call(user, "sign-in", "POST", "/api/auth/login", {
        json: { email: user.email, password: user.password },
      });
      await think();
    }
    await this.call(user, "pricing", "GET", "/api/payment/subscription-status");
    await this.call(user, "flags", "GET", "/api/feature/flags");
    await think();
    await this.call(user, "notices", "GET", "/api/notices?page=1");
    await think();
    await this.call(user, "history", "GET", `/api/image/history/${user.id}?source=upscale&limit=25`);
    await think();
    if (!forceRetouch && Math.random() > 0.3) return;

    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "portrait.jpg");
    const upload = await this.call(user, "upload", "POST", "/api/image/upload-s3", { form });
    if (!upload || !this.takeRetouchSlot(forceRetouch)) return;
    try {
      await think();
      const started = await this.call(user, "retouch-start", "POST", "/api/runpod-upscale", {
        json: { input: retouchInput(upload.json.imageUrl as string) },
      });
      if (!started) return;
      const jobId = started.json.jobId as string;
      this.result.jobs += 1;
      const acceptedAt = Date.now();
      for (;;) {
        await sleep(STATUS_POLL_MS);
        const status = await this.call(user, "status", "GET", `/api/image/status/${jobId}`);
        if (status?.json.status === "completed") {
          this.result.jobMs.push(Date.now() - acceptedAt);
          break;
        }
        if (status?.json.status === "failed") {
          this.error("job", `job ${jobId} failed: ${status.json.code} ${status.json.error}`);
          break;
        }
        if (Date.now() - acceptedAt > JOB_TIMEOUT_MS) {
          this.error("job", `job ${jobId} not done ${JOB_TIMEOUT_MS / 1000} s after it was accepted`);
          break;
        }
      }
      await this.call(user, "history", "GET", `/api/image/history/${user.id}?source=upscale&limit=25`);
    } finally {
      this.retouchBusy = false;
    }
  }

  /** RSS of every process every SAMPLE_MS until stopped. */
  sampleMemory(): () => void {
    const sample = () => {
      const t = (Date.now() - this.result.startedAt) / 1000;
      for (const p of this.result.processes) {
        const mb = rssMb(p.pid);
        if (mb !== null) p.rss.push({ t, mb });
      }
    };
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      sample();
    };
  }
}

function retouchInput(image: string) {
  return {
    image,
    seed: 1234,
    prompt: "professional portrait photography",
    output_format: "jpg",
    output_quality: 100,
    lora_index: 2,
    numImages: 1,
    width: IMAGE_SIDE,
    height: IMAGE_SIDE,
    scale_factor: 1,
    upper_lip: false,
    lower_lip: false,
    filter_strength: 0.3,
    filter_index: 0,
    filter_prompt: "studio",
    left_eyebrow: false,
    right_eyebrow: false,
    nose: false,
    hair: false,
  };
}

/** Credits for every user, through the same ledger service the admin CLI uses. */
/** The config of a process of this set-up, for the bench's own look at its database. */
const configOf = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: env.DATA_DIR,
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    LOG_LEVEL: "silent",
  });

async function grantCredits(env: Record<string, string>, users: SimUser[]) {
  const config = configOf(env);
  const db = openDatabase(config.database);
  try {
    const services = createServices({ db, config });
    for (const user of users)
      await services.credits.grant(user.id, {
        amount: CREDITS_PER_USER,
        reason: "soak bench",
        idempotencyKey: `soak:${user.id}`,
      });
  } finally {
    await db.destroy();
  }
}

/**
 * What the database says once the load stopped: every job completed, and the ledger holds one
 * spend per job and no refund (a refund means a job failed somewhere).
 */
async function checkLedger(env: Record<string, string>, load: Load) {
  const config = configOf(env);
  const db = openDatabase(config.database);
  try {
    const jobs = await db.kysely.selectFrom("jobs").select(["id", "status", "error_code"]).execute();
    for (const job of jobs)
      if (job.status !== "completed")
        load.error("job", `job ${job.id} is ${job.status} (${job.error_code ?? "-"})`);
    if (jobs.length !== load.result.jobs)
      load.error("job", `${jobs.length} jobs in the database, ${load.result.jobs} accepted`);
    const lines = await db.kysely.selectFrom("credit_ledger").select(["kind", "job_id"]).execute();
    const refunds = lines.filter((line) => line.kind === "refund");
    if (refunds.length > 0)
      load.error("ledger", `${refunds.length} refunds: ${refunds.map((r) => r.job_id).join(", ")}`);
    const spends = lines.filter((line) => line.kind === "spend");
    const spentJobs = new Set(spends.map((line) => line.job_id));
    if (spends.length !== jobs.length || spentJobs.size !== jobs.length)
      load.error("ledger", `${spends.length} spends over ${spentJobs.size} jobs for ${jobs.length} jobs`);
  } finally {
    await db.destroy();
  }
}

async function runLoad(load: Load, env: Record<string, string>, image: Buffer) {
  const stopSampling = load.sampleMemory();
  try {
    const users: SimUser[] = [];
    // Sign-ups spread over the first seconds, as people arrive.
    await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        await sleep((i * Math.min(2000, THINK_MS * 2)) / USERS);
        const user = await load.signUp(i);
        if (user) users.push(user);
      }),
    );
    await grantCredits(env, users);
    await Promise.all(
      users.map(async (user, i) => {
        let first = true;
        do {
          await load.journey(user, image, { forceRetouch: first && i === 0 });
          first = false;
        } while (!load.isOver);
      }),
    );
  } finally {
    stopSampling();
    load.result.endedAt = Date.now();
  }
}

// ---------------------------------------------------------------- the two set-ups

async function embedded(image: Buffer): Promise<SetupResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gyeol-soak-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  // What `npm start` sets (scripts/start.mjs): PUBLIC_ORIGIN to its own port; every role by
  // default. The built web app is not served (the journeys are the API's).
  const env = {
    DATA_DIR: dir,
    PUBLIC_ORIGIN: site,
    WEB_DIST_DIR: path.join(dir, "no-web"),
    AUTH_RATE_LIMIT_MAX: "1000000",
  };
  const server = spawnServer("npm start (api,worker,cron)", env, port);
  await waitFor(server, isReady(site));
  const load = new Load("embedded", [site], site, [server]);
  try {
    await runLoad(load, env, image);
    await checkLedger(env, load);
  } finally {
    const code = await stopServer(server);
    if (code !== 0) load.error("shutdown", `${server.name} exited ${code} on SIGTERM`);
  }
  return load.result;
}

/** Why the scaled set-up cannot run here, or null when PostgreSQL and Redis answer. */
async function scaledUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    return `PostgreSQL at ${PG_URL} is not reachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${REDIS_URL} is not reachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

async function clearRedisKeys() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", "gyeol:*", "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

async function scaled(image: Buffer): Promise<SetupResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gyeol-soak-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const schema = `gyeol_soak_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });
  const databaseUrl = new URL(PG_URL);
  databaseUrl.searchParams.set("options", `-c search_path=${schema}`);
  await clearRedisKeys();
  cleanups.push(clearRedisKeys);

  const ports = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${ports[0]}`;
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    PUBLIC_ORIGIN: site,
    WEB_DIST_DIR: path.join(dir, "no-web"),
    AUTH_RATE_LIMIT_MAX: "1000000",
    // Shared by every process (README "Scaling out").
    FILE_URL_SECRET: randomBytes(24).toString("hex"),
    AUTH_SECRET: randomBytes(24).toString("hex"),
    SANDBOX_WEBHOOK_SECRET: randomBytes(24).toString("hex"),
  };
  // The worker first, so it owns the migrations; then both API processes side by side.
  const worker = spawnServer("worker+cron", { ...env, ROLES: "worker,cron" });
  await waitFor(worker, () => worker.log.some((line) => line.includes('"msg":"worker started"')));
  const apis = ports.map((port, i) => spawnServer(`api ${i + 1}`, { ...env, ROLES: "api" }, port));
  await Promise.all(apis.map((api) => waitFor(api, isReady(api.origin!))));
  const processes = [...apis, worker];
  const load = new Load(
    "scaled",
    apis.map((api) => api.origin!),
    site,
    processes,
  );
  try {
    await runLoad(load, env, image);
    await checkLedger(env, load);
  } finally {
    for (const p of processes) {
      const code = await stopServer(p);
      if (code !== 0) load.error("shutdown", `${p.name} exited ${code} on SIGTERM`);
    }
  }
  return load.result;
}

// ---------------------------------------------------------------- report

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

function report(r: SetupResult, description: string) {
  const seconds = (r.endedAt - r.startedAt) / 1000;
  print("");
  print(`setup ${r.name}: ${description}`);
  print(
    `  ${USERS} users for ${seconds.toFixed(0)} s: ${r.requests} requests (${(r.requests / seconds).toFixed(1)}/s), ` +
      `${r.errors.length} errors; ${r.jobs} retouches (${((r.jobs / Math.max(1, r.requests)) * 100).toFixed(1)} % of requests)`,
  );
  print(`  ${"step".padEnd(14)} ${"count".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  let worstP99 = 0;
  for (const [step, timings] of [...r.steps].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...timings].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    worstP99 = Math.max(worstP99, p99);
    print(
      `  ${step.padEnd(14)} ${String(sorted.length).padStart(7)} ${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}`,
    );
  }
  if (r.jobMs.length > 0) {
    const sorted = [...r.jobMs].sort((a, b) => a - b);
    print(
      `  ${"job accepted→done".padEnd(14)} ${String(sorted.length).padStart(3)} ${percentile(sorted, 0.5).toFixed(0).padStart(8)} ${percentile(sorted, 0.99).toFixed(0).padStart(8)}   (polled every ${STATUS_POLL_MS} ms)`,
    );
  }
  let maxSlope = Number.NEGATIVE_INFINITY;
  const warmup = (r.warmupEndsAt - r.startedAt) / 1000;
  for (const p of r.processes) {
    const after = p.rss.filter((s) => s.t >= warmup);
    const slope = slopePerMinute(after);
    maxSlope = Math.max(maxSlope, slope);
    const mb = (s: { mb: number } | undefined) => (s ? s.mb.toFixed(0) : "?");
    print(
      `  RSS ${p.name}: first ${mb(p.rss[0])} MB, after ${warmup.toFixed(0)} s warm-up ${mb(after[0])} MB, ` +
        `last ${mb(p.rss.at(-1))} MB, peak ${Math.max(...p.rss.map((s) => s.mb)).toFixed(0)} MB; ` +
        `slope ${slope.toFixed(2)} MB/min over ${after.length} samples`,
    );
  }
  const shown = new Map<string, number>();
  for (const e of r.errors) shown.set(`${e.step}: ${e.what}`, (shown.get(`${e.step}: ${e.what}`) ?? 0) + 1);
  for (const [what, count] of [...shown].slice(0, 10)) print(`  error ×${count} ${what}`);
  return { worstP99, maxSlope };
}

// ---------------------------------------------------------------- main

const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}, node ${process.version}`;

print(`soak bench on ${machine()}`);
print(
  `${USERS} users, ${SECONDS} s a set-up (warm-up ${WARMUP_SECONDS} s), think ${THINK_MS} ms ±50 %, ` +
    `retouches: ${IMAGE_SIDE}×${IMAGE_SIDE} JPEG, scale 1, built-in engine, at most 1 at a time and ${RETOUCH_PER_MIN}/min; ` +
    "AUTH_RATE_LIMIT_MAX=1000000 (every user signs in from 127.0.0.1)",
);
const image = await sharp(path.join(REPO, "bench/fixtures/portrait-1024.jpg"))
  .resize(IMAGE_SIDE, IMAGE_SIDE)
  .jpeg({ quality: 90 })
  .toBuffer();

const results: Array<{ worstP99: number; maxSlope: number; errors: number; requests: number; jobs: number }> =
  [];
let exitCode = 0;
try {
  if (SETUPS.includes("embedded")) {
    const r = await embedded(image);
    await cleanUp();
    results.push({
      ...report(r, "npm start — one process (api, worker, cron), SQLite, local files, in-process jobs"),
      errors: r.errors.length,
      requests: r.requests,
      jobs: r.jobs,
    });
  }
  if (SETUPS.includes("scaled")) {
    const why = await scaledUnavailable();
    if (why) print(`\nsetup scaled: skipped: ${why}`);
    else {
      const r = await scaled(image);
      await cleanUp();
      results.push({
        ...report(r, "PostgreSQL + Redis — 2 API processes (ROLES=api), 1 worker+cron process"),
        errors: r.errors.length,
        requests: r.requests,
        jobs: r.jobs,
      });
    }
  }
} catch (error) {
  exitCode = 1;
  print(`soak bench failed: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
print("");
print(`ran on ${machine()}`);
if (SMOKE) print("targets   not judged in smoke mode");
const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((s, r) => s + f(r), 0);
print(
  `errors=${sum((r) => r.errors)} worst_p99_ms=${Math.max(0, ...results.map((r) => r.worstP99)).toFixed(0)} ` +
    `max_rss_slope_mb_min=${(results.length ? Math.max(...results.map((r) => r.maxSlope)) : 0).toFixed(2)} ` +
    `requests=${sum((r) => r.requests)} jobs=${sum((r) => r.jobs)}`,
);
// Any error fails the run, in smoke mode too (as bench:api does): it means something broke.
process.exit(exitCode || (results.length === 0 || sum((r) => r.errors) > 0 ? 1 : 0));
