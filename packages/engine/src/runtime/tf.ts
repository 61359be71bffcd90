import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EngineError } from "../errors.ts";
import { readModelArtifacts, resolvePackageDir } from "./model-files.ts";

const require = createRequire(import.meta.url);

/** The one tfjs-core instance of this thread (Human, nsfwjs and the engine share it). */
export type TTf = typeof import("@tensorflow/tfjs");

let ready: Promise<TTf> | null = null;

/** Folder holding tfjs-backend-wasm's .wasm binaries, with a trailing slash as the backend wants. */
export function wasmBinariesDir(): string {
  return `${path.join(resolvePackageDir("@tensorflow/tfjs-backend-wasm"), "dist")}/`;
}

/**
 * Loads tfjs with the WebAssembly backend once per thread, and teaches tf.io to read file:// model
 * URLs from disk, so nothing ever goes to the network (Human and nsfwjs would otherwise fetch).
 */
export function loadTf(): Promise<TTf> {
  ready ??= (async () => {
    const tf = require("@tensorflow/tfjs") as TTf;
    const wasm = require("@tensorflow/tfjs-backend-wasm") as typeof import("@tensorflow/tfjs-backend-wasm");
    wasm.setWasmPaths(wasmBinariesDir());
    const router = (url: string | string[]) => {
      if (typeof url !== "string" || !url.startsWith("file://")) return null;
      const file = fileURLToPath(url);
      return {
        load: async () => readModelArtifacts(file) as unknown as import("@tensorflow/tfjs").io.ModelArtifacts,
      };
    };
    // tf.io routers may return null for URLs they do not handle; the type says otherwise.
    tf.io.registerLoadRouter(router as unknown as Parameters<typeof tf.io.registerLoadRouter>[0]);
    try {
      if (!(await tf.setBackend("wasm"))) throw new Error("setBackend returned false");
      await tf.ready();
    } catch (error) {
      ready = null;
      throw new EngineError(
        "MODEL_MISSING",
        `The TensorFlow.js WebAssembly backend did not start: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
    tf.enableProdMode();
    return tf;
  })();
  return ready;
}
