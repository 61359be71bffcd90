/**
 * Slow clients cannot hold a connection (issue 11): on a real socket, with the HTTP_*_TIMEOUT_MS
 * settings shortened so the suite stays fast, a client whose headers never finish, one that
 * trickles its body and an idle keep-alive connection are all closed by the server. Every wait is
 * on the socket's close event, bounded generously for a busy machine; nothing sleeps. These are
 * about the HTTP server, not the database, so they run on SQLite only.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { register } from "./helpers/http.ts";
import { isResponse, RawConnection, requestHead } from "./helpers/raw-http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1_500;
const KEEP_ALIVE_TIMEOUT_MS = 500;
/** Long enough not to be what closes the connections above. */
const IDLE_TIMEOUT_MS = 20_000;
/** The idle deadline of the second app below, where it is the only short one. */
const IDLE_DEADLINE_MS = 700;
/** How long past its deadline a connection may take to close on a machine at load 10. */
const SLACK_MS = 10_000;
/** Timers fire a little early or late; a close this much before the deadline is still the deadline. */
const EARLY_MS = 100;

describe("slow clients", () => {
  let t: TestApp;
  let port: number;
  let host: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      },
    });
    cookie = (await register(t.app)).cookie;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    host = `127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Writes `piece` every `everyMs` until the socket closes: a client that is slow, not silent. */
  function trickle(connection: RawConnection, piece: string, everyMs: number) {
    const timer = setInterval(() => void connection.write(piece), everyMs);
    void connection.closed.then(() => clearInterval(timer));
    return () => clearInterval(timer);
  }

  async function expectClosedWithin(connection: RawConnection, startedAt: number, deadlineMs: number) {
    expect(await connection.waitForClose(deadlineMs + SLACK_MS), "the server closed the connection").toBe(
      true,
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(deadlineMs - EARLY_MS);
  }

  it("closes a connection that sends half a header line, with a 408 in the API's error shape", async () => {
    const connection = await RawConnection.open(port);
    const startedAt = Date.now();
    await connection.write(`GET /api/feature/flags HTTP/1.1\r\nHost: ${host}\r\nX-Half: a`);
    const answer = await connection.readResponse(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(isResponse(answer) && answer.status).toBe(408);
    if (isResponse(answer)) {
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        error: expect.any(String),
        code: "REQUEST_TIMEOUT",
      });
    }
    await expectClosedWithin(connection, startedAt, HEADERS_TIMEOUT_MS);
  });

  it("closes a connection whose headers trickle in a byte at a time (slowloris)", async () => {
    const connection = await RawConnection.open(port);
    const startedAt = Date.now();
    await connection.write(`GET /api/feature/flags HTTP/1.1\r\nHost: ${host}\r\n`);
    const stop = trickle(connection, "X", 50);
    try {
      await expectClosedWithin(connection, startedAt, HEADERS_TIMEOUT_MS);
    } finally {
      stop();
      connection.destroy();
    }
  });

  it("closes a connection that never sends a byte", async () => {
    const connection = await RawConnection.open(port);
    const startedAt = Date.now();
    await expectClosedWithin(connection, startedAt, HEADERS_TIMEOUT_MS);
  });

  it.each([
    { name: "a JSON body", path: "/api/auth/login", type: "application/json", first: '{"email":"' },
    {
      name: "a multipart upload",
      path: "/api/image/upload-s3",
      type: "multipart/form-data; boundary=slow",
      first: '--slow\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n',
    },
  ])("cuts off a client that trickles $name past the request timeout", async ({ path, type, first }) => {
    const connection = await RawConnection.open(port);
    const startedAt = Date.now();
    // Signed in, so the upload route is really reading the body when the deadline passes.
    const head = requestHead("POST", path, [
      ["Host", host],
      ["Origin", `http://${host}`],
      ["Cookie", cookie],
      ["Content-Type", type],
      ["Content-Length", "1000000"],
    ]);
    await connection.write(head + first);
    const stop = trickle(connection, "a", 50);
    try {
      await expectClosedWithin(connection, startedAt, REQUEST_TIMEOUT_MS);
    } finally {
      stop();
      connection.destroy();
    }
  });

  it("closes an idle keep-alive connection after the keep-alive timeout", async () => {
    const connection = await RawConnection.open(port);
    await connection.write(requestHead("GET", "/api/feature/flags", [["Host", host]]));
    const answer = await connection.readResponse(SLACK_MS);
    expect(isResponse(answer) && answer.status).toBe(200);
    const answeredAt = Date.now();
    await expectClosedWithin(connection, answeredAt, KEEP_ALIVE_TIMEOUT_MS);
  });

  it("keeps a connection that is merely between requests usable within the keep-alive timeout", async () => {
    const connection = await RawConnection.open(port);
    try {
      for (let i = 0; i < 3; i++) {
        await connection.write(requestHead("GET", "/api/feature/flags", [["Host", host]]));
        const answer = await connection.readResponse(SLACK_MS);
        expect(isResponse(answer) && answer.status).toBe(200);
      }
    } finally {
      connection.destroy();
    }
  });
});

describe("a silent client in the middle of a request", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Only the idle deadline is short here, so it is the one that must close the connection.
    t = await createTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: "20000",
        HTTP_REQUEST_TIMEOUT_MS: "60000",
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_DEADLINE_MS),
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is cut off after HTTP_IDLE_TIMEOUT_MS without traffic", async () => {
    const connection = await RawConnection.open(port);
    const host = `127.0.0.1:${port}`;
    const startedAt = Date.now();
    await connection.write(
      requestHead("POST", "/api/auth/login", [
        ["Host", host],
        ["Origin", `http://${host}`],
        ["Content-Type", "application/json"],
        ["Content-Length", "100"],
      ]),
    );
    expect(
      await connection.waitForClose(IDLE_DEADLINE_MS + SLACK_MS),
      "the server closed the connection",
    ).toBe(true);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(IDLE_DEADLINE_MS - EARLY_MS);
  });
});
