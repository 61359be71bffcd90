import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register, TEST_PASSWORD, uniqueEmail } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("request security on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("refuses a cross-origin POST with 403 ORIGIN_MISMATCH and changes nothing", async () => {
    t = await createTestApp({ database });
    const { cookie } = await register(t.app);
    const evil = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: "https://evil.example" },
      payload: { name: "Evil", email: uniqueEmail("evil"), password: TEST_PASSWORD, ageConfirmed: true },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ success: false, code: "ORIGIN_MISMATCH" });
    expect(await t.services.users.list()).toHaveLength(1);

    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example", cookie },
    });
    expect(logout.statusCode).toBe(403);
    const stillIn = await t.app.inject({ method: "GET", url: "/api/auth/check", headers: { cookie } });
    expect(stillIn.json().isAuthenticated).toBe(true);

    // "null" (sandboxed frames, file://) is not an origin we trust either.
    const nullOrigin = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/ensure-code",
      headers: { origin: "null", cookie },
    });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it("accepts the request's own origin and PUBLIC_ORIGIN", async () => {
    t = await createTestApp({ database, env: { PUBLIC_ORIGIN: "https://gyeol.app/" } });
    const own = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: { name: "Own", email: uniqueEmail("own"), password: TEST_PASSWORD, ageConfirmed: true },
    });
    expect(own.statusCode).toBe(200);
    const publicOrigin = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: "https://gyeol.app", host: "internal:3000" },
      payload: { name: "Public", email: uniqueEmail("public"), password: TEST_PASSWORD, ageConfirmed: true },
    });
    expect(publicOrigin.statusCode).toBe(200);
    // https PUBLIC_ORIGIN makes the session cookie Secure (COOKIE_SECURE=auto).
    expect(publicOrigin.cookies.find((c) => c.name === "gyeol_session")?.secure).toBe(true);
  });

  it("lets a route opt out of the Origin check (signed webhooks)", async () => {
    t = await createTestApp({ database });
    t.app.post("/api/test/webhook", { config: { originCheck: false } }, async () => ({ success: true }));
    const response = await t.app.inject({
      method: "POST",
      url: "/api/test/webhook",
      headers: { origin: "https://payments.example" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 AUTH_REQUIRED on ensure-code after logout", async () => {
    t = await createTestApp({ database });
    const { cookie } = await register(t.app);
    const before = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/ensure-code",
      headers: { cookie },
    });
    expect(before.statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    const after = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/ensure-code",
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: "AUTH_REQUIRED" });
  });

  it("rate-limits login and register per IP, each on its own counter", async () => {
    t = await createTestApp({ database, env: { AUTH_RATE_LIMIT_MAX: "3" } });
    const attempt = () =>
      t!.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: uniqueEmail("rl"), password: "wrong-password" },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect(limited.headers["retry-after"]).toBeDefined();

    // Another address is not affected, and register has its own budget.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "203.0.113.9",
      payload: { email: uniqueEmail("rl"), password: "wrong-password" },
    });
    expect(other.statusCode).toBe(401);
    await register(t.app);
  });

  it("lets requireAdmin through for administrators only", async () => {
    t = await createTestApp({ database });
    const app = t.app;
    app.get("/api/test/admin-only", { preHandler: app.guards.requireAdmin }, async () => ({ ok: true }));
    const admin = await register(app);
    const user = await register(app);
    expect(
      (await app.inject({ url: "/api/test/admin-only", headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    const forbidden = await app.inject({ url: "/api/test/admin-only", headers: { cookie: user.cookie } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe("FORBIDDEN");
    const anonymous = await app.inject({ url: "/api/test/admin-only" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("AUTH_REQUIRED");
  });

  it("sends pages security headers and a CSP the SPA can live with", async () => {
    t = await createTestApp({ database });
    const response = await t.app.inject({ url: "/en/upscale" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("https://accounts.google.com");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
  });

  it("sends API answers the short API set: nothing may load or frame them, nothing may cache them", async () => {
    t = await createTestApp({ database });
    for (const url of ["/api/feature/flags", "/api/nope"]) {
      const response = await t.app.inject({ url });
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["referrer-policy"]).toBe("same-origin");
    }
  });

  it("turns off every browser feature the app does not use, on pages and API answers alike", async () => {
    t = await createTestApp({ database });
    const { cookie } = await register(t.app);
    const checkout = await t.app.inject({
      method: "POST",
      url: "/api/payment/checkout",
      headers: { cookie },
      payload: { plan: "basic" },
    });
    const urls = [
      "/",
      "/en/upscale",
      "/nope",
      "/api/feature/flags",
      "/api/nope",
      checkout.json().checkout_url,
    ];
    for (const url of urls) {
      const policy = String((await t.app.inject({ url })).headers["permissions-policy"]);
      const directives = new Map(
        policy.split(", ").map((directive) => directive.split("=") as [string, string]),
      );
      for (const feature of ["camera", "microphone", "geolocation", "payment", "interest-cohort", "usb"]) {
        expect(directives.get(feature), `${url} ${feature}`).toBe("()");
      }
      // What the app uses: copying the share link, and FedCM for Google sign-in. Nothing else.
      const allowed = [...directives].filter(([, allowlist]) => allowlist !== "()");
      expect(allowed, url).toEqual([
        ["clipboard-write", "(self)"],
        ["identity-credentials-get", '(self "https://accounts.google.com")'],
      ]);
    }
  });

  it.each([
    ["unset", {}],
    ["http", { PUBLIC_ORIGIN: "http://gyeol.lan:3000" }],
  ])("sends no HSTS and plain cookies when PUBLIC_ORIGIN is %s", async (_name, env) => {
    t = await createTestApp({ database, env });
    for (const url of ["/en/upscale", "/api/feature/flags"]) {
      const response = await t.app.inject({ url });
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
      expect(String(response.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
    }
    const { response } = await register(t.app);
    expect(response.cookies.find((c) => c.name === "gyeol_session")?.secure).toBeUndefined();
  });

  it("sends HSTS and Secure cookies when PUBLIC_ORIGIN is https; COOKIE_SECURE can still say false", async () => {
    t = await createTestApp({ database, env: { PUBLIC_ORIGIN: "https://gyeol.app" } });
    for (const url of ["/en/upscale", "/api/feature/flags"]) {
      const response = await t.app.inject({ url });
      expect(response.headers["strict-transport-security"], url).toBe("max-age=15552000; includeSubDomains");
    }
    const { response } = await register(t.app);
    expect(response.cookies.find((c) => c.name === "gyeol_session")?.secure).toBe(true);
    await t.close();

    t = await createTestApp({
      database,
      env: { PUBLIC_ORIGIN: "https://gyeol.app", COOKIE_SECURE: "false" },
    });
    expect((await t.app.inject({ url: "/" })).headers["strict-transport-security"]).toBeDefined();
    const plain = await register(t.app);
    expect(plain.response.cookies.find((c) => c.name === "gyeol_session")?.secure).toBeUndefined();
  });

  it("sends the Referer to this site only (the sandbox form's Origin and the checkout language need it)", async () => {
    t = await createTestApp({ database });
    const response = await t.app.inject({ url: "/api/feature/flags" });
    expect(response.headers["referrer-policy"]).toBe("same-origin");
  });
});
