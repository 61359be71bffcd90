import { afterEach, describe, expect, it } from "vitest";
import { pollLogLevel } from "../src/http/poll-log-level.ts";
import { register } from "./helpers/http.ts";
import { captureLogs } from "./helpers/log-lines.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

type Line = { level: number; msg: string; reqId?: string; req?: { url?: string } };

/** The app at `level`, writing its log lines into a list. */
async function appLoggingAt(level: string) {
  const { logger, lines } = captureLogs<Line>(level);
  const t = await createTestApp({ logger });
  return { t, app: t.app, lines };
}

/** Fastify's request lines for `url`: "incoming request" names it in req.url; "request completed" follows by reqId. */
function requestLines(lines: Line[], url: string) {
  const incoming = lines.filter((line) => line.msg === "incoming request" && line.req?.url === url);
  const ids = new Set(incoming.map((line) => line.reqId));
  const completed = lines.filter((line) => line.msg === "request completed" && ids.has(line.reqId));
  return { incoming: incoming.length, completed: completed.length };
}

describe("which requests the log records", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("leaves the polls' answers out at the default info, and keeps every other request's", async () => {
    const { t: made, app, lines } = await appLoggingAt("info");
    t = made;
    const user = await register(app);
    const history = `/api/image/history/${user.body.id}?source=upscale&limit=25`;
    const status = "/api/image/status/00000000-0000-4000-8000-000000000000";
    const seedream = "/api/seedream/status/00000000-0000-4000-8000-000000000000";
    const headers = { cookie: user.cookie };
    expect((await app.inject({ url: history, headers })).statusCode).toBe(200);
    expect((await app.inject({ url: status, headers })).statusCode).toBe(404);
    expect((await app.inject({ url: seedream, headers })).statusCode).toBe(404);
    const flags = "/api/feature/flags";
    expect((await app.inject({ url: flags, headers })).statusCode).toBe(200);

    for (const url of [history, status, seedream])
      expect(requestLines(lines, url)).toEqual({ incoming: 0, completed: 0 });
    expect(requestLines(lines, flags)).toEqual({ incoming: 1, completed: 1 });
  });

  it("logs the polls too when the operator asks for debug", async () => {
    const { t: made, app, lines } = await appLoggingAt("debug");
    t = made;
    const user = await register(app);
    const history = `/api/image/history/${user.body.id}?source=upscale&limit=25`;
    expect((await app.inject({ url: history, headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect(requestLines(lines, history)).toEqual({ incoming: 1, completed: 1 });
  });

  it("keeps the operator's level when it is already quieter than warn, and warn's warnings", () => {
    expect(pollLogLevel("trace")).toBe("trace");
    expect(pollLogLevel("debug")).toBe("debug");
    expect(pollLogLevel("info")).toBe("warn");
    expect(pollLogLevel("warn")).toBe("warn");
    expect(pollLogLevel("error")).toBe("error");
    expect(pollLogLevel("fatal")).toBe("fatal");
    expect(pollLogLevel("silent")).toBe("silent");
  });
});
