/**
 * The engine off the caller's event loop. Face analysis, the skin retouch, the NSFW check and the
 * regions overlay are synchronous CPU work (tens to hundreds of milliseconds each); run on the
 * server's main thread they stall every other request for that long. One worker thread per process
 * runs them instead (the AI upscale already has its own pool, which this thread drives), so the
 * API keeps answering while a job is retouched. Models load once, in this thread.
 *
 * Calls are queued by the thread's own event loop; answers come back by structured clone, and
 * failures as EngineError with the code the engine gave (thread/tasks.ts lists the calls).
 */
import { Worker } from "node:worker_threads";
import { EngineError, type TEngineErrorCode } from "../errors.ts";
import type { FaceEditOptions, FaceEditResult } from "../face-edit.ts";
import type { NsfwResult } from "../nsfw.ts";
import type { RetouchJob, RetouchOptions, RetouchResult } from "../retouch.ts";
import type { EngineTasks, OverlayAnswer, TEngineTask } from "./tasks.ts";

const ENGINE_CODES: ReadonlySet<string> = new Set<TEngineErrorCode>([
  "INVALID_IMAGE",
  "IMAGE_TOO_LARGE",
  "IMAGE_TOO_SMALL",
  "IMAGE_ASPECT_RATIO_UNSUPPORTED",
  "INVALID_ARGUMENT",
  "MODEL_MISSING",
  "ENGINE_FAILED",
]);

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type TReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; code?: string; message: string; stack?: string } };

/** Structured clone turns a Buffer into a plain Uint8Array; callers expect Buffers. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** An exact-size copy of the input whose memory can be handed to the thread without a second copy. */
function ownCopy(input: Uint8Array): Uint8Array {
  return new Uint8Array(input);
}

export class EngineThread {
  #worker: Worker | null = null;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  /** The thread, started on the first call (and again after a crash). */
  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL("./engine.worker.mjs", import.meta.url));
    worker.unref();
    worker.on("message", (reply: TReply) => this.#settle(reply));
    worker.on("error", (error) => this.#fail(worker, error));
    worker.on("exit", (code) => this.#fail(worker, new Error(`the engine thread exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  #settle(reply: TReply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (reply.ok) return pending.resolve(reply.value);
    const { name, code, message, stack } = reply.error;
    const error =
      name === "EngineError" && code && ENGINE_CODES.has(code)
        ? new EngineError(code as TEngineErrorCode, message)
        : Object.assign(new Error(message), { name, code });
    if (stack) error.stack = stack;
    pending.reject(error);
  }

  /** The thread died (a crash, or close()): every call in flight fails, the next call starts anew. */
  #fail(worker: Worker, cause: Error) {
    if (this.#worker !== worker) return;
    this.#worker = null;
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of calls)
      call.reject(new EngineError("ENGINE_FAILED", `the engine thread stopped: ${cause.message}`, { cause }));
  }

  call<K extends TEngineTask>(
    task: K,
    args: EngineTasks[K]["args"],
    transfer: ArrayBuffer[] = [],
  ): Promise<EngineTasks[K]["answer"]> {
    const worker = this.#thread();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref(); // a call in flight keeps the process alive; an idle thread does not
      worker.postMessage({ id, task, args }, transfer);
    });
  }

  async retouchPortrait(
    input: Uint8Array,
    job: RetouchJob,
    options: RetouchOptions = {},
  ): Promise<RetouchResult> {
    const bytes = ownCopy(input);
    const result = await this.call("retouch", [bytes, job, options], [bytes.buffer as ArrayBuffer]);
    return { ...result, jpeg: asBuffer(result.jpeg) };
  }

  /** Face edit's built-in reshape inside the user's mask (face-edit.ts), off the caller's event loop. */
  async editFace(input: Uint8Array, maskPng: Uint8Array, options: FaceEditOptions): Promise<FaceEditResult> {
    const bytes = ownCopy(input);
    const mask = ownCopy(maskPng);
    const result = await this.call(
      "editFace",
      [bytes, mask, options],
      [bytes.buffer as ArrayBuffer, mask.buffer as ArrayBuffer],
    );
    return { ...result, jpeg: asBuffer(result.jpeg) };
  }

  classifyNsfw(input: Uint8Array): Promise<NsfwResult> {
    const bytes = ownCopy(input);
    return this.call("classifyNsfw", [bytes], [bytes.buffer as ArrayBuffer]);
  }

  async warmNsfw(): Promise<void> {
    await this.call("warmNsfw", []);
  }

  async renderRegionsOverlay(input: Uint8Array): Promise<OverlayAnswer> {
    const bytes = ownCopy(input);
    const answer = await this.call("overlay", [bytes], [bytes.buffer as ArrayBuffer]);
    return { ...answer, png: asBuffer(answer.png) };
  }

  /** Stops the thread; calls in flight fail with ENGINE_FAILED. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#fail(worker, new Error("closed"));
    await worker.terminate();
  }
}

/**
 * Which engine thread: `uploads` for the checks a person waits on while uploading (NSFW, the
 * regions overlay), `jobs` for retouch jobs. A retouch holds its thread for its analysis and
 * retouch steps (hundreds of milliseconds each), so an upload check queued behind it would wait
 * that long; on its own thread it does not. A process that runs only the API starts only the
 * uploads thread, a worker only the jobs thread.
 */
export type TEngineLane = "uploads" | "jobs";

const lanes = new Map<TEngineLane, EngineThread>();

/** The process's engine thread for `lane` (models load once per thread). */
export function getEngineThread(lane: TEngineLane): EngineThread {
  let thread = lanes.get(lane);
  if (!thread) {
    thread = new EngineThread();
    lanes.set(lane, thread);
  }
  return thread;
}

export async function closeEngineThread(): Promise<void> {
  await Promise.all([...lanes.values()].map((thread) => thread.close()));
}
