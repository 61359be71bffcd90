/**
 * Demo mode (spec README: the original's localhost fake user, made an explicit server setting):
 * on, visitors are the demo user (credits 999999, plan pro, isDemoUser); off, no demo user on any
 * host, not even with a demo session cookie from before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { isDemoUser } from "../src/modules/users/demo-user.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { check, sessionCookieFrom } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const HOSTS = ["localhost", "localhost:5000", "127.0.0.1:3000", "[::1]:3000", "gyeol.app"];

describe.each(TEST_DATABASES)("demo mode on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("signs a visitor in as the demo user without a password", async () => {
    t = await createTestApp({ database, env: { DEMO_MODE: "true" } });
    const first = await check(t.app);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isAuthenticated: true,
      user: { credits: 999_999, plan: "pro", isDemoUser: true, isAdmin: false },
    });
    const cookie = sessionCookieFrom(first);
    expect((await check(t.app, cookie)).json().user.id).toBe(first.json().user.id);
    // One demo user, however many visitors.
    await check(t.app);
    const users = await t.services.users.list();
    expect(users).toHaveLength(1);
    expect(isDemoUser(users[0])).toBe(true);
    // The demo account cannot be deleted.
    const deleted = await t.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { cookie },
      payload: { confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(403);
  });

  it("lets the visitor sign out of the demo user", async () => {
    t = await createTestApp({ database, env: { DEMO_MODE: "true" } });
    const cookie = sessionCookieFrom(await check(t.app));
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    const off = logout.cookies.find((c) => c.name === "gyeol_demo_off");
    expect(off?.value).toBe("1");
    const after = await check(t.app, `gyeol_demo_off=1`);
    expect(after.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it("never honours a demo user when the setting is off, on any host", async () => {
    const demo = await createTestApp({ database, env: { DEMO_MODE: "true" } });
    const cookie = sessionCookieFrom(await check(demo.app));
    // The same database, served again with demo mode off (the default).
    const off = await createTestApp({ database, env: { DATABASE_URL: demo.env.DATABASE_URL! } });
    try {
      for (const host of HOSTS) {
        const visitor = await off.app.inject({ method: "GET", url: "/api/auth/check", headers: { host } });
        expect(visitor.json()).toEqual({ isAuthenticated: false, user: null });
        const stale = await off.app.inject({
          method: "GET",
          url: "/api/auth/check",
          headers: { host, cookie },
        });
        expect(stale.statusCode).toBe(401);
        const tool = await off.app.inject({
          method: "GET",
          url: "/api/account/sign-in-methods",
          headers: { host },
        });
        expect(tool.statusCode).toBe(401);
      }
      await expect(off.services.auth.signInDemo({ ip: null, userAgent: null })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    } finally {
      await off.close();
      await demo.close();
    }
  });
});
