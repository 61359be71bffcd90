/**
 * The ComfyUI runner for a ComfyUI server the operator runs (COMFYUI_URL; vendors CONTRACTS.md §6,
 * issue 25). One job:
 * 1. opens `/ws?clientId=<jobId>` (the `ws` client; a socket that fails just leaves the polling);
 * 2. uploads each input with `POST /upload/image` (multipart, overwrite=true, names `<jobId>_…`);
 * 3. `POST /prompt {prompt, client_id: jobId, prompt_id}` with a prompt id chosen here, so the
 *    socket's messages are recognised before the answer arrives; records it (onProviderJobId);
 *    a 400 is COMFYUI_VALIDATION_FAILED, or COMFYUI_MODEL_MISSING for a loader's file `not in list`;
 * 4. follows the socket's messages (progress, executing, executed, execution_success /
 *    execution_error / execution_interrupted) and polls `/queue` every pollIntervalMs for the
 *    queue place — and, once the prompt left the queue, `/history/{id}`, which is how a job ends
 *    when the socket dropped;
 * 5. reads `/history/{id}` and `GET /view` for each saved (not temp) image: JPEG/PNG bytes, at most
 *    maxResultBytes each.
 * With providerJobId (a worker crashed mid-job) it never submits again: it follows that prompt in
 * the queue and history. The whole run is bounded by timeoutMs (COMFYUI_TIMEOUT, and the prompt is
 * cancelled); an unreachable server is COMFYUI_UNAVAILABLE; an aborted signal cancels the prompt
 * (interrupt + queue delete) and throws the signal's reason.
 */
import { randomUUID } from "node:crypto";
import { WebSocket as NodeWebSocket } from "ws";
import { detectImageType } from "../../lib/image-type.ts";
import { isVendorHttpError, vendorFetch } from "../http/vendor-http.ts";
import {
  ComfyError,
  type ComfyRunner,
  type TComfyOutputImage,
  type TComfyRunRequest,
} from "./comfy-runner.ts";
import {
  checkOutputImage,
  createProgressTracker,
  executionError,
  type ProgressTracker,
  readCapped,
  recordOrCancel,
  renameImageInputs,
  scopeInputs,
  validationError,
} from "./comfy-runner-common.ts";

/** The part of a WHATWG WebSocket the runner uses (the `ws` package's and Node 22's both fit). */
export interface TWebSocketLike {
  addEventListener(type: "open" | "close" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  close(): void;
}
export type TWebSocketConstructor = new (url: string) => TWebSocketLike;

export interface ComfyServerRunnerOptions {
  /** The ComfyUI server, e.g. `http://127.0.0.1:8188` (no trailing slash needed). */
  baseUrl: string;
  /** Longest a whole job may take, queue wait included (COMFYUI_TIMEOUT after it). */
  timeoutMs: number;
  /** How often /queue (and /history once the prompt left the queue) is polled; default 1000 ms. */
  pollIntervalMs?: number;
  /** Largest output image accepted, in bytes; default 64 MiB. */
  maxResultBytes?: number;
  /** How long to wait for the socket to open before relying on polling alone; default 5000 ms. */
  socketOpenTimeoutMs?: number;
  fetch?: typeof fetch;
  /** The WebSocket constructor; default the `ws` package's. `null`: poll only. */
  WebSocket?: TWebSocketConstructor | null;
}

interface THistoryEntry {
  outputs?: Record<string, { images?: Array<{ filename: string; subfolder?: string; type?: string }> }>;
  status?: { status_str?: string; completed?: boolean; messages?: Array<[string, Record<string, unknown>]> };
}

type TQueueEntry = [number, string, ...unknown[]];
type TQueue = { queue_running?: TQueueEntry[]; queue_pending?: TQueueEntry[] };

/** COMFY_REQUEST_TIMEOUT_MS: one HTTP call (an upload, a /view download) must answer within it. */
const COMFY_REQUEST_TIMEOUT_MS = 120_000;
const COMFY_GET_RETRIES = 2;

/** The poll's wait, which a socket message (`wake`) cuts short; vendor-http's sleepFor has no wake. */
const sleep = (ms: number, signal: AbortSignal, wake?: Promise<void>) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", onAbort, { once: true });
    void wake?.then(done);
  });

