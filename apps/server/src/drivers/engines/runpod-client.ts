/**
 * One RunPod serverless client for every endpoint this server calls (retouch/upscale and face
 * edit; vendors CONTRACTS.md §3): `Authorization: Bearer <key>` on
 * - POST {base}/{endpointId}/run `{ input }` → `{ id, status: "IN_QUEUE" }`
 * - GET {base}/{endpointId}/status/{id} → `{ id, status, output?, error? }`
 * - POST {base}/{endpointId}/cancel/{id} → `{ id, status: "CANCELLED" }`
 * States IN_QUEUE, IN_PROGRESS (RUNNING too), COMPLETED, FAILED, CANCELLED, TIMED_OUT. A handler
 * that raised reports `error` as a JSON-encoded string of `{ error_type, error_message, … }`; one
 * that returned `{ error: "msg" }` reports the plain string. Each engine maps the outcome to its
 * own error codes; this client knows nothing of either tool.
 *
 * Output images (decided here, as the workers' own output is ours to define, CONTRACTS.md §3.7):
 * an http(s) URL, a data: URI or bare base64 — the output itself, or under `image`, `image_url`,
 * `images[…]` or `output[…]`. They are downloaded or decoded and checked to be JPEG/PNG by their
 * bytes (a provider's URLs expire; our storage keeps the durable copy).
 */
import { detectImageType } from "../../lib/image-type.ts";
import { isVendorHttpError, sleepFor, vendorFetch } from "../http/vendor-http.ts";
import { EngineJobError } from "./retouch-engine.ts";

export interface RunpodClientOptions {
  apiKey: string;
  baseUrl: string;
  pollIntervalMs: number;
  /** Largest result image accepted, in bytes. */
  maxResultBytes: number;
  /**
   * One HTTP call's bound (a RunPod that accepts the connection and never answers): past it the
   * job fails PROVIDER_TIMEOUT and is refunded, instead of holding the credits forever.
   */
  requestTimeoutMs?: number;
  /** A RunPod job's bound from the first poll; past it the job is cancelled there and fails PROVIDER_TIMEOUT. */
  jobTimeoutMs?: number;
  fetch?: typeof fetch;
}

export const RUNPOD_REQUEST_TIMEOUT_MS = 30_000;
export const RUNPOD_JOB_TIMEOUT_MS = 30 * 60_000;

export type TRunpodStatus =
  | "IN_QUEUE"
  | "IN_PROGRESS"
  | "RUNNING"
  | "COMPLETED"
  | "FAILED"
  | "CANCELLED"
  | "TIMED_OUT";

export interface RunpodStatusBody {
  id: string;
  status: TRunpodStatus;
  output?: unknown;
  error?: unknown;
}

/** A job RunPod ended without a result: its final state and the worker's own message. */
export interface RunpodJobEnd {
  status: "FAILED" | "CANCELLED" | "TIMED_OUT";
  /** The worker's error message (error_message of a JSON-encoded error, or the plain string). */
  message: string;
}

export interface RunpodEndpoint {
  /** Submits a job; its RunPod id. */
  submit(input: object, signal: AbortSignal): Promise<string>;
  status(id: string, signal: AbortSignal): Promise<RunpodStatusBody>;
  /** Polls until the job ends: the output when COMPLETED, else what ended it. */
  wait(id: string, signal: AbortSignal): Promise<{ output: unknown } | { end: RunpodJobEnd }>;
  /** Asks RunPod to stop a job (a queued one never starts; a running one is stopped). */
  cancel(id: string, signal?: AbortSignal): Promise<void>;
  /**
   * A job's whole run: resumes the RunPod job a crashed worker left (`providerJobId`) instead of
   * submitting again, or submits and records the new id before waiting, so a crash after this
   * point resumes too.
   */
  runOrResume(
    input: object,
    job: {
      providerJobId: string | null;
      onProviderJobId(id: string): Promise<void>;
      signal: AbortSignal;
    },
  ): Promise<{ output: unknown } | { end: RunpodJobEnd }>;
}

export interface RunpodClient {
  endpoint(endpointId: string): RunpodEndpoint;
  /** The bytes of one output image reference (URL, data: URI or base64), checked to be an image. */
  fetchImage(reference: string, signal: AbortSignal): Promise<Buffer>;
}

const FINAL_FAILURES = new Set(["FAILED", "CANCELLED", "TIMED_OUT"]);

/** The worker's message inside a status body's `error` (CONTRACTS.md §3.4). */
export function runpodErrorMessage(error: unknown): string {
  if (error === undefined || error === null) return "";
  if (typeof error !== "string") return JSON.stringify(error);
  const text = error.trim();
  if (text.startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as { error_message?: unknown; error_type?: unknown };
      if (typeof parsed.error_message === "string") return parsed.error_message;
    } catch {
      // Not JSON after all: the plain message.
    }
  }
  return text;
}

/** Every image reference inside a worker's output, in order (at most `limit`). */
export function findOutputImages(output: unknown, limit = 4): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (found.length >= limit || value === undefined || value === null) return;
    if (typeof value === "string") {
      if (value) found.push(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value === "object") {
      const o = value as Record<string, unknown>;
      for (const field of ["image", "image_url", "imageUrl", "images", "output", "result"]) {
        if (o[field] !== undefined) {
          visit(o[field]);
          if (found.length > 0) return;
        }
      }
    }
  };
  visit(output);
  return found;
}

