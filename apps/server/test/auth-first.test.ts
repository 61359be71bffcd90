/**
 * Authenticate first, then validate (issue 11): every route that has a guard answers a visitor
 * 401 and a signed-in non-admin on an admin route 403, whatever the body, query or params look
 * like; only a caller who may use the route hears about its body rules. The routes come from the
 * app itself (the guards' onRoute inventory), so a route added later is covered without editing
 * this file.
 */
import fastifyCookie from "@fastify/cookie";
import Fastify, { type InjectOptions, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../src/http/error-handler.ts";
import type { GuardedRoute } from "../src/modules/auth/auth.guards.ts";
import { type ChatFake, startChatFake } from "./fakes/openai-chat-fake.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { check, register } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const HAS_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Bodies and queries no route accepts: each would be a 400 (or 413, 415) for a caller with rights. */
const BAD_REQUESTS: Array<{ name: string; payload?: string; contentType?: string; query: string }> = [
  {
    name: "wrong types",
    payload: JSON.stringify({ url: 42, input: "x", key: [], mime: "text/html", password: { $gt: "" } }),
    contentType: "application/json",
    query: "limit=-5&offset=abc&url=",
  },
  { name: "malformed JSON", payload: '{"url": "/files/', contentType: "application/json", query: "limit=[" },
  { name: "text/plain body", payload: "url=/etc/passwd", contentType: "text/plain", query: "offset=-1" },
  {
    name: "body over the limit",
    payload: JSON.stringify({ url: "x".repeat(1536 * 1024) }),
    contentType: "application/json",
    query: `url=${"x".repeat(4000)}`,
  },
];

/** A concrete URL for a route pattern, with params no schema accepts. */
function concreteUrl(pattern: string, query: string): string {
  const path = pattern.replace(/:[A-Za-z0-9_]+/g, "not-an-id").replace(/\*/g, "x");
  return `${path}?${query}`;
}

function badRequest(route: GuardedRoute, bad: (typeof BAD_REQUESTS)[number], cookie?: string): InjectOptions {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const withBody = HAS_BODY.has(route.method) && bad.payload !== undefined;
  if (withBody && bad.contentType) headers["content-type"] = bad.contentType;
  return {
    method: route.method as InjectOptions["method"],
    url: concreteUrl(route.url, bad.query),
    headers,
    ...(withBody ? { payload: bad.payload } : {}),
  };
}

function describeAnswer(route: GuardedRoute, bad: { name: string }, response: LightMyRequestResponse) {
  return `${route.method} ${route.url} (${bad.name}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
}

describe.each(TEST_DATABASES)("guards before validation on $name", (database) => {
  let t: TestApp;
  let routes: readonly GuardedRoute[];
  let userCookie: string;
  let chatFake: ChatFake | undefined;

  beforeAll(async () => {
    // A language model is connected (the contract fake), so the chat and helper routes reach
    // their body rules instead of answering 503 LLM_NOT_CONFIGURED before reading a body.
    chatFake = await startChatFake();
    t = await createTestApp({
      database,
      env: { LLM_BASE_URL: chatFake.baseUrl, LLM_MODEL: chatFake.model },
    });
    await t.app.ready();
    routes = t.app.guards.guardedRoutes();
    // The first account is the administrator (spec 01 §6); the second is a member.
    await register(t.app, { name: "운영자" });
    const member = await register(t.app, { name: "Member" });
    expect((await check(t.app, member.cookie)).json().user.isAdmin).toBe(false);
    userCookie = member.cookie;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await chatFake?.close();
  });

  it("finds the guarded routes of every module in the app itself", () => {
    const names = routes.map((route) => `${route.method} ${route.url} ${route.guard}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "POST /api/runpod-upscale user",
        "GET /api/image/status/:jobId reader",
        "POST /api/image/upload-s3 user",
        "POST /api/image/presign-upload user",
        "POST /api/image/confirm-upload user",
        "POST /api/image/presign-download user",
        "GET /api/image/download user",
        "GET /api/image/history/:userId reader",
        "POST /api/image/regions user",
        "POST /api/account/delete user",
        "GET /api/account/sign-in-methods user",
        "POST /api/affiliate/ensure-code user",
        "GET /api/credits/history user",
        "POST /api/payment/checkout user",
        "POST /api/payment/change-plan user",
        "POST /api/notices admin",
        "PUT /api/notices/:id admin",
        "DELETE /api/notices/:id admin",
      ]),
    );
  });

  it("answers a visitor 401 AUTH_REQUIRED on every guarded route, before any body or query rule", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const bad of BAD_REQUESTS) {
        const response = await t.app.inject(badRequest(route, bad));
        const isAuthRequired =
          response.statusCode === 401 &&
          (route.method === "HEAD" || response.json().code === "AUTH_REQUIRED");
        if (!isAuthRequired) wrong.push(describeAnswer(route, bad, response));
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a signed-in member 403 on every admin route, before any body or query rule", async () => {
    const adminRoutes = routes.filter((route) => route.guard === "admin");
    expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      for (const bad of BAD_REQUESTS) {
        const response = await t.app.inject(badRequest(route, bad, userCookie));
        const isForbidden =
          response.statusCode === 403 && (route.method === "HEAD" || response.json().code === "FORBIDDEN");
        if (!isForbidden) wrong.push(describeAnswer(route, bad, response));
      }
    }
    expect(wrong).toEqual([]);
  });

  it("still validates for a caller who may use the route: a clear 4xx, never a 500", async () => {
    const userRoutes = routes.filter((route) => route.guard !== "admin");
    const wrong: string[] = [];
    for (const route of userRoutes) {
      for (const bad of BAD_REQUESTS) {
        const response = await t.app.inject(badRequest(route, bad, userCookie));
        if (response.statusCode === 401 || response.statusCode >= 500)
          wrong.push(describeAnswer(route, bad, response));
      }
    }
    expect(wrong).toEqual([]);
    const presign = await t.app.inject({
      method: "POST",
      url: "/api/image/presign-download",
      headers: { cookie: userCookie },
      payload: { url: 42 },
    });
    expect(presign.statusCode).toBe(400);
    expect(presign.json().code).toBe("VALIDATION_ERROR");
  });
});

