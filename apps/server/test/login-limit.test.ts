/**
 * The per-account login limit (issue 11): wrong passwords for one account from any number of
 * addresses hold that account for 1 s, 2 s, 4 s … (at most 15 minutes), answered 429 before the
 * password is looked at; a correct password after the hold, a password reset, or a day without
 * failures clears it; a browser that signed in to the account before is not held by strangers'
 * failures. The per-IP limit answers with Retry-After and says what to do.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryMailDriver } from "../src/drivers/mail/mail-driver.ts";
import { DAY_MS } from "../src/lib/clock.ts";
import { LOGIN_BACKOFF_MAX_MS, LOGIN_FREE_FAILURES } from "../src/modules/auth/login-throttle.service.ts";
import { KNOWN_DEVICE_COOKIE } from "../src/modules/auth/signed-cookie.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { register, TEST_PASSWORD, uniqueEmail } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const WRONG = "not the password at all";

describe.each(TEST_DATABASES)("login limit on $name", (database) => {
  let t: TestApp | undefined;
  let clock: FakeClock;
  let mail: ReturnType<typeof createMemoryMailDriver>;
  let ipCounter = 0;

  async function setUp(env: Record<string, string> = {}) {
    clock = createFakeClock(new Date("2026-03-01T00:00:00Z"));
    mail = createMemoryMailDriver();
    t = await createTestApp({
      database,
      clock,
      drivers: { mail },
      env: { PUBLIC_ORIGIN: "https://gyeol.app", ...env },
    });
    return t;
  }
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A new address each call: the attacker who rotates IPs. */
  const nextIp = () => {
    ipCounter += 1;
    return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  };

  function login(
    email: string,
    password: string,
    { ip = nextIp(), cookie }: { ip?: string; cookie?: string } = {},
  ) {
    return t!.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });
  }

  function expectHeld(response: LightMyRequestResponse, seconds: number) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.headers["retry-after"]).toBe(String(seconds));
    expect(response.json()).toMatchObject({
      success: false,
      code: "RATE_LIMITED",
      details: { scope: "account", retryAfterSeconds: seconds },
    });
    expect(response.json().error).toMatch(/reset your password/);
  }

  async function failTimes(email: string, times: number) {
    for (let i = 0; i < times; i++) expect((await login(email, WRONG)).statusCode).toBe(401);
  }

  /** `times` wrong passwords checked, waiting out each hold in between (as a patient attacker). */
  async function failWaiting(email: string, times: number) {
    for (let failed = 0; failed < times; ) {
      const response = await login(email, WRONG);
      if (response.statusCode === 429) clock.advance(Number(response.headers["retry-after"]) * 1000);
      else {
        expect(response.statusCode).toBe(401);
        failed++;
      }
    }
  }

  it("holds an account after wrong passwords from many addresses, then lets the right one in", async () => {
    await setUp();
    const { email } = await register(t!.app);
    await failTimes(email, LOGIN_FREE_FAILURES);

    // Inside the hold even the right password is refused, from a fresh address, unchecked.
    expectHeld(await login(email, TEST_PASSWORD), 1);
    clock.advance(999);
    expectHeld(await login(email, TEST_PASSWORD), 1);
    clock.advance(1);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);

    // The success cleared the count: the free tries are back.
    await failTimes(email, LOGIN_FREE_FAILURES - 1);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("doubles the hold up to 15 minutes, and held attempts neither count nor lengthen it", async () => {
    await setUp();
    const { email } = await register(t!.app);
    await failTimes(email, LOGIN_FREE_FAILURES);
    const holds: number[] = [];
    for (let i = 0; i < 12; i++) {
      const held = await login(email, WRONG);
      expect(held.statusCode).toBe(429);
      const seconds = Number(held.headers["retry-after"]);
      holds.push(seconds);
      // Hammering inside the hold changes nothing.
      for (let j = 0; j < 3; j++) expectHeld(await login(email, WRONG), seconds);
      clock.advance(seconds * 1000);
      expect((await login(email, WRONG)).statusCode).toBe(401);
    }
    expect(holds).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(LOGIN_BACKOFF_MAX_MS).toBe(900_000);
  });

  it("answers unknown e-mails the same way, so the limit does not tell who has an account", async () => {
    await setUp();
    const nobody = uniqueEmail("nobody");
    await failTimes(nobody, LOGIN_FREE_FAILURES);
    expectHeld(await login(nobody, WRONG), 1);
  });

  it("lifts the hold when the owner resets the password by e-mail", async () => {
    await setUp();
    const { email } = await register(t!.app);
    await failWaiting(email, LOGIN_FREE_FAILURES + 3);
    expectHeld(await login(email, TEST_PASSWORD), 8);

    await t!.app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email } });
    const token = new URL(mail.sent.at(-1)!.text.match(/https:\S+/)![0]).searchParams.get("token")!;
    const reset = await t!.app.inject({
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { token, password: "a brand new password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, "a brand new password")).statusCode).toBe(200);
  });

  it("forgets failures a day after the last one", async () => {
    await setUp();
    const { email } = await register(t!.app);
    await failTimes(email, LOGIN_FREE_FAILURES - 1);
    clock.advance(DAY_MS + 1);
    await failTimes(email, LOGIN_FREE_FAILURES - 1);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    const rows = await t!.db.kysely.selectFrom("login_failures").selectAll().execute();
    expect(rows).toEqual([]);

    // What is left behind by strangers is swept by the cron a day later.
    await failTimes(uniqueEmail("sprayed"), 2);
    expect(await t!.app.services.auth.deleteForgottenLoginFailures()).toBe(0);
    clock.advance(DAY_MS + 1);
    expect(await t!.app.services.auth.deleteForgottenLoginFailures()).toBe(1);
  });

  it("counts failures that arrive together at once", async () => {
    await setUp();
    const { email } = await register(t!.app);
    const answers = await Promise.all(Array.from({ length: LOGIN_FREE_FAILURES }, () => login(email, WRONG)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(LOGIN_FREE_FAILURES).fill(401));
    expectHeld(await login(email, TEST_PASSWORD), 1);
  });

  it("does not hold a browser that signed in to the account before", async () => {
    await setUp();
    const { email, response } = await register(t!.app);
    const device = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE.name);
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/login" });
    const ownBrowser = `${KNOWN_DEVICE_COOKIE.name}=${device!.value}`;

    await failWaiting(email, LOGIN_FREE_FAILURES + 1);
    expectHeld(await login(email, TEST_PASSWORD), 2);
    const owner = await login(email, TEST_PASSWORD, { cookie: ownBrowser });
    expect(owner.statusCode, owner.body).toBe(200);

    // Its own wrong passwords are limited the same way, on a count of its own.
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect((await login(email, WRONG, { cookie: ownBrowser })).statusCode).toBe(401);
    expectHeld(await login(email, TEST_PASSWORD, { cookie: ownBrowser }), 1);
    // A cookie for another account, or a forged one, is a stranger's.
    const other = await register(t!.app);
    await failTimes(other.email, LOGIN_FREE_FAILURES);
    expectHeld(await login(other.email, TEST_PASSWORD, { cookie: ownBrowser }), 1);
    const forged = `${KNOWN_DEVICE_COOKIE.name}=${device!.value.slice(0, -2)}xx`;
    expectHeld(await login(other.email, TEST_PASSWORD, { cookie: forged }), 1);
  });

  it("answers the per-address limit with Retry-After and what to do, except to a known browser", async () => {
    await setUp({ AUTH_RATE_LIMIT_MAX: "3" });
    const { email, response } = await register(t!.app);
    const device = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE.name)!;
    const ip = "203.0.113.7";
    for (let i = 0; i < 3; i++) expect((await login(email, WRONG, { ip })).statusCode).toBe(401);
    const limited = await login(email, TEST_PASSWORD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      code: "RATE_LIMITED",
      details: { scope: "network", retryAfterSeconds: Number(limited.headers["retry-after"]) },
    });
    expect(limited.json().error).toMatch(/browser you have used before/);
    // The owner on the same busy network, in a browser that signed in before, gets in.
    const owner = await login(email, TEST_PASSWORD, {
      ip,
      cookie: `${KNOWN_DEVICE_COOKIE.name}=${device.value}`,
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});
