/**
 * The baseline a JavaScript developer would write: UpscalerJS (upscaler/node) with the esrgan-slim
 * ×2 model on the whole image in one call, on the main thread (tfjs-wasm is single-threaded in Node).
 * Run by engine.bench.ts in its own process so its memory does not count against the engine.
 * Prints one JSON line.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const input = process.argv[2];
if (!input) throw new Error("usage: engine-baseline.phase.ts <image>");

// Our offline stand-in for @tensorflow/tfjs-node (packages/engine/vendor/tfjs-node-standin).
const tf = require("@tensorflow/tfjs-node") as typeof import("@tensorflow/tfjs") & {
  useWasmBackend(): Promise<void>;
};
await tf.useWasmBackend();
const Upscaler = require("upscaler/node") as new (
  options: unknown,
) => {
  getModel(): Promise<unknown>;
  upscale(input: unknown, options: unknown): Promise<import("@tensorflow/tfjs").Tensor3D>;
};
const x2 = require("@upscalerjs/esrgan-slim/2x");

const { data, info } = await sharp(fs.readFileSync(input))
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const upscaler = new Upscaler({ model: x2 });
await upscaler.getModel();
const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
// Best of two calls (the model is loaded once), like the engine's best-of-three: the machine is shared.
let ms = Number.POSITIVE_INFINITY;
let shape: number[] = [];
// BENCH_SMOKE=1 (engine.bench.ts): one call.
for (let run = 0; run < (process.env.BENCH_SMOKE === "1" ? 1 : 2); run++) {
  const started = performance.now();
  const out = await upscaler.upscale(tensor, { output: "tensor" });
  ms = Math.min(ms, performance.now() - started);
  shape = out.shape;
  out.dispose();
}
const [h, w] = shape;
process.stdout.write(
  `${JSON.stringify({ phase: "baseline", ms, width: w, height: h, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
