/**
 * ARCHITECTURE "a bad request gets 400 with { success: false, error, code }, never a 500":
 * every route of this issue is fed malformed bodies and queries from one table.
 */
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

interface RouteCase {
  method: "GET" | "POST";
  url: string;
  /** Whether a well-formed body is required (then every malformed one must be refused). */
  hasBodySchema: boolean;
  needsSession?: boolean;
}

const ROUTES: RouteCase[] = [
  { method: "POST", url: "/api/auth/register", hasBodySchema: true },
  { method: "POST", url: "/api/auth/login", hasBodySchema: true },
  { method: "POST", url: "/api/auth/logout", hasBodySchema: false },
  { method: "GET", url: "/api/auth/check", hasBodySchema: false },
  { method: "GET", url: "/api/feature/flags", hasBodySchema: false },
  { method: "GET", url: "/api/affiliate/enabled", hasBodySchema: false },
  { method: "POST", url: "/api/affiliate/ensure-code", hasBodySchema: false, needsSession: true },
  { method: "GET", url: "/api/affiliate/click?aff=ABCDEFGH", hasBodySchema: false },
];

const HUGE = "x".repeat(200_000);

/** Raw bodies with their content type; each is wrong for every JSON route. */
const BAD_BODIES: Array<{ name: string; payload: string; contentType: string; status?: number[] }> = [
  { name: "empty object", payload: "{}", contentType: "application/json" },
  {
    name: "wrong types",
    payload: JSON.stringify({ name: 42, email: ["a@b.c"], password: { $gt: "" } }),
    contentType: "application/json",
  },
  { name: "invalid JSON", payload: '{"email": "a@b.c",', contentType: "application/json", status: [400] },
  { name: "JSON string", payload: '"hello"', contentType: "application/json" },
  { name: "JSON array", payload: "[1,2,3]", contentType: "application/json" },
  { name: "JSON null", payload: "null", contentType: "application/json" },
  { name: "JSON number", payload: "42", contentType: "application/json" },
  {
    name: "prototype poisoning",
    payload: '{"__proto__": {"isAdmin": true}, "email": "a@b.c"}',
    contentType: "application/json",
    status: [400],
  },
  {
    name: "huge strings",
    payload: JSON.stringify({ name: HUGE, email: `${HUGE}@example.com`, password: HUGE }),
    contentType: "application/json",
  },
  {
    name: "body over the limit",
    payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    contentType: "application/json",
    status: [413],
  },
  { name: "text/plain", payload: "email=a@b.c", contentType: "text/plain", status: [415] },
  {
    name: "form body",
    payload: "email=a%40b.c&password=x",
    contentType: "application/x-www-form-urlencoded",
    status: [415],
  },
  { name: "xml", payload: "<email/>", contentType: "application/xml", status: [415] },
];

const BAD_CLICK_QUERIES = [
  "",
  "?campaign=spring",
  "?aff=",
  "?aff=a",
  "?aff=has%20space",
  "?aff=%3Cscript%3E",
  "?aff=A&aff=B",
  `?aff=${"A".repeat(33)}`,
  `?aff=ABCDEFGH&campaign=${"c".repeat(65)}`,
  `?aff=${"A".repeat(10_000)}`,
  "?aff[]=ABCDEFGH",
  "?aff=%E0%A4%A",
];

function expectCleanRefusal(response: { statusCode: number; json(): unknown }, label: string) {
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  const body = response.json() as { success?: unknown; code?: unknown; error?: unknown };
  expect(body.success, label).toBe(false);
  expect(typeof body.code, label).toBe("string");
  expect(typeof body.error, label).toBe("string");
}

describe.each(TEST_DATABASES)("malformed input on $name", (database) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ database });
    ({ cookie } = await register(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  for (const route of ROUTES) {
    for (const bad of BAD_BODIES) {
      it(`${route.method} ${route.url} with ${bad.name} never answers 5xx`, async () => {
        // GET routes take no body (Fastify ignores it); they are in the table to prove that.
        const options: InjectOptions = {
          method: route.method,
          url: route.url,
          payload: bad.payload,
          headers: { "content-type": bad.contentType, ...(route.needsSession ? { cookie } : {}) },
        };
        const response = await t.app.inject(options);
        const label = `${route.method} ${route.url} ${bad.name} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expectCleanRefusal(response, label);
        if (bad.status && route.method === "POST") expect(bad.status, label).toContain(response.statusCode);
        if (route.hasBodySchema) expectCleanRefusal(response, label);
      });
    }
  }

  it("explains which field is wrong", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Kim", email: "not-an-email", password: "short" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.error).toBe("email: Enter a valid e-mail address.");
    expect(body.details.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: "body", path: "email" }),
        expect.objectContaining({
          location: "body",
          path: "password",
          message: "Use at least 8 characters.",
        }),
      ]),
    );
  });

  for (const query of BAD_CLICK_QUERIES) {
    it(`GET /api/affiliate/click${query.slice(0, 40)} is refused with 400`, async () => {
      const response = await t.app.inject({ method: "GET", url: `/api/affiliate/click${query}` });
      expectCleanRefusal(
        response,
        `${query.slice(0, 60)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
      expect(response.statusCode).toBe(400);
    });
  }

  it("answers unknown API paths with 404 NOT_FOUND and wrong methods with 405", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
    const wrongMethod = await t.app.inject({ method: "GET", url: "/api/auth/login" });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toMatchObject({ success: false, code: "METHOD_NOT_ALLOWED" });
    expect(wrongMethod.headers.allow).toBe("POST");
  });

  it("never answers 5xx to arbitrary JSON on register and login", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/auth/register", "/api/auth/login"),
        fc.jsonValue(),
        async (url, value) => {
          const response = await t.app.inject({
            method: "POST",
            url,
            payload: JSON.stringify(value),
            headers: { "content-type": "application/json" },
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.json().code).toEqual(expect.any(String));
        },
      ),
      { numRuns: 60 },
    );
  });
});
