import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { captureLogs } from "./helpers/log-lines.ts";
import { createTestContext, type TestContext } from "./helpers/test-app.ts";

describe("what the error handler logs", () => {
  let context: TestContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it("logs an expected 503 (a sign-in provider not configured) as a warning, not an unhandled error", async () => {
    context = await createTestContext();
    const { logger, lines } = captureLogs("debug");
    const app = await buildApp({ config: context.config, db: context.db, logger });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/google",
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: { credential: "x".repeat(40) },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: "PROVIDER_NOT_CONFIGURED" });
    expect(lines.filter((line) => line.msg === "unhandled error")).toEqual([]);
    expect(lines.some((line) => line.level === 40 && line.msg === "request refused")).toBe(true);
    await app.close();
  });

  it("still logs a real failure as an unhandled error", async () => {
    context = await createTestContext();
    const { logger, lines } = captureLogs("debug");
    const app = await buildApp({ config: context.config, db: context.db, logger });
    app.get("/api/test-explodes", async () => {
      throw new TypeError("a bug of ours");
    });
    const response = await app.inject({ url: "/api/test-explodes" });
    expect(response.statusCode).toBe(500);
    expect(lines.some((line) => line.level === 50 && line.msg === "unhandled error")).toBe(true);
    await app.close();
  });
});
