/**
 * The ComfyUI runner for RunPod's official ComfyUI worker (runpod-workers/worker-comfyui 5.x on a
 * serverless endpoint; vendors CONTRACTS.md §3, §7.1, §7.4; issue 25):
 * - POST {baseUrl}/{endpointId}/run `{input:{workflow, images:[{name, image: base64}]}}` with
 *   `Authorization: Bearer <key>`; names are job-scoped (`<jobId>_…`), as the worker's ComfyUI
 *   keeps uploads between jobs and overwrites by name. A body over maxRequestBytes (RunPod's /run
 *   accepts 10 MB; base64 adds a third) is refused here with COMFYUI_INPUT_TOO_LARGE, never sent:
 *   downscaling is the driver's job.
 * - GET /status/{id} every pollIntervalMs: IN_QUEUE reports queuePosition 0 (RunPod does not say
 *   how many are ahead), IN_PROGRESS fraction 0 (the worker sends no progress), COMPLETED →
 *   `output.images[{filename, type: "base64" | "s3_url", data}]`, FAILED → the worker's error
 *   string mapped to a code, CANCELLED / TIMED_OUT.
 * - POST /cancel/{id} on abort, on our own timeout, and for cancel(); a job RunPod no longer knows
 *   counts as cancelled.
 * Outputs: base64 inline, or `s3_url` when the operator set BUCKET_ENDPOINT_URL (+ access keys) on
 * the worker — needed for results over ~20 MB of base64, which RunPod otherwise drops (the job
 * then shows COMPLETED without output: COMFYUI_NO_OUTPUT says so). URLs are downloaded with the
 * same size cap, and every image must be JPEG or PNG by its bytes.
 * With providerJobId it only polls that RunPod job, never submits again.
 */
import { runpodErrorMessage } from "../engines/runpod-client.ts";
import { isVendorHttpError, sleepFor, vendorFetch } from "../http/vendor-http.ts";
import { ComfyError, type ComfyRunner, type TComfyOutputImage, type TComfyWorkflow } from "./comfy-runner.ts";
import {
  checkOutputImage,
  createProgressTracker,
  MODEL_INPUTS,
  readCapped,
  recordOrCancel,
  scopeInputs,
} from "./comfy-runner-common.ts";

export interface ComfyRunpodRunnerOptions {
  apiKey: string;
  endpointId: string;
  /** RunPod's serverless API root, `https://api.runpod.ai/v2`. */
  baseUrl: string;
  pollIntervalMs: number;
  /** Longest a whole job may take, queue included (COMFYUI_TIMEOUT after it; the job is cancelled). */
  timeoutMs: number;
  /** Largest /run body sent, in bytes; default 10,000,000 (RunPod's 10 MB /run limit). */
  maxRequestBytes?: number;
  /** Largest output image accepted, in bytes; default 64 MiB. */
  maxResultBytes?: number;
  fetch?: typeof fetch;
}

export const RUNPOD_RUN_LIMIT_BYTES = 10_000_000;

interface TStatusBody {
  id?: string;
  status?: string;
  output?: unknown;
  error?: unknown;
}

interface TWorkerOutput {
  images?: Array<{ filename?: string; type?: string; data?: string }>;
  status?: string;
  errors?: string[];
  details?: unknown;
}

/** One call's bound (a /run carries the images, up to 10 MB). */
const RUNPOD_CALL_TIMEOUT_MS = 120_000;
const STATUS_RETRIES = 2;

/** The worker's error string (and its details) as a ComfyError (CONTRACTS §7.1 error strings). */
export function workerError(body: TStatusBody): ComfyError {
  const message = runpodErrorMessage(body.error);
  const output = (body.output ?? {}) as TWorkerOutput;
  const details = Array.isArray(output.details) ? output.details.map(String) : [];
  const text = [message, ...details].join("\n");
  const short = text.slice(0, 1000);
  // handler.py: a 400 with node_errors reads "Workflow validation failed:\n• Node …"; one without
  // (no output node, an unknown node type) "<ComfyUI's message>. Raw response: …".
  if (
    /workflow validation failed|ComfyUI validation failed|prompt has no outputs|Cannot execute because|Raw response:/i.test(
      text,
    )
  ) {
    if (/not in list/i.test(text)) {
      const missing = [...text.matchAll(/(\w+): '([^']*)' not in/g)].filter(([, input]) =>
        MODEL_INPUTS.has(input!),
      );
      const anyNamed = /(\w+): '([^']*)' not in/.test(text);
      if (missing.length > 0 || !anyNamed)
        return new ComfyError(
          "COMFYUI_MODEL_MISSING",
          missing.length
            ? `the RunPod worker does not have ${missing.map(([, input, file]) => `${file} (${input})`).join(", ")} installed`
            : `the RunPod worker lacks a model the workflow names: ${short}`,
          { error: message, details },
        );
    }
    return new ComfyError("COMFYUI_VALIDATION_FAILED", `the RunPod worker refused the workflow: ${short}`, {
      error: message,
      details,
    });
  }
  if (/No outputs found in history/i.test(text))
    return new ComfyError("COMFYUI_NO_OUTPUT", `the workflow finished without an output: ${short}`, {
      error: message,
      details,
    });
  if (/out of memory|OutOfMemory/i.test(text))
    return new ComfyError("COMFYUI_OUT_OF_MEMORY", `the RunPod worker's GPU ran out of memory: ${short}`, {
      error: message,
      details,
    });
  if (/not reachable/i.test(text))
    return new ComfyError("COMFYUI_UNAVAILABLE", `the RunPod worker's ComfyUI did not start: ${short}`, {
      error: message,
      details,
    });
  return new ComfyError("COMFYUI_EXECUTION_FAILED", `the RunPod worker failed: ${short || "no message"}`, {
    error: message,
    details,
  });
}

