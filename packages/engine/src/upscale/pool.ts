import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { EngineError } from "../errors.ts";
import { assertModelFile, resolvePackageDir } from "../runtime/model-files.ts";
import { wasmBinariesDir } from "../runtime/tf.ts";

export type TSrModel = "esrgan-slim" | "esrgan-medium";

/** Input pixels each side a tile needs beyond what it keeps (the models' receptive field is ~7 px). */
export const SR_MODEL_PAD: Record<TSrModel, number> = { "esrgan-slim": 9, "esrgan-medium": 14 };

interface TTileJob {
  id: number;
  width: number;
  height: number;
  pixels: Uint8Array;
  resolve: (pixels: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface TSlot {
  worker: Worker;
  busy: TTileJob | null;
}

/**
 * Worker threads, each with its own tfjs-wasm and one ESRGAN x2 model: tfjs-backend-wasm is
 * single-threaded in Node, so this is where the second core comes from. Workers are unref'd while
 * idle so an idle pool never keeps the process alive.
 */
export class SrWorkerPool {
  private readonly slots: TSlot[] = [];
  private readonly queue: TTileJob[] = [];
  private nextId = 1;
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  constructor(
    readonly model: TSrModel,
    size: number,
  ) {
    const modelJson = path.join(resolvePackageDir(`@upscalerjs/${model}`), "models", "x2", "model.json");
    assertModelFile(modelJson);
    assertModelFile(path.join(path.dirname(modelJson), "group1-shard1of1.bin"));
    const workerUrl = new URL("./esrgan.worker.mjs", import.meta.url);
    const starts: Promise<void>[] = [];
    for (let i = 0; i < size; i++) {
      const worker = new Worker(workerUrl, { workerData: { modelJson, wasmDir: wasmBinariesDir() } });
      const slot: TSlot = { worker, busy: null };
      this.slots.push(slot);
      starts.push(
        new Promise<void>((resolve, reject) => {
          worker.once("message", (message: { type: string; message?: string }) => {
            if (message.type === "ready") resolve();
            else reject(new EngineError("ENGINE_FAILED", `Upscale worker did not start: ${message.message}`));
          });
          worker.once("error", reject);
        }),
      );
      worker.on(
        "message",
        (message: { type: string; id?: number; pixels?: ArrayBuffer; message?: string }) => {
          const job = slot.busy;
          if (!job || message.id !== job.id) return;
          slot.busy = null;
          if (message.type === "tile" && message.pixels) job.resolve(new Uint8Array(message.pixels));
          else job.reject(new EngineError("ENGINE_FAILED", `Upscale tile failed: ${message.message}`));
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

  /** Upscales one RGB tile ×2; resolves with the output tile's pixels. */
  async run(pixels: Uint8Array, width: number, height: number): Promise<Uint8Array> {
    await this.ready;
    if (this.failure) throw this.failure;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, width, height, pixels, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) {
        slot.worker.unref();
        continue;
      }
      slot.busy = job;
      slot.worker.ref();
      const copy =
        job.pixels.byteOffset === 0 && job.pixels.byteLength === job.pixels.buffer.byteLength
          ? job.pixels
          : job.pixels.slice();
      slot.worker.postMessage(
        { type: "tile", id: job.id, width: job.width, height: job.height, pixels: copy.buffer },
        [copy.buffer as ArrayBuffer],
      );
    }
  }

  private fail(error: Error): void {
    this.failure = new EngineError("ENGINE_FAILED", `Upscale worker failed: ${error.message}`, {
      cause: error,
    });
    for (const slot of this.slots) {
      slot.busy?.reject(this.failure);
      slot.busy = null;
    }
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
