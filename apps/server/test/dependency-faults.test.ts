/**
 * Dependency faults through a fault-injecting TCP proxy (issue 28, first part): the S3-compatible
 * store and Redis refusing connections, hanging, and coming back. While one is down the calls
 * that need it answer 503 DEPENDENCY_UNAVAILABLE naming it within a bounded time (no 500, no
 * hang), the calls that do not need it keep working, /readyz names it, no credit is lost or taken
 * twice; when it returns everything works again without a restart.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import S3rver from "s3rver";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBullmqQueue } from "../src/drivers/queue/bullmq-queue.ts";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { createLocalQueue } from "../src/drivers/queue/local-queue.ts";
import { dependencyOf } from "../src/lib/dependency-error.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { createTestDatabase, TEST_DATABASES } from "./helpers/databases.ts";
import { type FaultProxy, startFaultProxy } from "./helpers/fault-proxy.ts";
import { register, uniqueEmail } from "./helpers/http.ts";
import {
  userWithCredits as addUser,
  allowAll,
  createFakeEngine,
  createJobsTestApp,
  makeJpeg,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitFor,
  waitForJob,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const BUCKET = "gyeol-faults";

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

function expectDown(response: LightMyRequestResponse, dependency: string) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toMatchObject({
    success: false,
    code: "DEPENDENCY_UNAVAILABLE",
    details: { dependency },
  });
}

describe.each(TEST_DATABASES)("the S3 store refusing, hanging and coming back on $name", (database) => {
  let s3: S3rver;
  let s3Dir: string;
  let proxy: FaultProxy;
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), "gyeol-s3-faults-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3.run();
    proxy = await startFaultProxy({ host: "127.0.0.1", port });
  });
  afterAll(async () => {
    await proxy.close();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    proxy.set("pass");
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  it("answers 503 storage within a bound, keeps the rest working, charges nothing twice, and resumes", async () => {
    ({ t } = await createJobsTestApp(database, {
      env: {
        STORAGE_DRIVER: "s3",
        S3_BUCKET: BUCKET,
        S3_REGION: "us-east-1",
        S3_ENDPOINT: proxy.url("http"),
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      },
    }));
    const app = t.app;
    worker = startWorker(t.services, t.config);
    const user = await addUser(t, 1000);
    const jpeg = await makeJpeg();
    const before = await uploadImage(app, user.cookie, jpeg);
    expect(before.statusCode, before.body).toBe(200);
    const balance = async () => (await t!.services.credits.balances(user.id)).total;

    for (const mode of ["refuse", "hang"] as const) {
      proxy.set(mode);
      const upload = await timed(() => uploadImage(app, user.cookie, jpeg));
      expectDown(upload.value, "storage");
      // Refused: at once; hanging: the driver's connect and idle timeouts, one retry.
      expect(upload.ms).toBeLessThan(mode === "refuse" ? 3000 : 15_000);

      const ready = await timed(() => app.inject({ url: "/readyz" }));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.value.json().details.down).toEqual(["storage"]);
      expect(ready.ms).toBeLessThan(4000);

      // What needs no file keeps working.
      const check = await app.inject({ url: "/api/auth/check", headers: { cookie: user.cookie } });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ isAuthenticated: true });
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    }

    // A job started while the store is away: refused before any charge, or accepted and then
    // failed and refunded exactly once; never charged without a result.
    proxy.set("refuse");
    const startedDown = await startRetouch(app, user.cookie, upscaleInput(before.json().imageUrl));
    if (startedDown.statusCode === 200) {
      const done = await waitForJob(app, user.cookie, startedDown.json().jobId);
      expect(done.status).toBe("failed");
    } else {
      expectDown(startedDown, "storage");
    }
    await waitFor(async () => (await balance()) === 1000);
    const refunds = (await t.services.credits.listLedger(user.id)).filter((line) => line.kind === "refund");
    expect(refunds.length).toBe(startedDown.statusCode === 200 ? 1 : 0);

    // Back: the same process uploads and runs a job to the end, charged once.
    proxy.set("pass");
    const after = await uploadImage(app, user.cookie, jpeg);
    expect(after.statusCode, after.body).toBe(200);
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
    const started = await startRetouch(app, user.cookie, upscaleInput(after.json().imageUrl));
    expect(started.statusCode, started.body).toBe(200);
    expect((await waitForJob(app, user.cookie, started.json().jobId)).status).toBe("completed");
    expect(await balance()).toBe(920);
  }, 90_000);
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("Redis refusing, hanging and coming back (the shared rate limits)", () => {
  let proxy: FaultProxy;
  let t: TestApp | undefined;
  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
  });
  afterAll(async () => {
    await proxy.close();
  });
  afterEach(async () => {
    proxy.set("pass");
    await t?.close();
    t = undefined;
  });

  it("keeps sign-in answering and limited, names Redis in /readyz, and shares the count again once it is back", async () => {
    const prefix = `gyeol-faults-${randomBytes(4).toString("hex")}`;
    const db = new URL(redisUrl!).pathname || "/0";
    t = await createTestApp({
      redisPrefix: prefix,
      drivers: { queue: createLocalQueue({ pollMs: 1000 }) },
      env: {
        REDIS_URL: proxy.url("redis", db),
        AUTH_RATE_LIMIT_MAX: "3",
        PUBLIC_ORIGIN: "https://gyeol.test",
      },
    });
    const app = t.app;
    const login = (ip: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: ip,
        payload: { email: uniqueEmail("faults"), password: "not the password" },
      });
    expect((await app.inject({ url: "/readyz" })).json().checks.redis).toBe("ok");

    for (const mode of ["refuse", "hang"] as const) {
      proxy.set(mode);
      const ip = `2001:db8:f:${randomBytes(2).toString("hex")}::${mode === "refuse" ? 1 : 2}`;
      for (let i = 0; i < 3; i++) {
        const attempt = await timed(() => login(ip));
        expect(attempt.value.statusCode, attempt.value.body).toBe(401);
        expect(attempt.ms).toBeLessThan(1500);
      }
      // Still limited, counted in the process meanwhile.
      expect((await login(ip)).statusCode).toBe(429);
      const ready = await timed(() => app.inject({ url: "/readyz" }));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.value.json().details).toMatchObject({ down: ["redis"] });
      expect(ready.ms).toBeLessThan(3000);
    }

    // Back: the connection returns by itself and the counts go to Redis again.
    proxy.set("pass");
    proxy.cut();
    await waitFor(async () => (await app.inject({ url: "/readyz" })).statusCode === 200, 15_000);
    const ip = "2001:db8:f:ffff::3";
    expect((await login(ip)).statusCode).toBe(401);
    const direct = new Redis(redisUrl!);
    try {
      // Only attempts counted after the return can be there (the prefix is this test's own).
      const keys = await direct.keys(`${prefix}:rate-limit:POST/api/auth/login:*`);
      expect(keys.length).toBe(1);
      await direct.del(...keys);
    } finally {
      direct.disconnect();
    }
  }, 60_000);
});

describe.skipIf(!redisUrl)("Redis refusing and coming back (BullMQ jobs)", () => {
  let proxy: FaultProxy;
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
  });
  afterAll(async () => {
    await proxy.close();
  });
  afterEach(async () => {
    proxy.set("pass");
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  it("accepts a job while Redis is away within a bound and runs it once Redis is back: none lost, charged once", async () => {
    const engine = createFakeEngine();
    const db = new URL(redisUrl!).pathname || "/0";
    const queue = createBullmqQueue({
      redisUrl: proxy.url("redis", db),
      sweepMs: 200,
      prefix: `gyeol-faults-${randomBytes(4).toString("hex")}`,
    });
    t = await createTestApp({ drivers: { retouchEngine: engine, moderation: allowAll, queue } });
    const app = t.app;
    worker = startWorker(t.services, t.config);
    const user = await addUser(t, 1000);
    const upload = await uploadImage(app, user.cookie, await makeJpeg());
    const first = await startRetouch(app, user.cookie, upscaleInput(upload.json().imageUrl));
    expect((await waitForJob(app, user.cookie, first.json().jobId)).status).toBe("completed");

    proxy.set("refuse");
    const accepted = await timed(() => startRetouch(app, user.cookie, upscaleInput(upload.json().imageUrl)));
    expect(accepted.value.statusCode, accepted.value.body).toBe(200);
    expect(accepted.ms).toBeLessThan(4000);
    const jobId = accepted.value.json().jobId as string;
    expect((await t.services.store.jobs.findById(jobId))?.status).toBe("queued");

    proxy.set("pass");
    expect((await waitForJob(app, user.cookie, jobId, 45_000)).status).toBe("completed");
    expect(engine.runs).toBe(2);
    const ledger = await t.services.credits.listLedger(user.id);
    expect(ledger.filter((line) => line.kind === "refund")).toHaveLength(0);
    expect((await t.services.credits.balances(user.id)).total).toBe(1000 - 160);
  }, 90_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("PostgreSQL refusing, hanging, cut off and coming back", () => {
  let proxy: FaultProxy;
  let t: TestApp | undefined;
  let dir: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const target = new URL(pgUrl!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(async () => {
    await proxy.close();
  });
  afterEach(async () => {
    proxy.set("pass");
    await t?.close();
    t = undefined;
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 database within a bound, never 500, and serves again by itself", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "gyeol-pg-faults-"));
    const testDb = await createTestDatabase({ name: "postgres" }, dir);
    drop = testDb.drop;
    const proxied = new URL(testDb.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    t = await createTestApp({
      database: { name: "postgres" },
      env: { DATABASE_URL: proxied.toString(), PUBLIC_ORIGIN: "https://gyeol.test" },
    });
    const app = t.app;
    const { cookie } = await register(app);
    const checkSession = () => app.inject({ url: "/api/auth/check", headers: { cookie } });
    expect((await checkSession()).statusCode).toBe(200);

    for (const fault of ["refuse", "hang", "cut"] as const) {
      if (fault === "cut") {
        proxy.set("pass");
        proxy.cut(); // a restart or failover: every pooled connection dropped at once
      } else proxy.set(fault);
      const answer = await timed(checkSession);
      if (fault === "cut") {
        // The pool replaces the dropped connections: at worst one 503, then 200.
        expect([200, 503]).toContain(answer.value.statusCode);
        await waitFor(async () => (await checkSession()).statusCode === 200, 10_000);
        continue;
      }
      expectDown(answer.value, "database");
      expect(answer.ms).toBeLessThan(8000);
      const ready = await app.inject({ url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().details.down).toContain("database");
      // What needs no database still answers.
      expect((await app.inject({ url: "/api/site/operator" })).statusCode).toBe(200);
    }

    proxy.set("pass");
    await waitFor(async () => (await checkSession()).statusCode === 200, 10_000);
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
  }, 60_000);
});

describe.skipIf(!pgUrl)("a PostgreSQL query that never returns (a lock never released)", () => {
  it("is cancelled by the statement timeout: 503 database within the bound, and serves again once the lock goes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gyeol-pg-frozen-"));
    const testDb = await createTestDatabase({ name: "postgres" }, dir);
    const t = await createTestApp({
      database: { name: "postgres" },
      env: {
        DATABASE_URL: testDb.url,
        DATABASE_STATEMENT_TIMEOUT_MS: "800",
        PUBLIC_ORIGIN: "https://gyeol.test",
      },
    });
    const locker = new pg.Client({ connectionString: testDb.url });
    try {
      const { cookie } = await register(t.app);
      const checkSession = () => t.app.inject({ url: "/api/auth/check", headers: { cookie } });
      expect((await checkSession()).statusCode).toBe(200);
      // Another session (a stuck migration, an operator's open transaction) locks the users table.
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE users IN ACCESS EXCLUSIVE MODE");
      const answer = await timed(checkSession);
      expectDown(answer.value, "database");
      expect(answer.ms).toBeLessThan(5000);
      // What needs no database still answers.
      expect((await t.app.inject({ url: "/api/site/operator" })).statusCode).toBe(200);
      await locker.query("ROLLBACK");
      expect((await checkSession()).statusCode).toBe(200);
    } finally {
      await locker.end().catch(() => {});
      await t.close();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("what counts as a dependency not answering", () => {
  it("classifies SQLite, PostgreSQL, Redis and socket failures, and nothing else", () => {
    const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });
    expect(dependencyOf(coded("SQLITE_BUSY"))).toBe("database");
    expect(dependencyOf(coded("SQLITE_FULL", "database or disk is full"))).toBe("database");
    expect(dependencyOf(coded("SQLITE_IOERR_WRITE"))).toBe("database");
    expect(dependencyOf(coded("57P01", "terminating connection due to administrator command"))).toBe(
      "database",
    );
    expect(dependencyOf(new Error("Connection terminated unexpectedly"))).toBe("database");
    expect(dependencyOf(coded("57014", "canceling statement due to statement timeout"))).toBe("database");
    expect(dependencyOf(new Error("Query read timeout"))).toBe("database");
    expect(dependencyOf(new Error("Connection is closed."))).toBe("redis");
    expect(dependencyOf(new Error("wrapped", { cause: coded("ECONNREFUSED") }))).toBe("unknown");
    expect(dependencyOf(coded("SQLITE_CONSTRAINT_UNIQUE"))).toBeNull();
    expect(dependencyOf(new TypeError("x is undefined"))).toBeNull();
  });
});
