/**
 * Hostile request bodies on a real socket (issue 11): malformed multipart answers 4xx with a code,
 * never 500, and no refusal leaves a keep-alive connection hanging: whether the server answered
 * before, during or after reading the body, the next request on the same connection is answered,
 * or the answer said `Connection: close` and the socket really closes.
 */
import type { AddressInfo } from "node:net";
import { ERROR_CODES } from "@gyeol/shared/contracts/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import { isResponse, RawConnection, type RawOutcome, requestHead } from "./helpers/raw-http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

/** Generous for a machine at load 10; a stuck connection never answers at all. */
const ANSWER_MS = 15_000;
/** The tool upload limit in these tests, so a "too large" file is cheap to send. */
const UPLOAD_MAX_BYTES = 200_000;
const BIG = 400 * 1024;
const BOUNDARY = "gyeol-hostile-boundary";

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: string | Buffer;
}

function partBytes({ name, filename, type, data }: Part): Buffer {
  const disposition = `form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}`;
  const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from("\r\n")]);
}

function form(parts: Part[]): Buffer {
  return Buffer.concat([...parts.map(partBytes), Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

const fileOf = (name: string, size: number): Part => ({
  name,
  filename: "photo.jpg",
  type: "image/jpeg",
  data: Buffer.alloc(size, 0x61),
});

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

interface Scenario {
  name: string;
  method?: string;
  path: string;
  as: "visitor" | "user" | "admin";
  contentType?: string;
  body: Buffer;
  /** Bytes of the body sent before the answer is awaited (default 64 KB): the rest follows it. */
  sendFirst?: number;
  /** Extra headers (a foreign Origin). */
  headers?: Array<[string, string]>;
  status: number;
}

function expectErrorShape(outcome: RawOutcome, status: number, label: string) {
  if (!isResponse(outcome)) throw new Error(`${label}: no answer (${outcome})`);
  expect(outcome.status, `${label}: ${outcome.body.slice(0, 300)}`).toBe(status);
  const body = JSON.parse(outcome.body);
  expect(body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
  expect(Object.values(ERROR_CODES)).toContain(body.code);
}

describe.each(TEST_DATABASES)("hostile request bodies on $name", (database) => {
  let t: TestApp;
  let port: number;
  let host: string;
  const cookies: Record<Scenario["as"], string | undefined> = { visitor: undefined, user: "", admin: "" };

  beforeAll(async () => {
    t = await createTestApp({ database, env: { UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) } });
    cookies.admin = (await register(t.app, { name: "운영자" })).cookie;
    cookies.user = (await register(t.app, { name: "Member" })).cookie;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    host = `127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  function headOf(scenario: Scenario, length: number): string {
    const cookie = cookies[scenario.as];
    const headers: Array<[string, string]> = [
      ["Host", host],
      ["Origin", `http://${host}`],
      ...(cookie ? ([["Cookie", cookie]] as Array<[string, string]>) : []),
      ...(scenario.contentType ? ([["Content-Type", scenario.contentType]] as Array<[string, string]>) : []),
      ["Content-Length", String(length)],
      ...(scenario.headers ?? []),
    ];
    return requestHead(scenario.method ?? "POST", scenario.path, headers);
  }

  /** After a refusal: the connection answers the next request, or it said close and closes. */
  async function expectConnectionUsable(connection: RawConnection, answer: RawOutcome, label: string) {
    if (isResponse(answer) && /close/i.test(answer.headers.connection ?? "")) {
      expect(await connection.waitForClose(ANSWER_MS), `${label}: said close but stayed open`).toBe(true);
      return;
    }
    await connection.write(requestHead("GET", "/api/feature/flags", [["Host", host]]));
    const next = await connection.readResponse(ANSWER_MS);
    expect(isResponse(next) ? next.status : next, `${label}: the next request on the connection`).toBe(200);
  }

  describe("malformed multipart answers 4xx with a code", () => {
    const unclosed = Buffer.concat([partBytes(fileOf("image", 1000))]);
    const scenarios: Scenario[] = [
      {
        name: "no boundary",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: "multipart/form-data",
        body: form([fileOf("image", 1000)]),
        status: 400,
      },
      {
        name: "an empty boundary",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: "multipart/form-data; boundary=",
        body: form([fileOf("image", 1000)]),
        status: 400,
      },
      {
        name: "a 300-character boundary",
        path: "/api/notices",
        as: "admin",
        contentType: `multipart/form-data; boundary=${"b".repeat(300)}`,
        body: Buffer.from(`--${"b".repeat(300)}\r\n`),
        status: 400,
      },
      {
        name: "a body that ends mid-part",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: unclosed.subarray(0, unclosed.length - 300),
        status: 400,
      },
      {
        name: "a body that ends inside a part header",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
        status: 400,
      },
      {
        name: "a body with no parts at all",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: Buffer.from("just some text, not a form"),
        status: 400,
      },
      {
        name: "a 2 MB text field",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: form([{ name: "note", data: "x".repeat(2 * 1024 * 1024) }]),
        status: 413,
      },
      {
        name: "a 2 MB notice title",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: form([
          { name: "title", data: "x".repeat(2 * 1024 * 1024) },
          { name: "content", data: "<p>x</p>" },
        ]),
        status: 413,
      },
      {
        name: "a __proto__ field",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: form([{ name: "__proto__", data: "x" }]),
        status: 400,
      },
      {
        name: "a JSON field that is not JSON",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: form([{ name: "title", type: "application/json", data: "{nope" }]),
        status: 400,
      },
      {
        name: "thirty text fields",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: form(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: "x" }))),
        status: 413,
      },
    ];

    it.each(scenarios)("$name → $status, and the connection stays usable", async (scenario) => {
      const connection = await RawConnection.open(port);
      try {
        await connection.write(
          Buffer.concat([Buffer.from(headOf(scenario, scenario.body.length)), scenario.body]),
        );
        const answer = await connection.readResponse(ANSWER_MS);
        expectErrorShape(answer, scenario.status, scenario.name);
        await expectConnectionUsable(connection, answer, scenario.name);
      } finally {
        connection.destroy();
      }
    });

    it("a client that stops mid-part and ends its side gets a 400 and a closed connection", async () => {
      const scenario: Scenario = {
        name: "cut",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: partBytes(fileOf("image", 5000)),
        status: 400,
      };
      const connection = await RawConnection.open(port);
      try {
        await connection.write(Buffer.concat([Buffer.from(headOf(scenario, 50_000)), scenario.body]));
        connection.end();
        const answer = await connection.readResponse(ANSWER_MS);
        expectErrorShape(answer, 400, "cut short");
        expect(await connection.waitForClose(ANSWER_MS)).toBe(true);
      } finally {
        connection.destroy();
      }
    });
  });

  describe("early refusals of a large body leave the keep-alive connection usable", () => {
    const scenarios: Scenario[] = [
      {
        name: "401 before a multipart upload is read",
        path: "/api/image/upload-s3",
        as: "visitor",
        contentType: MULTIPART,
        body: form([fileOf("image", BIG)]),
        status: 401,
      },
      {
        name: "403 for a user posting a notice",
        path: "/api/notices",
        as: "user",
        contentType: MULTIPART,
        body: form([fileOf("files", BIG)]),
        status: 403,
      },
      {
        name: "403 for a foreign Origin",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: form([fileOf("image", BIG)]),
        headers: [["Origin", "https://evil.example"]],
        status: 403,
      },
      {
        name: "415 for text/plain to the upload",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: "text/plain",
        body: Buffer.alloc(BIG, 0x61),
        status: 415,
      },
      {
        name: "415 for text/plain to a JSON route",
        path: "/api/auth/login",
        as: "visitor",
        contentType: "text/plain",
        body: Buffer.alloc(BIG, 0x61),
        status: 415,
      },
      {
        name: "413 for JSON over the body limit",
        path: "/api/auth/login",
        as: "visitor",
        contentType: "application/json",
        body: Buffer.from(JSON.stringify({ email: "x".repeat(1536 * 1024) })),
        status: 413,
      },
      {
        name: "400 for a file in the wrong field",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: form([fileOf("wrong", BIG)]),
        status: 400,
      },
      {
        name: "400 for two files where one is allowed",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: form([fileOf("image", 1000), fileOf("image", BIG)]),
        status: 400,
      },
      {
        name: "413 for an over-long field before a file",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: form([{ name: "note", data: "x".repeat(4096) }, fileOf("image", BIG)]),
        status: 413,
      },
      {
        name: "413 for a file over UPLOAD_MAX_BYTES",
        path: "/api/image/upload-s3",
        as: "user",
        contentType: MULTIPART,
        body: form([fileOf("image", BIG)]),
        // The limit is found once UPLOAD_MAX_BYTES of the file have arrived.
        sendFirst: UPLOAD_MAX_BYTES + 64 * 1024,
        status: 413,
      },
      {
        name: "404 for an unknown API path",
        path: "/api/no-such-thing",
        as: "user",
        contentType: "application/octet-stream",
        body: Buffer.alloc(BIG, 0x20),
        status: 404,
      },
      {
        name: "405 for the wrong method",
        method: "PATCH",
        path: "/api/notices",
        as: "admin",
        contentType: MULTIPART,
        body: form([fileOf("files", BIG)]),
        status: 405,
      },
    ];

    it.each(scenarios)("$name", async (scenario) => {
      const connection = await RawConnection.open(port);
      try {
        // The head and a first slice, the answer, then the rest: a client still uploading when refused.
        const first = scenario.body.subarray(0, scenario.sendFirst ?? 64 * 1024);
        await connection.write(Buffer.concat([Buffer.from(headOf(scenario, scenario.body.length)), first]));
        const answer = await connection.readResponse(ANSWER_MS);
        expectErrorShape(answer, scenario.status, scenario.name);
        await connection.write(scenario.body.subarray(first.length));
        await expectConnectionUsable(connection, answer, scenario.name);
      } finally {
        connection.destroy();
      }
    });

    it("a body larger than anything the API accepts gets Connection: close, the answer intact, then a closed socket", async () => {
      const scenario: Scenario = {
        name: "huge",
        path: "/api/image/upload-s3",
        as: "visitor",
        contentType: MULTIPART,
        body: Buffer.alloc(0),
        status: 401,
      };
      const connection = await RawConnection.open(port);
      try {
        await connection.write(headOf(scenario, 500 * 1024 * 1024));
        // Keep sending while the refusal comes back, as a browser mid-upload would.
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let isSending = true;
        const sending = (async () => {
          while (isSending && !connection.isClosed) await connection.write(chunk);
        })();
        const answer = await connection.readResponse(ANSWER_MS);
        isSending = false;
        await sending;
        expectErrorShape(answer, 401, "huge body");
        expect(isResponse(answer) && answer.headers.connection).toMatch(/close/i);
        expect(await connection.waitForClose(ANSWER_MS)).toBe(true);
      } finally {
        connection.destroy();
      }
    });
  });
});
