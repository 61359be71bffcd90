/**
 * A contract fake of RunPod's serverless API (queue-based endpoints), on 127.0.0.1:
 * - POST /v2/{endpointId}/run, `authorization: Bearer <key>`, body `{ input }` → 200 `{ id, status: "IN_QUEUE" }`
 * - GET /v2/{endpointId}/status/{id} → 200 `{ id, status, delayTime, executionTime, output? , error? }`
 *   moving IN_QUEUE → IN_PROGRESS → COMPLETED (or FAILED) one step per status call
 * - a wrong key → 401; an unknown endpoint → 404; an unknown job id → 404
 * The worker's output is `{ image: <data URI> }` or `{ image_url: <URL served here> }`.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type TRunpodOutcome = "base64" | "url" | "fail";

interface FakeJob {
  id: string;
  input: Record<string, unknown>;
  steps: number;
  outcome: TRunpodOutcome;
}

export interface RunpodFake {
  baseUrl: string;
  apiKey: string;
  endpointId: string;
  outcome: TRunpodOutcome;
  /** While true, every started job answers IN_PROGRESS and never ends (a long GPU job). */
  hold: boolean;
  /** The image every completed job returns. */
  resultJpeg: Buffer;
  jobs: Map<string, FakeJob>;
  runCalls: number;
  statusCalls: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startRunpodFake(resultJpeg: Buffer): Promise<RunpodFake> {
  const fake = {
    apiKey: "rp_test_key",
    endpointId: "upscale-endpoint",
    outcome: "base64" as TRunpodOutcome,
    hold: false,
    resultJpeg,
    jobs: new Map<string, FakeJob>(),
    runCalls: 0,
    statusCalls: 0,
  } as RunpodFake;
  let origin = "";

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const result = url.pathname.match(/^\/results\/([\w-]+)\.jpg$/);
    if (result && request.method === "GET") {
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": fake.resultJpeg.length });
      return response.end(fake.resultJpeg);
    }
    if (request.headers.authorization !== `Bearer ${fake.apiKey}`)
      return send(401, { error: "Unauthorized" });
    const run = url.pathname.match(/^\/v2\/([\w-]+)\/run$/);
    const status = url.pathname.match(/^\/v2\/([\w-]+)\/status\/([\w-]+)$/);
    const endpoint = run?.[1] ?? status?.[1];
    if (endpoint !== fake.endpointId) return send(404, { error: "endpoint not found" });
    if (run && request.method === "POST") {
      fake.runCalls += 1;
      const body = JSON.parse(await readBody(request)) as { input?: Record<string, unknown> };
      if (!body.input || typeof body.input !== "object") return send(400, { error: "input is required" });
      const id = `${randomUUID()}-u1`;
      fake.jobs.set(id, { id, input: body.input, steps: 0, outcome: fake.outcome });
      return send(200, { id, status: "IN_QUEUE" });
    }
    if (status && request.method === "GET") {
      fake.statusCalls += 1;
      const job = fake.jobs.get(status[2]!);
      if (!job) return send(404, { error: "job not found" });
      job.steps += 1;
      if (job.steps === 1) return send(200, { id: job.id, status: "IN_QUEUE", delayTime: 120 });
      if (job.steps === 2 || fake.hold)
        return send(200, { id: job.id, status: "IN_PROGRESS", delayTime: 240, workerId: "w1" });
      if (job.outcome === "fail") {
        return send(200, {
          id: job.id,
          status: "FAILED",
          error: "CUDA out of memory",
          delayTime: 240,
          executionTime: 900,
        });
      }
      const output =
        job.outcome === "url"
          ? { image_url: `${origin}/results/${job.id}.jpg` }
          : { image: `data:image/jpeg;base64,${fake.resultJpeg.toString("base64")}` };
      return send(200, { id: job.id, status: "COMPLETED", output, delayTime: 240, executionTime: 1800 });
    }
    return send(405, { error: "method not allowed" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${origin}/v2`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
