/**
 * Requests Node's HTTP parser refuses before Fastify ever sees them (a bad Content-Length, both
 * Content-Length and chunked, headers over 16 KB, no Host) answer in the API's error shape and
 * close the connection, instead of Node's bare 400 or Fastify's `{statusCode, message}` (issue
 * 11). About the HTTP server, not the database, so SQLite only.
 */
import type { AddressInfo } from "node:net";
import { ERROR_CODES } from "@gyeol/shared/contracts/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isResponse, RawConnection } from "./helpers/raw-http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const ANSWER_MS = 15_000;

describe("malformed requests", () => {
  let t: TestApp;
  let port: number;
  let host: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    host = `127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(raw: string) {
    const connection = await RawConnection.open(port);
    await connection.write(raw);
    const answer = await connection.readResponse(ANSWER_MS);
    return { connection, answer };
  }

  it.each([
    { name: "a Content-Length that is not a number", status: 400, head: "Content-Length: abc\r\n" },
    {
      name: "two Content-Lengths that disagree",
      status: 400,
      head: "Content-Length: 5\r\nContent-Length: 6\r\n",
    },
    {
      name: "Content-Length together with chunked",
      status: 400,
      head: "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
    },
    { name: "a header line without a colon", status: 400, head: "Broken header line\r\n" },
    { name: "headers over 16 KB", status: 431, head: `X-Long: ${"y".repeat(20_000)}\r\n` },
  ])("$name → $status in the API's shape, then the connection closes", async ({ status, head }) => {
    const { connection, answer } = await send(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${head}\r\n{}`,
    );
    try {
      expect(isResponse(answer) && answer.status).toBe(status);
      if (!isResponse(answer)) return;
      const body = JSON.parse(answer.body);
      expect(body).toMatchObject({ success: false, error: expect.any(String) });
      expect(Object.values(ERROR_CODES)).toContain(body.code);
      expect(answer.headers.connection).toMatch(/close/i);
      expect(await connection.waitForClose(ANSWER_MS)).toBe(true);
    } finally {
      connection.destroy();
    }
  });

  it("refuses an HTTP/1.1 request without Host with a 400 in the API's shape", async () => {
    const { connection, answer } = await send("GET /api/feature/flags HTTP/1.1\r\n\r\n");
    try {
      expect(isResponse(answer) && answer.status).toBe(400);
      if (isResponse(answer)) expect(JSON.parse(answer.body)).toMatchObject({ code: "VALIDATION_ERROR" });
    } finally {
      connection.destroy();
    }
  });

  it("serves a request whose Expect it does not know instead of Node's bare 417", async () => {
    const { connection, answer } = await send(
      `GET /api/feature/flags HTTP/1.1\r\nHost: ${host}\r\nExpect: something-else\r\n\r\n`,
    );
    try {
      expect(isResponse(answer) && answer.status).toBe(200);
    } finally {
      connection.destroy();
    }
  });
});