/** The SaveImage node whose filename_prefix made this file (`gyeol/job42` → `job42_00001_.png`). */
function saveNodeOf(workflow: TComfyWorkflow, filename: string): string {
  const base = filename.split("/").pop() ?? filename;
  let best = "";
  let bestLength = -1;
  for (const [id, node] of Object.entries(workflow)) {
    if (node.class_type !== "SaveImage") continue;
    const prefix =
      String(node.inputs.filename_prefix ?? "ComfyUI")
        .split("/")
        .pop() ?? "";
    if (base.startsWith(`${prefix}_`) && prefix.length > bestLength) {
      best = id;
      bestLength = prefix.length;
    }
  }
  return best;
}

export function createComfyRunpodRunner(options: ComfyRunpodRunnerOptions): ComfyRunner {
  const http = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(options.endpointId)}`;
  const maxRequestBytes = options.maxRequestBytes ?? RUNPOD_RUN_LIMIT_BYTES;
  const maxResultBytes = options.maxResultBytes ?? 64 * 1024 * 1024;
  const headers = { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" };

  /** One call on the vendor HTTP helper; a status check answered 429 or 5xx is tried again. */
  async function call(path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await vendorFetch(
        `${root}${path}`,
        { ...init, headers },
        {
          timeoutMs: RUNPOD_CALL_TIMEOUT_MS,
          signal,
          retries: (init.method ?? "GET") === "GET" ? STATUS_RETRIES : 0,
          retryNetwork: false,
          fetch: http,
          vendor: "RunPod",
        },
      );
    } catch (error) {
      if (!isVendorHttpError(error)) throw error;
      throw new ComfyError("COMFYUI_UNAVAILABLE", error.message);
    }
  }
  async function refused(response: Response, what: string): Promise<ComfyError> {
    const text = await response.text().catch(() => "");
    return new ComfyError(
      "COMFYUI_UNAVAILABLE",
      `RunPod answered ${response.status} to ${what}: ${text.slice(0, 300)}`,
    );
  }

  async function images(output: unknown, workflow: TComfyWorkflow, signal: AbortSignal) {
    if (output === undefined || output === null)
      throw new ComfyError(
        "COMFYUI_NO_OUTPUT",
        "RunPod finished the job without an output: results over about 20 MB of base64 are dropped unless " +
          "the worker uploads them to a bucket (BUCKET_ENDPOINT_URL on the endpoint)",
      );
    const body = output as TWorkerOutput;
    const list = Array.isArray(body.images) ? body.images : [];
    const result: TComfyOutputImage[] = [];
    for (const image of list) {
      const filename = String(image.filename ?? "output.png");
      const data = String(image.data ?? "");
      let bytes: Buffer;
      if (image.type === "s3_url" || /^https?:\/\//i.test(data)) {
        let response: Response;
        try {
          response = await vendorFetch(
            data,
            {},
            {
              timeoutMs: RUNPOD_CALL_TIMEOUT_MS,
              signal,
              retries: STATUS_RETRIES,
              retryNetwork: false,
              fetch: http,
              vendor: "the output bucket",
            },
          );
        } catch (error) {
          if (!isVendorHttpError(error)) throw error;
          throw new ComfyError(
            "COMFYUI_UNAVAILABLE",
            `the output bucket could not be reached for ${filename}: ${error.message}`,
          );
        }
        if (!response.ok)
          throw new ComfyError(
            "COMFYUI_EXECUTION_FAILED",
            `the output bucket answered ${response.status} for ${filename}`,
          );
        bytes = await readCapped(response, maxResultBytes, filename);
      } else {
        // Base64 grows by a third: refuse before decoding something far over the cap.
        if (data.length > (maxResultBytes * 4) / 3 + 4)
          throw new ComfyError(
            "COMFYUI_EXECUTION_FAILED",
            `output ${filename} is over the ${maxResultBytes}-byte limit`,
          );
        bytes = Buffer.from(data.replace(/^data:[^,]*,/, ""), "base64");
      }
      result.push({
        nodeId: saveNodeOf(workflow, filename),
        filename,
        bytes: checkOutputImage(bytes, maxResultBytes, filename),
      });
    }
    if (result.length === 0)
      throw new ComfyError(
        "COMFYUI_NO_OUTPUT",
        body.status === "success_no_images"
          ? "the workflow finished without saving an image"
          : "RunPod's worker answered no images",
        body.errors,
      );
    return result;
  }

  const runner: ComfyRunner = {
    provider: "comfyui-runpod",

    async run(job) {
      job.signal.throwIfAborted();
      const deadline = new AbortController();
      const timer = setTimeout(
        () =>
          deadline.abort(
            new ComfyError("COMFYUI_TIMEOUT", `no result from RunPod within ${options.timeoutMs} ms`),
          ),
        options.timeoutMs,
      );
      const signal = AbortSignal.any([job.signal, deadline.signal]);
      const tracker = createProgressTracker(job.workflow, job.onProgress);
      const { workflow, images: inputs } = scopeInputs(job.jobId, job.workflow, job.images);
      let id = job.providerJobId;
      try {
        if (!id) {
          const body = JSON.stringify({
            input: {
              workflow,
              images: inputs.map((image) => ({ name: image.name, image: image.bytes.toString("base64") })),
            },
          });
          const size = Buffer.byteLength(body);
          if (size > maxRequestBytes)
            throw new ComfyError(
              "COMFYUI_INPUT_TOO_LARGE",
              `the inputs make a ${(size / 1e6).toFixed(1)} MB /run request, over RunPod's ${(maxRequestBytes / 1e6).toFixed(0)} MB limit`,
              {
                bytes: size,
                limit: maxRequestBytes,
                images: inputs.map((i) => ({ name: i.name, bytes: i.bytes.length })),
              },
            );
          const response = await call("/run", { method: "POST", body }, signal);
          if (!response.ok) throw await refused(response, "/run");
          const started = (await response.json()) as { id?: string };
          if (!started.id)
            throw new ComfyError("COMFYUI_UNAVAILABLE", "RunPod's /run answered without a job id");
          id = started.id;
          await recordOrCancel(runner, id, job.onProviderJobId);
        }
        let networkFailures = 0;
        let state = "";
        for (;;) {
          let body: TStatusBody;
          try {
            const response = await call(`/status/${encodeURIComponent(id)}`, { method: "GET" }, signal);
            if (response.status === 404)
              throw new ComfyError(
                "COMFYUI_EXECUTION_FAILED",
                `RunPod no longer knows job ${id} (results are kept 30 minutes after /run)`,
              );
            if (!response.ok) throw await refused(response, "/status");
            body = (await response.json()) as TStatusBody;
            networkFailures = 0;
          } catch (error) {
            if (!(error instanceof ComfyError) || error.code !== "COMFYUI_UNAVAILABLE") throw error;
            networkFailures += 1;
            if (networkFailures >= 5) throw error;
            await sleepFor(options.pollIntervalMs, signal);
            continue;
          }
          const status = String(body.status);
          if (status === "COMPLETED") {
            const result = await images(body.output, workflow, signal);
            tracker.finished();
            return result;
          }
          if (status === "FAILED") throw workerError(body);
          if (status === "CANCELLED")
            throw new ComfyError("COMFYUI_EXECUTION_FAILED", `RunPod cancelled job ${id} (not this server)`);
          if (status === "TIMED_OUT")
            throw new ComfyError(
              "COMFYUI_TIMEOUT",
              `RunPod timed the job out (the endpoint's execution timeout or the job's TTL passed)`,
            );
          if (status !== state) {
            state = status;
            if (status === "IN_QUEUE") tracker.queued(0);
            else tracker.progress("", 0, 1);
          }
          await sleepFor(options.pollIntervalMs, signal);
        }
      } catch (error) {
        if (job.signal.aborted) {
          if (id) await runner.cancel(id).catch(() => {});
          throw job.signal.reason;
        }
        if (deadline.signal.aborted) {
          if (id) await runner.cancel(id).catch(() => {});
          throw deadline.signal.reason;
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },

    async cancel(providerJobId) {
      const response = await call(
        `/cancel/${encodeURIComponent(providerJobId)}`,
        { method: "POST" },
        AbortSignal.timeout(10_000),
      );
      // A job RunPod no longer holds is as cancelled as it gets.
      if (!response.ok && response.status !== 404) throw await refused(response, "/cancel");
    },
  };
  return runner;
}
