import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { EngineError } from "../errors.ts";
import { assertModelFile, resolvePackageDir } from "../runtime/model-files.ts";
import { wasmBinariesDir } from "../runtime/tf.ts";

export type TSrModel = "esrgan-slim" | "esrgan-medium";
/** Where ESRGAN runs: onnxruntime-node's native kernels, or tfjs-wasm where those cannot load. */
export type TSrRuntime = "onnxruntime-node" | "tfjs-wasm";

/** Input pixels each side a tile needs beyond what it keeps (the models' receptive field is ~7 px). */
export const SR_MODEL_PAD: Record<TSrModel, number> = { "esrgan-slim": 9, "esrgan-medium": 14 };

/** An ESRGAN tile (RGB bytes in, ×2 RGB bytes out) or a face crop (RGB floats in, descriptor out). */
type TTileJob =
  | {
      type: "tile";
      id: number;
      width: number;
      height: number;
      pixels: Uint8Array;
      resolve: (pixels: Uint8Array) => void;
      reject: (error: Error) => void;
    }
  | {
      type: "descriptor";
      id: number;
      size: number;
      pixels: Float32Array;
      resolve: (values: Float32Array) => void;
      reject: (error: Error) => void;
    };

/** Human's faceres identity model: a square RGB crop (0..255 floats) in, a 1024-d descriptor out. */
export const DESCRIPTOR_SIZE = 224;
const DESCRIPTOR_OUTPUT = "global_pooling/Mean";

interface TSlot {
  worker: Worker;
  /** Tiles sent and not yet answered, oldest first (the worker runs them in order). */
  inFlight: TTileJob[];
}

/**
 * Tiles a worker may hold at once. With two, the next tile already waits in the worker's port when
 * one finishes, so a main thread busy for a while (the identity check runs there during the
 * upscale) does not leave the workers idle waiting to be handed work.
 */
const TILES_PER_WORKER = 2;

/**
 * Worker threads, each with its own tfjs-wasm, one ESRGAN x2 model and the faceres identity model:
 * tfjs-backend-wasm is single-threaded in Node, so this is where the second core comes from (the
 * identity check's two crops run side by side here, and off the main thread). Workers are unref'd
 * while idle so an idle pool never keeps the process alive.
 */
export class SrWorkerPool {
  private readonly slots: TSlot[] = [];
  private readonly queue: TTileJob[] = [];
  private nextId = 1;
  private failure: Error | null = null;
  private runtimes: TSrRuntime[] = [];
  /** Why the native runtime did not load, when it did not (a worker's first answer). */
  fallbackReason: string | null = null;
  readonly ready: Promise<void>;

  constructor(
    readonly model: TSrModel,
    size: number,
  ) {
    const modelJson = path.join(resolvePackageDir(`@upscalerjs/${model}`), "models", "x2", "model.json");
    assertModelFile(modelJson);
    assertModelFile(path.join(path.dirname(modelJson), "group1-shard1of1.bin"));
    const descriptorJson = path.join(resolvePackageDir("@vladmandic/human"), "models", "faceres.json");
    assertModelFile(descriptorJson);
    assertModelFile(descriptorJson.replace(/\.json$/, ".bin"));
    const workerUrl = new URL("./esrgan.worker.mjs", import.meta.url);
    const starts: Promise<void>[] = [];
    for (let i = 0; i < size; i++) {
      const worker = new Worker(workerUrl, {
        workerData: {
          modelJson,
          descriptorJson,
          descriptorOutput: DESCRIPTOR_OUTPUT,
          wasmDir: wasmBinariesDir(),
          runtime: process.env.ENGINE_SR_RUNTIME === "wasm" ? "wasm" : "native",
        },
      });
      const slot: TSlot = { worker, inFlight: [] };
      this.slots.push(slot);
      starts.push(
        new Promise<void>((resolve, reject) => {
          worker.once(
            "message",
            (message: { type: string; message?: string; runtime?: TSrRuntime; reason?: string }) => {
              if (message.type === "ready") {
                this.runtimes.push(message.runtime ?? "tfjs-wasm");
                if (message.reason) this.fallbackReason ??= message.reason;
                resolve();
              } else
                reject(new EngineError("ENGINE_FAILED", `Upscale worker did not start: ${message.message}`));
            },
          );
          worker.once("error", reject);
        }),
      );
      worker.on(
        "message",
        (message: { type: string; id?: number; pixels?: ArrayBuffer; message?: string }) => {
          const index = slot.inFlight.findIndex((job) => job.id === message.id);
          if (index < 0) return;
          const [job] = slot.inFlight.splice(index, 1) as [TTileJob];
          if (message.type === "tile" && job.type === "tile" && message.pixels)
            job.resolve(new Uint8Array(message.pixels));
          else if (message.type === "descriptor" && job.type === "descriptor" && message.pixels)
            job.resolve(new Float32Array(message.pixels));
          else
            job.reject(
              new EngineError("ENGINE_FAILED", `Upscale worker failed a ${job.type}: ${message.message}`),
            );
          this.pump();
        },
      );
      worker.on("error", (error) => this.fail(error));
      worker.on("exit", (code) => {
        if (code !== 0) this.fail(new Error(`upscale worker exited with code ${code}`));
      });
    }
    this.ready = Promise.all(starts).then(() => {
      for (const slot of this.slots) slot.worker.unref();
    });
    this.ready.catch(() => {});
  }