describe("runFirst", () => {
  it("moves a guard attached as preParsing, preValidation or preHandler ahead of parsing", async () => {
    const t = await createTestApp();
    const app = Fastify();
    try {
      registerErrorHandler(app);
      await app.register(fastifyCookie);
      t.app.guards.runFirst(app);
      const schema = { body: { type: "object", required: ["url"], properties: { url: { type: "string" } } } };
      app.post("/late/pre-handler", { preHandler: t.app.guards.requireUser, schema }, async () => "ok");
      app.post(
        "/late/pre-validation",
        { preValidation: [t.app.guards.requireAdmin], schema },
        async () => "ok",
      );
      app.post("/late/pre-parsing", { preParsing: t.app.guards.requireReader, schema }, async () => "ok");
      for (const url of ["/late/pre-handler", "/late/pre-validation", "/late/pre-parsing"]) {
        for (const payload of ["{}", '{"url":', "x".repeat(2 * 1024 * 1024)]) {
          const response = await app.inject({
            method: "POST",
            url,
            headers: { "content-type": "application/json" },
            payload,
          });
          expect(response.statusCode, url).toBe(401);
          expect(response.json().code, url).toBe("AUTH_REQUIRED");
        }
      }
      const added = t.app.guards.guardedRoutes().filter((route) => route.url.startsWith("/late/"));
      expect(added).toEqual([
        { method: "POST", url: "/late/pre-handler", guard: "user" },
        { method: "POST", url: "/late/pre-validation", guard: "admin" },
        { method: "POST", url: "/late/pre-parsing", guard: "reader" },
      ]);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
