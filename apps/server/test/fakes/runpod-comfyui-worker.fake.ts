/**
 * A contract fake of a RunPod serverless endpoint running runpod-workers/worker-comfyui 5.8.x
 * (vendors CONTRACTS.md §3, §7.1; issue 25) on 127.0.0.1:
 * - POST /v2/{endpointId}/run `{input:{workflow, images?:[{name, image}]}}`, `authorization:
 *   Bearer <key>` or the raw key → 200 `{id, status:"IN_QUEUE"}`; a body over 10 MB (RunPod's /run
 *   limit) → 413; a wrong key → 401; another endpoint → 404
 * - GET /v2/{endpointId}/status/{id} → IN_QUEUE for the first `queuePolls` status calls, then the
 *   handler runs (IN_PROGRESS) and ends COMPLETED with `output`, FAILED with `error` (the handler's
 *   returned `{error, details?}`: error the string, the other keys as `output`), CANCELLED or
 *   TIMED_OUT (`timeOut`)
 * - POST /v2/{endpointId}/cancel/{id} → `{id, status:"CANCELLED"}`; the job's prompt is interrupted
 * - GET /bucket/{jobId}/{filename}: the fake S3 bucket an operator's BUCKET_ENDPOINT_URL names
 * The handler does what handler.py does against its own ComfyUI — here a fake ComfyUI core
 * (comfyui-fake-core.ts, the same validator and executor as the ComfyUI server fake): strips a
 * data-URI prefix and uploads each image (overwrite), POSTs the prompt, follows the messages to
 * `executing {node:null}`, reads /history and each non-temp image, and answers
 * `{images:[{filename, type:"base64"|"s3_url", data}]}` or `{status:"success_no_images", images:[]}`;
 * its error strings are handler.py's ("Missing 'workflow' parameter", "Failed to upload one or more
 * input images", "ComfyUI server (127.0.0.1:8188) not reachable after multiple retries.",
 * "Workflow validation failed:\n• Node …", "Job processing failed" with details
 * ["Workflow execution error: Node Type: …, Node ID: …, Message: …"]).
 *
 * Knobs: `core` (installedModels, stepDelayMs, failWith, hang…), queuePolls, outputMode
 * ("base64" | "s3"), comfyReachable, dropOutput (COMPLETED without output, as RunPod does with a
 * result over ~20 MB), timeOut. Records: runs (body bytes and input), statusCalls, cancels.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ComfyFakeCore, createComfyFakeCore, type TComfyMessage } from "./comfyui-fake-core.ts";
import type { TInstalledModels } from "./comfyui-graph.ts";

type TJobState = "IN_QUEUE" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | "CANCELLED" | "TIMED_OUT";

export interface WorkerJob {
  id: string;
  input: Record<string, unknown>;
  state: TJobState;
  polls: number;
  output?: unknown;
  error?: string;
  /** The ComfyUI prompt the handler submitted. */
  promptId: string | null;
}

export interface RunpodComfyuiWorkerFake {
  /** `http://127.0.0.1:<port>/v2`, what RUNPOD_BASE_URL names. */
  baseUrl: string;
  origin: string;
  apiKey: string;
  endpointId: string;
  core: ComfyFakeCore;
  queuePolls: number;
  outputMode: "base64" | "s3";
  comfyReachable: boolean;
  dropOutput: boolean;
  timeOut: boolean;
  maxRunBytes: number;
  jobs: Map<string, WorkerJob>;
  runs: Array<{ id: string | null; bytes: number; input: Record<string, unknown> | null }>;
  statusCalls: number;
  cancels: string[];
  /** The fake S3 bucket: `<jobId>/<filename>` → bytes. */
  bucket: Map<string, Buffer>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Python's repr of the values handler.py prints into its validation message (close enough). */
function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string")
    return value.includes("'") && !value.includes('"')
      ? `"${value.replace(/\\/g, "\\\\")}"`
      : `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `'${k}': ${pyRepr(v)}`)
    .join(", ")}}`;
}