/** The ComfyUI messages of one prompt, as they arrive on the socket. */
interface SocketFeed {
  /** Resolves true once open, false if it could not open in time. */
  ready: Promise<boolean>;
  /** Resolves at the next message (or when the socket closes). */
  next(): Promise<void>;
  close(): void;
}

export function createComfyServerRunner(options: ComfyServerRunnerOptions): ComfyRunner {
  const base = options.baseUrl.replace(/\/+$/, "");
  const http = options.fetch ?? fetch;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const maxResultBytes = options.maxResultBytes ?? 64 * 1024 * 1024;
  const WebSocketImpl =
    options.WebSocket === undefined ? (NodeWebSocket as unknown as TWebSocketConstructor) : options.WebSocket;

  /**
   * One call on the vendor HTTP helper, bounded per request (the run's deadline rides on `signal`);
   * a GET that ComfyUI (or the proxy before it) answers 429 or 5xx is tried again.
   */
  async function request(path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await vendorFetch(`${base}${path}`, init, {
        timeoutMs: COMFY_REQUEST_TIMEOUT_MS,
        signal,
        retries: (init.method ?? "GET") === "GET" ? COMFY_GET_RETRIES : 0,
        retryNetwork: false,
        fetch: http,
        vendor: `ComfyUI at ${base}`,
      });
    } catch (error) {
      if (!isVendorHttpError(error)) throw error;
      throw new ComfyError("COMFYUI_UNAVAILABLE", error.message);
    }
  }
  async function failed(response: Response, what: string): Promise<ComfyError> {
    const text = await response.text().catch(() => "");
    const code = [502, 503, 504].includes(response.status)
      ? "COMFYUI_UNAVAILABLE"
      : "COMFYUI_EXECUTION_FAILED";
    return new ComfyError(code, `ComfyUI answered ${response.status} to ${what}: ${text.slice(0, 300)}`);
  }
  async function json<T>(path: string, signal: AbortSignal): Promise<T> {
    const response = await request(path, { method: "GET" }, signal);
    if (!response.ok) throw await failed(response, `GET ${path}`);
    return (await response.json()) as T;
  }
  async function post(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
    return request(
      path,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      signal,
    );
  }

  function openSocket(
    clientId: string,
    onMessage: (message: { type: string; data: Record<string, unknown> }) => void,
  ): SocketFeed {
    let wake: () => void = () => {};
    let pending = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const poke = () => {
      const resolve = wake;
      pending = new Promise<void>((r) => {
        wake = r;
      });
      resolve();
    };
    if (!WebSocketImpl)
      return { ready: Promise.resolve(false), next: () => new Promise<void>(() => {}), close() {} };
    let socket: TWebSocketLike;
    try {
      socket = new WebSocketImpl(
        `${base.replace(/^http/, "ws")}/ws?clientId=${encodeURIComponent(clientId)}`,
      );
    } catch {
      return { ready: Promise.resolve(false), next: () => new Promise<void>(() => {}), close() {} };
    }
    const ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), options.socketOpenTimeoutMs ?? 5000);
      socket.addEventListener("open", () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.addEventListener("error", () => {
        clearTimeout(timer);
        resolve(false);
      });
      socket.addEventListener("close", () => {
        clearTimeout(timer);
        resolve(false);
        poke();
      });
    });
    socket.addEventListener("message", (event) => {
      // Binary frames are previews (CONTRACTS §6.6): not ours to read.
      if (typeof event.data !== "string") return;
      try {
        const message = JSON.parse(event.data) as { type?: unknown; data?: unknown };
        if (typeof message.type === "string" && message.data && typeof message.data === "object")
          onMessage({ type: message.type, data: message.data as Record<string, unknown> });
      } catch {
        // Not JSON: ignore.
      }
      poke();
    });
    return {
      ready,
      next: () => pending,
      close() {
        try {
          socket.close();
        } catch {
          // Already closed.
        }
      },
    };
  }

  async function upload(name: string, bytes: Buffer, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    const type = detectImageType(bytes)?.mime ?? "application/octet-stream";
    form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
    form.append("overwrite", "true");
    form.append("type", "input");
    const response = await request("/upload/image", { method: "POST", body: form }, signal);
    if (!response.ok) throw await failed(response, `the upload of ${name}`);
    const body = (await response.json()) as { name?: string; subfolder?: string };
    const stored = body.name ?? name;
    return body.subfolder ? `${body.subfolder}/${stored}` : stored;
  }

  /** How many prompts are ahead of ours: 0 while it runs, null once it left the queue. */
  function queuePosition(
    queue: { queue_running?: TQueueEntry[]; queue_pending?: TQueueEntry[] },
    id: string,
  ) {
    const running = queue.queue_running ?? [];
    if (running.some((entry) => entry[1] === id)) return 0;
    const pending = queue.queue_pending ?? [];
    const ours = pending.find((entry) => entry[1] === id);
    if (!ours) return null;
    return running.length + pending.filter((entry) => entry[0] < ours[0]).length;
  }

  function historyFailure(entry: THistoryEntry, promptId: string): ComfyError | null {
    if (entry.status?.status_str !== "error") return null;
    for (const [type, data] of entry.status.messages ?? []) {
      if (type === "execution_error") return executionError(data);
      if (type === "execution_interrupted")
        return new ComfyError(
          "COMFYUI_EXECUTION_FAILED",
          `prompt ${promptId} was interrupted on the ComfyUI server`,
          data,
        );
    }
    return new ComfyError("COMFYUI_EXECUTION_FAILED", `prompt ${promptId} ended with an error`, entry.status);
  }

  /** Follows one prompt until its history entry exists; throws what ended it otherwise. */
  async function follow(
    promptId: string,
    feed: SocketFeed,
    state: FollowState,
    tracker: ProgressTracker,
    signal: AbortSignal,
  ) {
    let misses = 0;
    let networkFailures = 0;
    for (;;) {
      if (state.failure) throw state.failure;
      try {
        // After the socket said "done" the history is read first; otherwise the queue is.
        let queued: number | null = null;
        if (!state.finished) {
          queued = queuePosition(await json<TQueue>("/queue", signal), promptId);
          if (queued !== null && !state.started) tracker.queued(queued);
        }
        if (queued === null) {
          const history = await json<Record<string, THistoryEntry>>(
            `/history/${encodeURIComponent(promptId)}`,
            signal,
          );
          const entry = history[promptId];
          if (entry) {
            const failure = historyFailure(entry, promptId);
            if (failure) throw failure;
            return entry;
          }
          // ComfyUI moves a prompt from the queue to the history under one lock, but the socket's
          // execution_success comes a moment before that: look in the queue again before giving up.
          const stillQueued =
            state.finished && queuePosition(await json<TQueue>("/queue", signal), promptId) !== null;
          misses = stillQueued ? 0 : misses + 1;
          if (misses >= 3)
            throw new ComfyError(
              "COMFYUI_EXECUTION_FAILED",
              `prompt ${promptId} is neither queued nor in ComfyUI's history (the server restarted or the prompt was deleted)`,
            );
        } else misses = 0;
        networkFailures = 0;
      } catch (error) {
        if (!(error instanceof ComfyError) || error.code !== "COMFYUI_UNAVAILABLE") throw error;
        networkFailures += 1;
        if (networkFailures >= 5) throw error;
      }
      if (state.failure) throw state.failure;
      await sleep(pollIntervalMs, signal, state.finished || state.failure ? undefined : feed.next());
    }
  }

  interface FollowState {
    started: boolean;
    finished: boolean;
    failure: Error | null;
    abortedHere: boolean;
  }

  async function outputs(entry: THistoryEntry, workflow: TComfyRunRequest["workflow"], signal: AbortSignal) {
    const images: TComfyOutputImage[] = [];
    const order = Object.keys(workflow);
    const nodes = Object.entries(entry.outputs ?? {}).sort(
      ([a], [b]) => order.indexOf(a) - order.indexOf(b) || a.localeCompare(b),
    );
    for (const [nodeId, output] of nodes) {
      for (const image of output.images ?? []) {
        if (image.type === "temp") continue;
        const query = new URLSearchParams({
          filename: image.filename,
          subfolder: image.subfolder ?? "",
          type: image.type ?? "output",
        });
        const response = await request(`/view?${query}`, { method: "GET" }, signal);
        if (!response.ok) throw await failed(response, `GET /view for ${image.filename}`);
        const bytes = await readCapped(response, maxResultBytes, image.filename);
        images.push({
          nodeId,
          filename: image.filename,
          bytes: checkOutputImage(bytes, maxResultBytes, image.filename),
        });
      }
    }
    if (images.length === 0)
      throw new ComfyError(
        "COMFYUI_NO_OUTPUT",
        "the workflow finished without saving an image",
        entry.outputs,
      );
    return images;
  }

  const runner: ComfyRunner = {
    provider: "comfyui",

    async run(job) {
      job.signal.throwIfAborted();
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new ComfyError("COMFYUI_TIMEOUT", `no result within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      const signal = AbortSignal.any([job.signal, deadline.signal]);
      const tracker = createProgressTracker(job.workflow, job.onProgress);
      let promptId = job.providerJobId;
      const state: FollowState = { started: false, finished: false, failure: null, abortedHere: false };
      const feed = openSocket(job.jobId, ({ type, data }) => {
        if (!promptId || data.prompt_id !== promptId) return;
        if (type === "execution_start") state.started = true;
        else if (type === "execution_cached") tracker.cached((data.nodes as string[]) ?? []);
        else if (type === "executing") {
          state.started = true;
          if (data.node === null || data.node === undefined) state.finished = true;
          else tracker.executing(String(data.node));
        } else if (type === "progress")
          tracker.progress(String(data.node ?? ""), Number(data.value), Number(data.max));
        else if (type === "executed") tracker.executed(String(data.node));
        else if (type === "execution_success") state.finished = true;
        else if (type === "execution_error") state.failure = executionError(data);
        else if (type === "execution_interrupted")
          state.failure = new ComfyError(
            "COMFYUI_EXECUTION_FAILED",
            `prompt ${promptId} was interrupted on the ComfyUI server`,
            data,
          );
      });
      try {
        if (!promptId) {
          await feed.ready;
          const { workflow, images } = scopeInputs(job.jobId, job.workflow, job.images);
          const stored = new Map<string, string>();
          for (const image of images) {
            const name = await upload(image.name, image.bytes, signal);
            if (name !== image.name) stored.set(image.name, name);
          }
          const prompt = stored.size ? renameImageInputs(workflow, stored) : workflow;
          const id = randomUUID();
          promptId = id;
          const response = await post("/prompt", { prompt, client_id: job.jobId, prompt_id: id }, signal);
          if (response.status === 400) throw validationError(await response.json().catch(() => ({})));
          if (!response.ok) throw await failed(response, "POST /prompt");
          const accepted = (await response.json()) as { prompt_id?: string };
          if (accepted.prompt_id && accepted.prompt_id !== id) promptId = accepted.prompt_id;
          await recordOrCancel(runner, promptId, job.onProviderJobId);
        }
        const entry = await follow(promptId, feed, state, tracker, signal);
        const images = await outputs(entry, job.workflow, signal);
        tracker.finished();
        return images;
      } catch (error) {
        const submitted = promptId;
        if (job.signal.aborted) {
          if (submitted) await runner.cancel(submitted).catch(() => {});
          throw job.signal.reason;
        }
        if (deadline.signal.aborted) {
          if (submitted) await runner.cancel(submitted).catch(() => {});
          throw deadline.signal.reason;
        }
        throw error;
      } finally {
        clearTimeout(timer);
        feed.close();
      }
    },

    async cancel(providerJobId) {
      const signal = AbortSignal.timeout(10_000);
      // /interrupt only stops the prompt if it is the running one; the queue delete removes it if
      // it still waits. Both answer 200 whatever the state, so cancelling twice is harmless.
      const interrupted = await post("/interrupt", { prompt_id: providerJobId }, signal);
      if (!interrupted.ok) throw await failed(interrupted, "POST /interrupt");
      const deleted = await post("/queue", { delete: [providerJobId] }, signal);
      if (!deleted.ok) throw await failed(deleted, "POST /queue delete");
    },
  };
  return runner;
}