/** The first image reference inside a worker's output, or null. */
export function findOutputImage(output: unknown): string | null {
  return findOutputImages(output, 1)[0] ?? null;
}

/** A status check or download answered 429 or 5xx is tried this many times more, 1 s then 2 s apart. */
const STATUS_RETRIES = 2;
const STATUS_RETRY_BACKOFF_MS = 1000;

export function createRunpodClient(options: RunpodClientOptions): RunpodClient {
  const http = options.fetch ?? fetch;
  const headers = { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" };
  const requestTimeoutMs = options.requestTimeoutMs ?? RUNPOD_REQUEST_TIMEOUT_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? RUNPOD_JOB_TIMEOUT_MS;
  const timedOut = (what: string) =>
    new EngineJobError(
      "PROVIDER_TIMEOUT",
      `RunPod did not answer ${what} within ${Math.round(requestTimeoutMs / 1000)} s`,
    );

  /**
   * One bounded HTTP exchange, body included, on the vendor HTTP helper: the job's signal or the
   * request bound ends it. Only a status check or a result download (GETs that change nothing) is tried again, on a
   * 429 or 5xx; a submit or cancel is sent once.
   */
  async function exchange<T>(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    read: (response: Response) => Promise<T>,
    retries = 0,
  ): Promise<T> {
    try {
      return await vendorFetch(
        url,
        init,
        {
          timeoutMs: requestTimeoutMs,
          ...(signal ? { signal } : {}),
          retries,
          retryNetwork: false,
          backoffMs: STATUS_RETRY_BACKOFF_MS,
          fetch: http,
          vendor: "RunPod",
        },
        read,
      );
    } catch (error) {
      if (!isVendorHttpError(error)) throw error;
      if (error.kind === "unreachable") throw new EngineJobError("PROVIDER_UNAVAILABLE", error.message);
      throw timedOut(
        error.during === "body" ? "in full" : url.includes("/status/") ? "a status check" : "a request",
      );
    }
  }

  function call<T>(url: string, init: RequestInit, signal: AbortSignal | undefined, retries = 0): Promise<T> {
    return exchange(
      url,
      { ...init, headers },
      signal,
      async (response) => {
        if (!response.ok) {
          const text = await response.text().catch(() => "");
          throw new EngineJobError(
            "PROVIDER_ERROR",
            `RunPod answered ${response.status}: ${text.slice(0, 200)}`,
          );
        }
        return (await response.json()) as T;
      },
      retries,
    );
  }

  return {
    endpoint(endpointId) {
      const base = `${options.baseUrl}/${encodeURIComponent(endpointId)}`;
      const endpoint: RunpodEndpoint = {
        async submit(input, signal) {
          const started = await call<{ id?: string }>(
            `${base}/run`,
            { method: "POST", body: JSON.stringify({ input }) },
            signal,
          );
          if (!started.id) throw new EngineJobError("PROVIDER_ERROR", "RunPod did not return a job id");
          return started.id;
        },
        status: (id, signal) =>
          call<RunpodStatusBody>(
            `${base}/status/${encodeURIComponent(id)}`,
            { method: "GET" },
            signal,
            STATUS_RETRIES,
          ),
        async wait(id, signal) {
          const deadline = Date.now() + jobTimeoutMs;
          for (;;) {
            if (Date.now() > deadline) {
              // Stop it there too, so a late result is not paid for by anyone.
              await endpoint.cancel(id).catch(() => {});
              throw new EngineJobError(
                "PROVIDER_TIMEOUT",
                `RunPod job ${id} gave no result within ${Math.round(jobTimeoutMs / 60_000)} min`,
              );
            }
            const body = await endpoint.status(id, signal);
            if (body.status === "COMPLETED") return { output: body.output };
            if (FINAL_FAILURES.has(body.status)) {
              return {
                end: {
                  status: body.status as RunpodJobEnd["status"],
                  message: runpodErrorMessage(body.error),
                },
              };
            }
            await sleepFor(options.pollIntervalMs, signal);
          }
        },
        async cancel(id, signal) {
          await call(`${base}/cancel/${encodeURIComponent(id)}`, { method: "POST" }, signal);
        },
        async runOrResume(input, { providerJobId, onProviderJobId, signal }) {
          let id = providerJobId;
          if (!id) {
            id = await endpoint.submit(input, signal);
            await onProviderJobId(id);
          }
          return endpoint.wait(id, signal);
        },
      };
      return endpoint;
    },

    async fetchImage(reference, signal) {
      let bytes: Buffer;
      if (/^https?:\/\//i.test(reference)) {
        bytes = await exchange(
          reference,
          {},
          signal,
          async (response) => {
            if (!response.ok)
              throw new EngineJobError("PROVIDER_ERROR", `result download answered ${response.status}`);
            const length = Number(response.headers.get("content-length") ?? 0);
            if (length > options.maxResultBytes)
              throw new EngineJobError("PROVIDER_ERROR", "result too large");
            return Buffer.from(await response.arrayBuffer());
          },
          STATUS_RETRIES,
        );
      } else {
        bytes = Buffer.from(reference.replace(/^data:image\/[a-z]+;base64,/i, ""), "base64");
      }
      if (bytes.length > options.maxResultBytes)
        throw new EngineJobError("PROVIDER_ERROR", "result too large");
      if (!detectImageType(bytes)) throw new EngineJobError("PROVIDER_ERROR", "the result is not an image");
      return bytes;
    },
  };
}