export async function startRunpodComfyuiWorkerFake(
  options: { port?: number; installedModels?: TInstalledModels; apiKey?: string; endpointId?: string } = {},
): Promise<RunpodComfyuiWorkerFake> {
  const core = createComfyFakeCore({ installedModels: options.installedModels });
  const fake = {
    apiKey: options.apiKey ?? "rp_test_key",
    endpointId: options.endpointId ?? "comfyui-endpoint",
    core,
    queuePolls: 1,
    outputMode: "base64",
    comfyReachable: true,
    dropOutput: false,
    timeOut: false,
    maxRunBytes: 10 * 1024 * 1024,
    jobs: new Map(),
    runs: [],
    statusCalls: 0,
    cancels: [],
    bucket: new Map(),
  } as unknown as RunpodComfyuiWorkerFake;

  /** handler.py's handler(job): the dict it returns. */
  async function handler(job: WorkerJob): Promise<Record<string, unknown>> {
    const input = job.input;
    const workflow = input.workflow;
    if (workflow === undefined || workflow === null) return { error: "Missing 'workflow' parameter" };
    const images = input.images;
    if (
      images !== undefined &&
      (!Array.isArray(images) ||
        !images.every((i) => i && typeof i === "object" && "name" in i && "image" in i))
    )
      return { error: "'images' must be a list of objects with 'name' and 'image' keys" };
    if (!fake.comfyReachable)
      return { error: "ComfyUI server (127.0.0.1:8188) not reachable after multiple retries." };
    const uploadErrors: string[] = [];
    for (const image of (images ?? []) as Array<{ name: string; image: string }>) {
      const text = String(image.image);
      const base64 = text.includes(",") ? text.slice(text.indexOf(",") + 1) : text;
      if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64) || base64.length === 0) {
        uploadErrors.push(`Error decoding base64 for ${image.name}: Incorrect padding`);
        continue;
      }
      core.upload(String(image.name), Buffer.from(base64, "base64"), true);
    }
    if (uploadErrors.length > 0)
      return { error: "Failed to upload one or more input images", details: uploadErrors };

    const clientId = randomUUID();
    const messages: TComfyMessage[] = [];
    let wake: () => void = () => {};
    const unsubscribe = core.subscribe((message, sid) => {
      if (sid !== null && sid !== clientId) return;
      messages.push(message);
      wake();
    });
    try {
      const answer = core.submit({ prompt: workflow, client_id: clientId });
      if (answer.status === 400) {
        const body = answer.body as {
          error: { type: string; message: string };
          node_errors: Record<string, Record<string, unknown>>;
        };
        let message = body.error.message || "Workflow validation failed";
        if (body.error.type === "prompt_outputs_failed_validation") message = "Workflow validation failed";
        const details: string[] = [];
        for (const [nodeId, nodeError] of Object.entries(body.node_errors))
          for (const [key, value] of Object.entries(nodeError))
            details.push(`Node ${nodeId} (${key}): ${typeof value === "string" ? value : pyRepr(value)}`);
        if (details.length === 0)
          return { error: `${message}. Raw response: ${JSON.stringify(answer.body)}` };
        let text = `${message}:\n${details.map((d) => `• ${d}`).join("\n")}`;
        if (details.some((d) => d.includes("not in list") && d.includes("ckpt_name")))
          text += core.installedModels.checkpoints.length
            ? `\n\nAvailable checkpoint models: ${core.installedModels.checkpoints.join(", ")}`
            : "\n\nNo checkpoint models appear to be available. Please check your model installation.";
        return { error: text };
      }
      const promptId = (answer.body as { prompt_id: string }).prompt_id;
      job.promptId = promptId;
      const errors: string[] = [];
      for (let done = false; !done; ) {
        const message = messages.shift();
        if (!message) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        if (message.data.prompt_id !== promptId) continue;
        if (message.type === "executing" && message.data.node === null) done = true;
        if (message.type === "execution_error") {
          const d = message.data;
          errors.push(
            `Workflow execution error: Node Type: ${String(d.node_type)}, Node ID: ${String(d.node_id)}, Message: ${String(d.exception_message)}`,
          );
          done = true;
        }
      }
      const history = core.history.get(promptId);
      if (Object.keys(history?.outputs ?? {}).length === 0 && errors.length === 0)
        errors.push(`No outputs found in history for prompt ${promptId}.`);
      const output: Array<{ filename: string; type: "base64" | "s3_url"; data: string }> = [];
      for (const nodeOutput of Object.values(history?.outputs ?? {}))
        for (const image of nodeOutput.images) {
          if (image.type === "temp") continue;
          const bytes = core.view(image.filename, image.subfolder, image.type);
          if (!bytes) {
            errors.push(`Failed to fetch image data for ${image.filename} from /view endpoint.`);
            continue;
          }
          if (fake.outputMode === "s3") {
            fake.bucket.set(`${job.id}/${image.filename}`, bytes);
            output.push({
              filename: image.filename,
              type: "s3_url",
              data: `${fake.origin}/bucket/${job.id}/${encodeURIComponent(image.filename)}`,
            });
          } else output.push({ filename: image.filename, type: "base64", data: bytes.toString("base64") });
        }
      if (output.length === 0 && errors.length > 0)
        return { error: "Job processing failed", details: errors };
      if (output.length === 0) return { status: "success_no_images", images: [] };
      return { images: output, ...(errors.length ? { errors } : {}) };
    } finally {
      unsubscribe();
    }
  }

  async function start(job: WorkerJob) {
    job.state = "IN_PROGRESS";
    const result = await handler(job).catch((error) => ({
      error: `An unexpected error occurred: ${String(error)}`,
    }));
    if (job.state !== "IN_PROGRESS") return; // cancelled or timed out meanwhile
    if (fake.timeOut) {
      job.state = "TIMED_OUT";
      return;
    }
    if (typeof result.error === "string") {
      const { error, ...rest } = result;
      job.state = "FAILED";
      job.error = error;
      if (Object.keys(rest).length) job.output = rest;
      return;
    }
    job.state = "COMPLETED";
    if (!fake.dropOutput) job.output = result;
  }

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const object = url.pathname.match(/^\/bucket\/([\w-]+)\/([^/]+)$/);
    if (object && request.method === "GET") {
      const bytes = fake.bucket.get(`${object[1]}/${decodeURIComponent(object[2]!)}`);
      if (!bytes) return send(404, { error: "NoSuchKey" });
      response.writeHead(200, { "content-type": "image/png", "content-length": bytes.length });
      return response.end(bytes);
    }
    const authorization = request.headers.authorization ?? "";
    if (authorization !== `Bearer ${fake.apiKey}` && authorization !== fake.apiKey)
      return send(401, { error: "Unauthorized" });
    const run = url.pathname.match(/^\/v2\/([\w-]+)\/run$/);
    const status = url.pathname.match(/^\/v2\/([\w-]+)\/status\/([\w-]+)$/);
    const cancel = url.pathname.match(/^\/v2\/([\w-]+)\/cancel\/([\w-]+)$/);
    const endpoint = run?.[1] ?? status?.[1] ?? cancel?.[1];
    if (endpoint !== fake.endpointId) return send(404, { error: "endpoint not found" });
    if (run && request.method === "POST") {
      const raw = await readBody(request);
      if (raw.length > fake.maxRunBytes) {
        fake.runs.push({ id: null, bytes: raw.length, input: null });
        return send(413, {
          error: `request body too large: ${raw.length} bytes, /run accepts ${fake.maxRunBytes}`,
        });
      }
      let body: { input?: Record<string, unknown> };
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        return send(400, { error: "invalid JSON" });
      }
      if (!body.input || typeof body.input !== "object") return send(400, { error: "input is required" });
      const id = `${randomUUID()}-e1`;
      fake.runs.push({ id, bytes: raw.length, input: body.input });
      fake.jobs.set(id, { id, input: body.input, state: "IN_QUEUE", polls: 0, promptId: null });
      return send(200, { id, status: "IN_QUEUE" });
    }
    if (cancel && request.method === "POST") {
      const job = fake.jobs.get(cancel[2]!);
      if (!job) return send(404, { error: "job not found" });
      fake.cancels.push(job.id);
      if (job.state === "IN_QUEUE" || job.state === "IN_PROGRESS") {
        job.state = "CANCELLED";
        if (job.promptId) {
          core.interrupt(job.promptId);
          core.deleteQueued([job.promptId]);
        }
      }
      return send(200, { id: job.id, status: job.state });
    }
    if (status && request.method === "GET") {
      fake.statusCalls += 1;
      const job = fake.jobs.get(status[2]!);
      if (!job) return send(404, { error: "job not found" });
      job.polls += 1;
      if (job.state === "IN_QUEUE" && job.polls > fake.queuePolls) void start(job);
      const body: Record<string, unknown> = { id: job.id, status: job.state, delayTime: 812 };
      if (job.state !== "IN_QUEUE") body.workerId = "fake-worker-1";
      if (job.state === "COMPLETED" || job.state === "FAILED") body.executionTime = 2400;
      if (job.output !== undefined) body.output = job.output;
      if (job.error !== undefined) body.error = job.error;
      return send(200, body);
    }
    return send(405, { error: "method not allowed" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${fake.origin}/v2`;
  fake.close = async () => {
    core.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
