// Worker thread: one ESRGAN model, plus the faceres identity model on its own tfjs-wasm instance.
// ESRGAN runs on onnxruntime-node's native kernels (the same Keras weights written as ONNX in
// memory, keras-onnx.mjs), about 2.3x faster than tfjs-wasm per core; where that runtime cannot
// load (a platform without its binary) or ENGINE_SR_RUNTIME=wasm, on tfjs-wasm as before.
// Plain JavaScript on purpose, so it starts the same under node, tsx and vitest. The main thread
// sends tiles (we send back pixels) and face crops (we send back their descriptors).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { kerasToOnnx, readKerasModel } from "./keras-onnx.mjs";

const require = createRequire(import.meta.url);
const tf = require("@tensorflow/tfjs");
const wasm = require("@tensorflow/tfjs-backend-wasm");

/** @type {{ modelJson: string, descriptorJson: string, descriptorOutput: string, wasmDir: string, runtime: "native" | "wasm" }} */
const { modelJson, descriptorJson, descriptorOutput, wasmDir, runtime } = workerData;

function readArtifacts(file) {
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  const dir = path.dirname(file);
  const weightSpecs = [];
  const shards = [];
  for (const group of json.weightsManifest) {
    for (const shard of group.paths) shards.push(fs.readFileSync(path.join(dir, shard)));
    weightSpecs.push(...group.weights);
  }
  const all = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

async function start() {
  wasm.setWasmPaths(wasmDir);
  await tf.setBackend("wasm");
  await tf.ready();
  tf.enableProdMode();
  const native =
    runtime === "wasm" ? { session: null, reason: "ENGINE_SR_RUNTIME=wasm" } : await nativeSession();
  const model = native.session ? null : await tf.loadLayersModel(tf.io.fromMemory(readArtifacts(modelJson)));
  const descriptor = await tf.loadGraphModel(tf.io.fromMemory(readArtifacts(descriptorJson)));
  parentPort.postMessage({
    type: "ready",
    runtime: native.session ? "onnxruntime-node" : "tfjs-wasm",
    ...(native.reason ? { reason: native.reason } : {}),
  });
  // One message at a time, in order: the native run is asynchronous, and two at once on one core
  // would only share it.
  let chain = Promise.resolve();
  parentPort.on("message", (message) => {
    chain = chain.then(() => handle(message, native, model, descriptor));
  });
}

/** An onnxruntime-node session of the ESRGAN model, or why there is none. */
async function nativeSession() {
  try {
    const ort = require("onnxruntime-node");
    const bytes = kerasToOnnx(readKerasModel(modelJson));
    const session = await ort.InferenceSession.create(bytes, {
      intraOpNumThreads: 1, // the pool gives each core its own worker
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
      executionMode: "sequential",
    });
    return { session, ort, reason: null };
  } catch (error) {
    return { session: null, reason: String(error?.message ?? error).slice(0, 300) };
  }
}

async function handle(message, { session, ort }, model, descriptor) {
  try {
    if (message.type === "tile") {
      const { id, width, height, pixels } = message;
      let values;
      let release = () => {};
      if (session) {
        const input = new ort.Tensor("float32", Float32Array.from(new Uint8Array(pixels)), [
          1,
          height,
          width,
          3,
        ]);
        const { SR } = await session.run({ LR: input });
        values = SR.data;
        release = () => SR.dispose?.();
      } else {
        const output = tf.tidy(() => {
          const input = tf.tensor4d(new Uint8Array(pixels), [1, height, width, 3], "int32").toFloat();
          return model.predict(input);
        });
        values = output.dataSync();
        output.dispose();
      }
      // Clamped to 0..255 and rounded half to even, as tfjs' clipByValue and round did.
      const bytes = new Uint8ClampedArray(values.length);
      bytes.set(values);
      release();
      parentPort.postMessage({ type: "tile", id, pixels: bytes.buffer }, [bytes.buffer]);
    } else if (message.type === "descriptor") {
      const { id, size, pixels } = message;
      const output = tf.tidy(() =>
        descriptor.execute(tf.tensor4d(new Float32Array(pixels), [1, size, size, 3]), descriptorOutput),
      );
      const values = Float32Array.from(output.dataSync());
      output.dispose();
      parentPort.postMessage({ type: "descriptor", id, pixels: values.buffer }, [values.buffer]);
    }
  } catch (error) {
    parentPort.postMessage({ type: "error", id: message.id, message: String(error?.stack ?? error) });
  }
}

start().catch((error) => {
  parentPort.postMessage({ type: "fatal", message: String(error?.stack ?? error) });
});