  get size(): number {
    return this.slots.length;
  }

  /** The runtime ESRGAN runs on (once ready): native when every worker loaded it. */
  get runtime(): TSrRuntime {
    return this.runtimes.length > 0 && this.runtimes.every((r) => r === "onnxruntime-node")
      ? "onnxruntime-node"
      : "tfjs-wasm";
  }

  /** Upscales one RGB tile ×2; resolves with the output tile's pixels. */
  async run(pixels: Uint8Array, width: number, height: number): Promise<Uint8Array> {
    await this.ready;
    if (this.failure) throw this.failure;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ type: "tile", id: this.nextId++, width, height, pixels, resolve, reject });
      this.pump();
    });
  }

  /** The faceres descriptor of one DESCRIPTOR_SIZE² RGB crop (floats 0..255, row-major). */
  async describe(pixels: Float32Array): Promise<Float32Array> {
    if (pixels.length !== DESCRIPTOR_SIZE * DESCRIPTOR_SIZE * 3)
      throw new EngineError("INVALID_ARGUMENT", "A face crop must be 224×224 RGB.");
    await this.ready;
    if (this.failure) throw this.failure;
    return new Promise<Float32Array>((resolve, reject) => {
      this.queue.push({
        type: "descriptor",
        id: this.nextId++,
        size: DESCRIPTOR_SIZE,
        pixels,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  private pump(): void {
    // Every idle worker gets a tile first; a second one each only while there is enough work left
    // for all of them, so the last tiles are not stuck behind another tile on one worker.
    for (const slot of this.slots) if (slot.inFlight.length === 0) this.send(slot);
    for (let depth = 1; depth < TILES_PER_WORKER; depth++)
      for (const slot of this.slots)
        if (slot.inFlight.length === depth && this.queue.length >= this.slots.length) this.send(slot);
    for (const slot of this.slots) if (slot.inFlight.length === 0) slot.worker.unref();
  }

  private send(slot: TSlot): void {
    const job = this.queue.shift();
    if (!job) return;
    slot.inFlight.push(job);
    slot.worker.ref();
    const copy =
      job.pixels.byteOffset === 0 && job.pixels.byteLength === job.pixels.buffer.byteLength
        ? job.pixels
        : job.pixels.slice();
    const message =
      job.type === "tile"
        ? { type: "tile", id: job.id, width: job.width, height: job.height, pixels: copy.buffer }
        : { type: "descriptor", id: job.id, size: job.size, pixels: copy.buffer };
    slot.worker.postMessage(message, [copy.buffer as ArrayBuffer]);
  }

  private fail(error: Error): void {
    this.failure = new EngineError("ENGINE_FAILED", `Upscale worker failed: ${error.message}`, {
      cause: error,
    });
    for (const slot of this.slots) for (const job of slot.inFlight.splice(0)) job.reject(this.failure);
    for (const job of this.queue.splice(0)) job.reject(this.failure);
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.slots.map((slot) => slot.worker.terminate()));
  }
}

const pools = new Map<string, SrWorkerPool>();

/** Default pool size: every core (2 here); override with ENGINE_UPSCALE_THREADS. */
export function defaultPoolSize(): number {
  const fromEnv = Number(process.env.ENGINE_UPSCALE_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, os.availableParallelism());
}

/** The process-wide pool for a model, started on first use. */
export function getSrPool(model: TSrModel, size = defaultPoolSize()): SrWorkerPool {
  const key = `${model}:${size}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new SrWorkerPool(model, size);
    pools.set(key, pool);
    pool.ready.catch(() => pools.delete(key));
  }
  return pool;
}

/** Stops every upscale worker (tests, benchmarks, graceful shutdown). */
export async function closeSrPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
