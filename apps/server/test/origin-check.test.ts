/**
 * The Origin rule for writes (issue 11, http/origin-check.ts): a POST, PUT, PATCH or DELETE must
 * come with this site's Origin, or, without Origin, this site's Referer. The signed payment
 * webhooks are the only routes that take neither, and every other write route refuses them.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { SANDBOX_PRICE_IDS } from "../src/drivers/payments/price-book.ts";
import { signPayload } from "../src/drivers/payments/webhook-signature.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register, TEST_PASSWORD, uniqueEmail } from "./helpers/http.ts";
import { newId, paddleEvent, TEST_SANDBOX_SECRET, transactionEntity } from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
/** The routes that prove themselves with a signature instead (billing.routes.ts). */
const SIGNED_WEBHOOKS = ["/api/payment/webhook", "/api/payment/webhook/:provider"];

/** Every route of the app with its methods, read from Fastify's own route tree. */
function listRoutes(app: FastifyInstance): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = `${parents[depth - 1] ?? ""}${match[2]}`;
    parents.push(path);
    routes.push({ path, methods: match[3]!.split(", ") });
  }
  return routes;
}

/** A URL the route matches: parameters and wildcards filled in. */
function urlOf(path: string): string {
  const filled = path.replace(/:provider/g, "sandbox").replace(/:[A-Za-z]+/g, "1");
  return filled === "*" ? "/anything" : filled.replace(/\*$/, "x");
}

describe.each(TEST_DATABASES)("the Origin rule for writes on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const registerWith = (headers: Record<string, string | undefined>) =>
    t!.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers,
      payload: { name: "Kim", email: uniqueEmail("origin"), password: TEST_PASSWORD, ageConfirmed: true },
    });

  it("refuses a write that names no site at all, and writes nothing", async () => {
    t = await createTestApp({ database });
    const response = await registerWith({ origin: undefined });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: "ORIGIN_MISMATCH" });
    expect(response.json().error).toContain("no Origin or Referer");
    expect(await t.services.users.list()).toHaveLength(0);

    const { cookie } = await register(t.app);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: undefined, cookie },
    });
    expect(logout.statusCode).toBe(403);
    const stillIn = await t.app.inject({ url: "/api/auth/check", headers: { cookie } });
    expect(stillIn.json().isAuthenticated).toBe(true);
  });

  it("accepts a write without Origin when its Referer is a page of this site", async () => {
    t = await createTestApp({ database, env: { PUBLIC_ORIGIN: "https://gyeol.app" } });
    const own = await registerWith({ origin: undefined, referer: "http://localhost:80/en/signup?next=%2F" });
    expect(own.statusCode).toBe(200);
    const viaPublic = await registerWith({
      origin: undefined,
      host: "internal:3000",
      referer: "https://gyeol.app/signup",
    });
    expect(viaPublic.statusCode).toBe(200);
    expect(await t.services.users.list()).toHaveLength(2);
  });

  it("refuses a write whose Referer is another site, or is not a web address", async () => {
    t = await createTestApp({ database, env: { PUBLIC_ORIGIN: "https://gyeol.app" } });
    for (const referer of [
      "https://evil.example/signup",
      "https://gyeol.app.evil.example/",
      "http://gyeol.app/signup",
      "https://evil.example/?https://gyeol.app/",
      "//gyeol.app/signup",
      "/signup",
      "about:blank",
      "null",
      "",
    ]) {
      const response = await registerWith({ origin: undefined, referer });
      expect(response.statusCode, referer).toBe(403);
      expect(response.json().code).toBe("ORIGIN_MISMATCH");
    }
    // Origin, when sent, decides: a same-site Referer does not rescue `Origin: null` or another site.
    for (const origin of ["null", "https://evil.example"]) {
      const response = await registerWith({ origin, referer: "https://gyeol.app/signup" });
      expect(response.statusCode, origin).toBe(403);
    }
    expect(await t.services.users.list()).toHaveLength(0);
  });

  it("takes signed webhooks without Origin or Referer, on both webhook paths", async () => {
    t = await createTestApp({ database, env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET } });
    const { body } = await register(t.app);
    for (const url of ["/api/payment/webhook", "/api/payment/webhook/sandbox"]) {
      const event = JSON.stringify(
        paddleEvent(
          "transaction.completed",
          transactionEntity({ id: newId("txn"), userId: body.id, priceId: SANDBOX_PRICE_IDS.package1 }),
          new Date().toISOString(),
        ),
      );
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: {
          origin: undefined,
          "content-type": "application/json",
          "paddle-signature": signPayload(event, TEST_SANDBOX_SECRET, new Date()),
        },
        payload: event,
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ success: true, outcome: "processed" });
    }
  });

  it("exempts the signed webhooks and no other write route", async () => {
    t = await createTestApp({ database });
    const writes = listRoutes(t.app).flatMap(({ path, methods }) =>
      methods
        .filter((m) => (WRITE_METHODS as readonly string[]).includes(m))
        .map((method) => ({ path, method })),
    );
    // The list is read from the app, so a new write route is covered the day it is added.
    expect(writes.length).toBeGreaterThan(25);
    expect(writes.map((w) => w.path)).toEqual(expect.arrayContaining(SIGNED_WEBHOOKS));
    for (const { path, method } of writes) {
      const response = await t.app.inject({
        method: method as (typeof WRITE_METHODS)[number],
        url: urlOf(path),
        headers: { origin: undefined, "content-type": "application/json" },
        payload: "{}",
      });
      const refused = response.statusCode === 403 && response.json().code === "ORIGIN_MISMATCH";
      expect(refused, `${method} ${path} → ${response.statusCode} ${response.body}`).toBe(
        !SIGNED_WEBHOOKS.includes(path),
      );
    }
  });
});
