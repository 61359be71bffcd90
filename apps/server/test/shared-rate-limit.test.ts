/**
 * Rate limits shared across API processes (issue 28): with REDIS_URL two API processes on one
 * database count each address's attempts together, so the limit is the limit and not N times it;
 * the per-account login limit (in the database) holds across them too. With Redis unreachable the
 * limits fall back to counting in each process: sign-in keeps answering, fast, and is still limited.
 * Runs when TEST_REDIS_URL is set (each test has its own key prefix).
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { createLocalQueue } from "../src/drivers/queue/local-queue.ts";
import { LOGIN_FREE_FAILURES } from "../src/modules/auth/login-throttle.service.ts";
import { createServices } from "../src/services.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { uniqueEmail } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const SITE = "https://gyeol.test";
const LIMIT = 4;

/** A documentation address no other test uses, different each run (keys outlive a run by a minute). */
const freshIp = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;

describe.skipIf(!redisUrl).each(TEST_DATABASES)("rate limits across API processes on $name", (database) => {
  const open: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
  });

  /** Two API processes on one database and one Redis: the second has its own services and limiter. */
  async function twoProcesses(env: Record<string, string> = {}) {
    const prefix = `gyeol-rl-${randomBytes(4).toString("hex")}`;
    const local = () => createLocalQueue({ pollMs: 1000 });
    const a: TestApp = await createTestApp({
      database,
      redisPrefix: prefix,
      drivers: { queue: local() },
      env: { PUBLIC_ORIGIN: SITE, REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_MAX: String(LIMIT), ...env },
    });
    open.push(a);
    const services = createServices({ db: a.db, config: a.config, drivers: { queue: local() } });
    const b = await buildApp({ config: a.config, db: a.db, services, redisPrefix: prefix });
    open.push(b);
    return [a.app, b] as const;
  }

  function login(app: FastifyInstance, ip: string, email = uniqueEmail("rl")) {
    return app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: ip,
      headers: { origin: SITE },
      payload: { email, password: "not the password" },
    });
  }

  function expectNetworkLimit(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({ code: "RATE_LIMITED", details: { scope: "network" } });
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  }

  it("counts one address's sign-ins across both processes: the limit, then 429 on either", async () => {
    const [a, b] = await twoProcesses();
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const response = await login(i % 2 === 0 ? a : b, ip);
      expect(response.statusCode, response.body).toBe(401);
    }
    expectNetworkLimit(await login(a, ip));
    expectNetworkLimit(await login(b, ip));
    // Another address is not held by this one's count.
    expect((await login(b, freshIp())).statusCode).toBe(401);
  });

  it("shares every other limit too (register), each route counted on its own", async () => {
    const [a, b] = await twoProcesses();
    const ip = freshIp();
    const registerFrom = (app: FastifyInstance) =>
      app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: ip,
        headers: { origin: SITE },
        payload: { email: "", password: "" },
      });
    for (let i = 0; i < LIMIT; i++) expect((await registerFrom(i % 2 ? a : b)).statusCode).toBe(400);
    const refused = await registerFrom(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    // The login count of this address is still untouched.
    expect((await login(a, ip)).statusCode).toBe(401);
  });

  it("holds one account across both processes, whatever address each attempt comes from", async () => {
    const [a, b] = await twoProcesses({ AUTH_RATE_LIMIT_MAX: "1000" });
    const email = uniqueEmail("held");
    // The free failures, alternating processes; the last of them holds the account, and both
    // processes then refuse it before any password check.
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect((await login(i % 2 ? a : b, freshIp(), email)).statusCode).toBe(401);
    for (const app of [a, b]) {
      const held = await login(app, freshIp(), email);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: "RATE_LIMITED", details: { scope: "account" } });
    }
  });

  it("with Redis unreachable, counts in the process: sign-in answers at once and is still limited", async () => {
    const t = await createTestApp({
      database,
      drivers: { queue: createLocalQueue({ pollMs: 1000 }) },
      // A port nothing listens on.
      env: { PUBLIC_ORIGIN: SITE, REDIS_URL: "redis://127.0.0.1:9/0", AUTH_RATE_LIMIT_MAX: String(LIMIT) },
    });
    open.push(t);
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const started = Date.now();
      expect((await login(t.app, ip)).statusCode).toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    expectNetworkLimit(await login(t.app, ip));
  });
});
