/**
 * A contract fake of RunPod's serverless API (queue-based endpoints; vendors CONTRACTS.md §3), on
 * 127.0.0.1, for every endpoint in `endpointIds` (the upscale and face-edit endpoints by default):
 * - POST /v2/{endpointId}/run, `authorization: Bearer <key>` or the raw key (the docs show both),
 *   body `{ input }` → 200 `{ id, status: "IN_QUEUE" }`
 * - GET /v2/{endpointId}/status/{id} → 200 `{ id, status, delayTime, executionTime, output? , error? }`
 *   moving IN_QUEUE → IN_PROGRESS → the job's outcome one step per status call: COMPLETED, FAILED
 *   (error as a plain string, or as the worker SDK's JSON-encoded string), CANCELLED or TIMED_OUT
 * - POST /v2/{endpointId}/cancel/{id} → 200 `{ id, status: "CANCELLED" }`; the job stays CANCELLED
 * - a wrong key → 401; an unknown endpoint → 404; an unknown job id (or another endpoint's) → 404
 * The worker's output is `{ image: <data URI> }`, `{ image_url: <URL served here> }`, or
 * `{ images: [...] }` of `images` data URIs for "multi".
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type TRunpodOutcome = "base64" | "url" | "multi" | "fail" | "fail-json" | "cancelled" | "timed-out";

interface FakeJob {
  id: string;
  endpointId: string;
  input: Record<string, unknown>;
  steps: number;
  outcome: TRunpodOutcome;
  cancelled: boolean;
  /** The authorization header the job was submitted with. */
  authorization: string;
}

export interface RunpodFake {
  baseUrl: string;
  apiKey: string;
  /** The upscale endpoint (the first of `endpointIds`). */
  endpointId: string;
  faceEditEndpointId: string;
  /** Every endpoint this fake serves. */
  endpointIds: Set<string>;
  outcome: TRunpodOutcome;
  /** How many images a "multi" outcome returns. */
  images: number;
  /** While true, every started job answers IN_PROGRESS and never ends (a long GPU job). */
  hold: boolean;
  /** The image every completed job returns. */
  resultJpeg: Buffer;
  jobs: Map<string, FakeJob>;
  runCalls: number;
  statusCalls: number;
  /** The ids POST /cancel was called for, in order. */
  cancels: string[];
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
    faceEditEndpointId: "face-edit-endpoint",
    endpointIds: new Set(["upscale-endpoint", "face-edit-endpoint"]),
    outcome: "base64" as TRunpodOutcome,
    images: 2,
    hold: false,
    resultJpeg,
    jobs: new Map<string, FakeJob>(),
    runCalls: 0,
    statusCalls: 0,
    cancels: [] as string[],
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
    const authorization = request.headers.authorization ?? "";
    if (authorization !== `Bearer ${fake.apiKey}` && authorization !== fake.apiKey)
      return send(401, { error: "Unauthorized" });
    const run = url.pathname.match(/^\/v2\/([\w-]+)\/run$/);
    const status = url.pathname.match(/^\/v2\/([\w-]+)\/status\/([\w-]+)$/);
    const cancel = url.pathname.match(/^\/v2\/([\w-]+)\/cancel\/([\w-]+)$/);
    const endpoint = run?.[1] ?? status?.[1] ?? cancel?.[1];
    if (!endpoint || !fake.endpointIds.has(endpoint)) return send(404, { error: "endpoint not found" });
    if (run && request.method === "POST") {
      fake.runCalls += 1;
      const body = JSON.parse(await readBody(request)) as { input?: Record<string, unknown> };
      if (!body.input || typeof body.input !== "object") return send(400, { error: "input is required" });
      const id = `${randomUUID()}-u1`;
      fake.jobs.set(id, {
        id,
        endpointId: endpoint,
        input: body.input,
        steps: 0,
        outcome: fake.outcome,
        cancelled: false,
        authorization,
      });
      return send(200, { id, status: "IN_QUEUE" });
    }
    if (cancel && request.method === "POST") {
      const job = fake.jobs.get(cancel[2]!);
      if (!job || job.endpointId !== endpoint) return send(404, { error: "job not found" });
      fake.cancels.push(job.id);
      job.cancelled = true;
      return send(200, { id: job.id, status: "CANCELLED" });
    }
    if (status && request.method === "GET") {
      fake.statusCalls += 1;
      const job = fake.jobs.get(status[2]!);
      if (!job || job.endpointId !== endpoint) return send(404, { error: "job not found" });
      if (job.cancelled) return send(200, { id: job.id, status: "CANCELLED", delayTime: 120 });
      job.steps += 1;
      if (job.steps === 1) return send(200, { id: job.id, status: "IN_QUEUE", delayTime: 120 });
      if (job.steps === 2 || fake.hold)
        return send(200, { id: job.id, status: "IN_PROGRESS", delayTime: 240, workerId: "w1" });
      if (job.outcome === "cancelled") return send(200, { id: job.id, status: "CANCELLED", delayTime: 240 });
      if (job.outcome === "timed-out") return send(200, { id: job.id, status: "TIMED_OUT", delayTime: 240 });
      if (job.outcome === "fail-json") {
        // The worker SDK's shape when the handler raised (runpod-python rp_job.py run_job).
        return send(200, {
          id: job.id,
          status: "FAILED",
          error: JSON.stringify({
            error_type: "<class 'ValueError'>",
            error_message: "mask is empty",
            error_traceback: "Traceback (most recent call last): ...",
            hostname: "w1",
            worker_id: "w1",
            runpod_version: "1.7.0",
          }),
          delayTime: 240,
          executionTime: 900,
        });
      }
      if (job.outcome === "fail") {
        return send(200, {
          id: job.id,
          status: "FAILED",
          error: "CUDA out of memory",
          delayTime: 240,
          executionTime: 900,
        });
      }
      const dataUri = `data:image/jpeg;base64,${fake.resultJpeg.toString("base64")}`;
      const output =
        job.outcome === "url"
          ? { image_url: `${origin}/results/${job.id}.jpg` }
          : job.outcome === "multi"
            ? { images: Array.from({ length: fake.images }, () => dataUri) }
            : { image: dataUri };
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
