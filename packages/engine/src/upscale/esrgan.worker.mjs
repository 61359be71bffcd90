// Worker thread: one ESRGAN model on its own tfjs-wasm instance, plus the faceres identity model.
// Plain JavaScript on purpose, so it starts the same under node, tsx and vitest. The main thread
// sends tiles (we send back pixels) and face crops (we send back their descriptors).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const tf = require("@tensorflow/tfjs");
const wasm = require("@tensorflow/tfjs-backend-wasm");

/** @type {{ modelJson: string, descriptorJson: string, descriptorOutput: string, wasmDir: string }} */
const { modelJson, descriptorJson, descriptorOutput, wasmDir } = workerData;

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
  const model = await tf.loadLayersModel(tf.io.fromMemory(readArtifacts(modelJson)));
  const descriptor = await tf.loadGraphModel(tf.io.fromMemory(readArtifacts(descriptorJson)));
  parentPort.postMessage({ type: "ready" });
  parentPort.on("message", (message) => {
    try {
      if (message.type === "tile") {
        const { id, width, height, pixels } = message;
        const output = tf.tidy(() => {
          const input = tf.tensor4d(new Uint8Array(pixels), [1, height, width, 3], "int32").toFloat();
          const result = model.predict(input);
          return result.clipByValue(0, 255).round().toInt();
        });
        const values = output.dataSync();
        output.dispose();
        const bytes = new Uint8Array(values.length);
        bytes.set(values);
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
  });
}

start().catch((error) => {
  parentPort.postMessage({ type: "fatal", message: String(error?.stack ?? error) });
});
