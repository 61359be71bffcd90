// Offline stand-in for @tensorflow/tfjs-node: the real package downloads libtensorflow at install.
// UpscalerJS's node build needs only tfjs itself plus file:// model loading, which this provides.
const fs = require("node:fs");
const path = require("node:path");
const { fileURLToPath } = require("node:url");
const tf = require("@tensorflow/tfjs");
const wasm = require("@tensorflow/tfjs-backend-wasm");

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
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

if (!globalThis.__tfjsNodeStandinRouter) {
  globalThis.__tfjsNodeStandinRouter = true;
  tf.io.registerLoadRouter((url) =>
    typeof url === "string" && url.startsWith("file://")
      ? { load: async () => readArtifacts(fileURLToPath(url)) }
      : null,
  );
}

/** Call once before use: selects the WebAssembly backend from the installed binaries. */
async function useWasmBackend() {
  wasm.setWasmPaths(`${path.join(path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm")))}/`);
  await tf.setBackend("wasm");
  await tf.ready();
}

module.exports = { ...tf, useWasmBackend, node: {} };
