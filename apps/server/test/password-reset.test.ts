/** Password reset by e-mail: hashed single-use tokens, one hour, the same answer for any e-mail. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryMailDriver } from "../src/drivers/mail/mail-driver.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { check, register, TEST_PASSWORD } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("password reset on $name", (database) => {
  let t: TestApp;
  let clock: FakeClock;
  let mail: ReturnType<typeof createMemoryMailDriver>;

  beforeEach(async () => {
    clock = createFakeClock(new Date());
    mail = createMemoryMailDriver();
    t = await createTestApp({
      database,
      clock,
      drivers: { mail },
      env: { PUBLIC_ORIGIN: "https://gyeol.app" },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const forgot = (email: string, locale?: "ko" | "en") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/password/forgot",
      payload: { email, ...(locale ? { locale } : {}) },
    });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/password/reset", payload: { token, password } });
  const tokenOf = (text: string) => new URL(text.match(/https:\S+/)![0]).searchParams.get("token")!;

  it("mails a one-hour, single-use link and signs the account out everywhere on reset", async () => {
    const { email, cookie } = await register(t.app);
    const response = await forgot(email.toUpperCase(), "en");
    expect(response.json()).toEqual({ success: true });
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({ to: email, subject: "[Gyeol] Reset your password" });
    expect(mail.sent[0]!.text).toContain("https://gyeol.app/en/reset-password?token=");
    const token = tokenOf(mail.sent[0]!.text);
    const stored = await t.db.kysely.selectFrom("password_reset_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);

    expect((await reset(token, "short")).statusCode).toBe(400);
    const done = await reset(token, "a brand new password");
    expect(done.json()).toEqual({ success: true });
    expect((await check(t.app, cookie)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "a brand new password" },
    });
    expect(login.statusCode).toBe(200);
    const again = await reset(token, "yet another password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_RESET_TOKEN" });
  });

  it("builds the link from PUBLIC_ORIGIN whatever Host the request names", async () => {
    const { email } = await register(t.app);
    for (const host of ["evil.example", "gyeol.app.evil.example:8443", "localhost:3000"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/password/forgot",
        headers: { host, "x-forwarded-host": host, "x-forwarded-proto": "http" },
        payload: { email, locale: "en" },
      });
      expect(response.statusCode).toBe(200);
      const text = mail.sent.at(-1)!.text;
      expect(text).toContain("https://gyeol.app/en/reset-password?token=");
      expect(text).not.toContain(host);
    }
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const response = await forgot("nobody@example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(mail.sent).toHaveLength(0);
  });

  it("refuses a link after an hour, and an older link once a newer one was asked for", async () => {
    const { email } = await register(t.app);
    await forgot(email);
    const first = tokenOf(mail.sent[0]!.text);
    expect(mail.sent[0]!.subject).toBe("[결] 비밀번호 재설정 안내");
    await forgot(email);
    const second = tokenOf(mail.sent[1]!.text);
    expect((await reset(first, "new password one")).statusCode).toBe(400);
    clock.advance(60 * 60 * 1000 + 1);
    expect((await reset(second, "new password two")).statusCode).toBe(400);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe.each(TEST_DATABASES)("password reset without PUBLIC_ORIGIN on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("refuses with 503 MAIL_LINKS_NOT_CONFIGURED before a token exists, whatever the request says", async () => {
    const mail = createMemoryMailDriver();
    // OAUTH_REDIRECT_BASE and TRUST_PROXY are no stand-in: links come from PUBLIC_ORIGIN alone.
    t = await createTestApp({
      database,
      drivers: { mail },
      env: { OAUTH_REDIRECT_BASE: "https://callbacks.gyeol.app", TRUST_PROXY: "true" },
    });
    const { email } = await register(t.app);
    for (const host of ["evil.example", "localhost:80"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/password/forgot",
        headers: { host, "x-forwarded-host": host },
        payload: { email, locale: "en" },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: "MAIL_LINKS_NOT_CONFIGURED" });
    }
    expect(mail.sent).toHaveLength(0);
    expect(await t.db.kysely.selectFrom("password_reset_tokens").selectAll().execute()).toEqual([]);
    // A bad body is still a 400 first: the operator error does not hide the caller's mistake.
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/auth/password/forgot",
      payload: { email: "not-an-email" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
