/**
 * Graceful shutdown (issue 28): on SIGTERM the server stops taking connections, finishes the
 * request in flight and exits 0 within its bound; a job running at shutdown finishes within
 * SHUTDOWN_GRACE_MS, or is handed back to the queue past it (neither failed nor refunded) and the
 * next worker runs it to the end, charged once.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import type { RetouchEngine } from "../src/drivers/engines/retouch-engine.ts";
import { type RunningProcess, startProcess } from "../src/process.ts";
import { TEST_PASSWORD, uniqueEmail } from "./helpers/http.ts";
import { allowAll, createFakeEngine, imageForm, makeJpeg, upscaleInput } from "./helpers/retouch.ts";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const REPO = path.resolve(path.dirname(MAIN), "../../..");
const SITE = "http://127.0.0.1";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gyeol-shutdown-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("SIGTERM", () => {
  it("stops taking connections, finishes the request in flight and exits 0", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ROLES: "api",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dir,
        PUBLIC_ORIGIN: `${SITE}:${port}`,
        WEB_DIST_DIR: path.join(dir, "no-web"),
        LOG_LEVEL: "info",
        SHUTDOWN_GRACE_MS: "3000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout!.on("data", (chunk) => (log += chunk));
    child.stderr!.on("data", (chunk) => (log += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await until(
        async () => (await fetch(`${SITE}:${port}/healthz`).catch(() => null))?.status === 200,
        "the server to answer",
        60_000,
      );

      // A sign-in whose body is still on its way when SIGTERM arrives.
      const body = JSON.stringify({ email: uniqueEmail("sigterm"), password: "not the password at all" });
      const socket: Socket = connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk));
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${SITE}:${port}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const signalledAt = Date.now();
      child.kill("SIGTERM");

      // No new connection is taken once it is stopping …
      await until(async () => !(await accepts(port)), "the listener to close", 5000);
      expect(child.exitCode).toBeNull();
      // … and the request in flight still gets its full answer.
      socket.write(body.slice(10));
      await until(() => answer.includes("\r\n\r\n{") && answer.trimEnd().endsWith("}"), "the answer");
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"code":"INVALID_CREDENTIALS"');
      // Its connection is closed after it rather than kept alive past the shutdown.
      expect(answer.toLowerCase()).toContain("connection: close");
      await closed;

      const code = await exited;
      expect(code, log.slice(-3000)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(3000 + 10_000);
      expect(log).toContain('"msg":"stopped"');
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 90_000);
});

describe("a job running at shutdown", () => {
  const running: RunningProcess[] = [];
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
  });

  async function start(engine: RetouchEngine, graceMs: number) {
    const config = loadConfig({
      ROLES: "api,worker",
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      PUBLIC_ORIGIN: SITE,
      LOG_LEVEL: "silent",
      QUEUE_POLL_MS: "20",
      AUTH_RATE_LIMIT_MAX: "1000",
      SHUTDOWN_GRACE_MS: String(graceMs),
      WEB_DIST_DIR: path.join(dir, "no-web"),
    });
    const p = await startProcess({
      config: { ...config, port: 0 },
      logger: pino({ level: "silent" }),
      drivers: { retouchEngine: engine, moderation: allowAll },
    });
    running.push(p);
    return p;
  }

  /** A user with 100 credits whose retouch job was accepted (80 charged); its id and the job's. */
  async function acceptJob(app: FastifyInstance, p: RunningProcess) {
    const headers = { origin: SITE };
    const registered = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers,
      payload: { name: "Kim", email: uniqueEmail("grace"), password: TEST_PASSWORD, ageConfirmed: true },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const userId = registered.json().id as number;
    const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    await p.services.credits.grant(userId, { amount: 100, reason: "test", idempotencyKey: `g:${userId}` });
    const upload = await app.inject({
      method: "POST",
      url: "/api/image/upload-s3",
      headers: { ...headers, cookie },
      payload: imageForm(await makeJpeg()),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const started = await app.inject({
      method: "POST",
      url: "/api/runpod-upscale",
      headers: { ...headers, cookie },
      payload: { input: upscaleInput(upload.json().imageUrl) },
    });
    expect(started.statusCode, started.body).toBe(200);
    return { userId, jobId: started.json().jobId as string };
  }

  it("finishes within the grace", async () => {
    const fake = createFakeEngine();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const engine: RetouchEngine = {
      ...fake,
      async run(input) {
        runs += 1;
        await gate;
        return fake.run(input);
      },
    };
    const p = await start(engine, 10_000);
    const { jobId } = await acceptJob(p.app!, p);
    await until(() => runs === 1, "the job to start");

    const stopping = p.stop();
    setTimeout(release, 200);
    await stopping;
    running.splice(0);

    const again = await start(createFakeEngine(), 1000);
    const job = await again.services.store.jobs.findById(jobId);
    expect(job).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("is handed back past the grace, not failed or refunded, and the next worker runs it once", async () => {
    const hanging = createFakeEngine();
    hanging.behaviour = "hang";
    const p = await start(hanging, 300);
    const { userId, jobId } = await acceptJob(p.app!, p);
    await until(() => hanging.runs === 1, "the job to start");

    const stoppedAt = Date.now();
    await p.stop();
    running.splice(0);
    expect(Date.now() - stoppedAt).toBeLessThan(300 + 5000);

    const next = createFakeEngine();
    const again = await start(next, 1000);
    await until(
      async () => (await again.services.store.jobs.findById(jobId))?.status === "completed",
      "the handed-back job to complete",
    );
    expect(next.runs).toBe(1);
    const ledger = await again.services.credits.listLedger(userId);
    expect(ledger.map((line) => line.kind).sort()).toEqual(["grant", "spend"]);
    expect((await again.services.credits.balances(userId)).total).toBe(20);
  });
});
