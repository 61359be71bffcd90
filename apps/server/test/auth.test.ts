import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "../src/lib/clock.ts";
import { RECENT_SESSION_MS } from "../src/modules/auth/auth.service.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { check, register, sessionCookieFrom, TEST_PASSWORD, uniqueEmail } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("auth on $name", (database) => {
  let t: TestApp;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = createFakeClock();
    t = await createTestApp({ database, clock });
  });
  afterEach(async () => {
    await t.close();
  });

  it("registers, logs in, checks, logs out, and then treats the old cookie as expired", async () => {
    const email = uniqueEmail("Flow").toUpperCase();
    const signup = await register(t.app, { email, name: "  김결  " });
    expect(signup.body).toMatchObject({
      success: true,
      email: email.toLowerCase(),
      nickname: "김결",
      credits: 0,
      user: { name: "김결", plan: "free", bonus_credits: 0, balance: 0 },
    });
    const setCookie = signup.response.cookies.find((c) => c.name === "gyeol_session");
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 30 * 24 * 3600 });

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: email.toLowerCase(), password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, id: signup.body.id, nickname: "김결", credits: 0 });
    const cookie = sessionCookieFrom(login);

    const signedIn = await check(t.app, cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    expect(signedIn.json()).toMatchObject({
      isAuthenticated: true,
      user: { id: signup.body.id, email: email.toLowerCase() },
    });

    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    expect(logout.cookies.find((c) => c.name === "gyeol_session")?.value).toBe("");

    const anonymous = await check(t.app);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ isAuthenticated: false, user: null });

    const expired = await check(t.app, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      success: false,
      isAuthenticated: false,
      user: null,
      code: "SESSION_EXPIRED",
      error: "Your login has expired. Please log in again!",
      message: "Your login has expired. Please log in again!",
    });
    expect(expired.cookies.find((c) => c.name === "gyeol_session")?.value).toBe("");

    // The registration session is a separate row and still works.
    expect((await check(t.app, signup.cookie)).statusCode).toBe(200);
  });

  it("answers logout without a session with success", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it("refuses a taken e-mail with 409 EMAIL_TAKEN, whatever its case", async () => {
    const { email } = await register(t.app);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "Other",
        email: email.toUpperCase(),
        password: "another-password",
        ageConfirmed: true,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      code: "EMAIL_TAKEN",
      error: "This e-mail is already registered.",
    });
    expect(again.cookies).toHaveLength(0);
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const { email } = await register(t.app);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "not-the-password" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: uniqueEmail("nobody"), password: "not-the-password" },
    });
    const expected = {
      success: false,
      code: "INVALID_CREDENTIALS",
      error: "E-mail or password is incorrect.",
    };
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);
    expect(wrong.cookies).toHaveLength(0);
  });

  it("makes the first user an administrator and the second a regular user", async () => {
    const first = await register(t.app);
    const second = await register(t.app);
    expect(first.body.id).toBe(1);
    expect(first.body.user.isAdmin).toBe(true);
    expect(second.body.user.isAdmin).toBe(false);
    const rows = await t.services.users.list();
    expect(rows.map((u) => u.role)).toEqual(["admin", "user"]);
  });

  it("stores only an argon2id hash of the password and a hash of the session token", async () => {
    const { email, cookie } = await register(t.app);
    const user = await t.services.users.findByEmail(email);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const token = cookie.split("=")[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.services.auth.authenticate(token)).not.toBeNull();
  });

  it("expires a session after SESSION_TTL_DAYS and slides it forward at most once a day", async () => {
    const { cookie } = await register(t.app);
    clock.advance(DAY_MS / 2);
    const early = await check(t.app, cookie);
    expect(early.statusCode).toBe(200);
    expect(early.cookies).toHaveLength(0);

    clock.advance(DAY_MS);
    const renewed = await check(t.app, cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.cookies.find((c) => c.name === "gyeol_session")?.maxAge).toBe(30 * 24 * 3600);

    // 30 days after sign-up but under 30 days after the renewal: still signed in.
    clock.advance(29 * DAY_MS);
    expect((await check(t.app, cookie)).statusCode).toBe(200);

    clock.advance(31 * DAY_MS);
    const expired = await check(t.app, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("SESSION_EXPIRED");
    expect(await t.services.auth.deleteExpiredSessions()).toBe(1);
  });

  it("lets polls reuse a session check for RECENT_SESSION_MS, and logout ends it at once", async () => {
    const history = (cookie: string, id: number) =>
      t.app.inject({ url: `/api/image/history/${id}?source=upscale`, headers: { cookie } });
    // Signed out in another API process: the row is gone, this process still has a recent check.
    const a = await register(t.app);
    expect((await history(a.cookie, a.body.id)).statusCode).toBe(200);
    await t.db.kysely.deleteFrom("sessions").execute();
    expect((await history(a.cookie, a.body.id)).statusCode).toBe(200);
    // Writes and account data never use the recent check.
    expect((await check(t.app, a.cookie)).statusCode).toBe(401);
    clock.advance(RECENT_SESSION_MS);
    const stale = await history(a.cookie, a.body.id);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe("AUTH_REQUIRED");

    // Signed out here: refused on the very next poll.
    const b = await register(t.app);
    expect((await history(b.cookie, b.body.id)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: b.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect((await history(b.cookie, b.body.id)).statusCode).toBe(401);
  });

  it("shares one session lookup among polls that arrive together", async () => {
    const { cookie, body } = await register(t.app);
    const token = cookie.split("=")[1]!;
    const lookups: string[] = [];
    const find = t.services.store.sessions.findActiveWithUser;
    t.services.store.sessions.findActiveWithUser = (id, now) => {
      lookups.push(id);
      return find(id, now);
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.services.auth.authenticateRecent(token)),
    );
    expect(answers.every((found) => found?.user.id === body.id)).toBe(true);
    expect(lookups).toHaveLength(1);
    expect(await t.services.auth.authenticateRecent("made-up-token")).toBeNull();
    expect(await t.services.auth.authenticateRecent("made-up-token")).toBeNull();
    expect(lookups).toHaveLength(3);
  });

  it("answers 401 SESSION_EXPIRED for a made-up cookie", async () => {
    const response = await check(t.app, "gyeol_session=made-up-token");
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("SESSION_EXPIRED");
  });
});
