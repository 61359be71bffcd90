/**
 * ESRGAN on onnxruntime-node (issue 29, item 3): the Keras weights written as ONNX must give the
 * tfjs model's pixels, and the worker pool must run on the native runtime by default and on
 * tfjs-wasm when asked (ENGINE_SR_RUNTIME=wasm) or when the native one cannot load.
 */
import path from "node:path";
import * as tf from "@tensorflow/tfjs";
import { InferenceSession, Tensor } from "onnxruntime-node";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { decodeImage, resizeLanczos } from "../image.ts";
import { readModelArtifacts, resolvePackageDir } from "../runtime/model-files.ts";
import { readFixture } from "../test/fixtures.ts";
import { kerasToOnnx, readKerasModel } from "./keras-onnx.mjs";
import { closeSrPools, SrWorkerPool } from "./pool.ts";

const modelJson = (model: string) =>
  path.join(resolvePackageDir(`@upscalerjs/${model}`), "models", "x2", "model.json");

/** A 40×32 RGB crop of a real photo (texture, edges and flat parts). */
async function photoTile(width = 40, height = 32) {
  const photo = await decodeImage(readFixture("astronaut.jpg"));
  const small = await resizeLanczos(photo, width, height);
  return small.data; // RGB, row-major
}

const pools: SrWorkerPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
  delete process.env.ENGINE_SR_RUNTIME;
});
afterAll(() => closeSrPools());

describe("ESRGAN written as ONNX", () => {
  it.each(["esrgan-slim", "esrgan-medium"])("%s gives tfjs' output within float rounding", async (model) => {
    const width = 40;
    const height = 32;
    const rgb = Float32Array.from(await photoTile(width, height));
    const session = await InferenceSession.create(kerasToOnnx(readKerasModel(modelJson(model))));
    const native = (await session.run({ LR: new Tensor("float32", rgb, [1, height, width, 3]) })).SR!;
    expect(native.dims).toEqual([1, height * 2, width * 2, 3]);

    await tf.setBackend("cpu");
    const keras = await tf.loadLayersModel(
      tf.io.fromMemory(readModelArtifacts(modelJson(model)) as tf.io.ModelArtifacts),
    );
    const reference = (keras.predict(tf.tensor4d(rgb, [1, height, width, 3])) as tf.Tensor).dataSync();
    const out = native.data as Float32Array;
    let worst = 0;
    for (let i = 0; i < reference.length; i++) worst = Math.max(worst, Math.abs(out[i]! - reference[i]!));
    expect(worst).toBeLessThan(0.01); // of 0..255
    await session.release();
  });

  it("refuses a layer it does not know rather than guess", () => {
    const model = readKerasModel(modelJson("esrgan-slim"));
    const config = structuredClone(model.config) as { layers: Array<{ class_name: string }> };
    config.layers[3]!.class_name = "PReLU";
    expect(() => kerasToOnnx({ ...model, config })).toThrow(/PReLU is not supported/);
  });
});

describe("the upscale pool's runtime", () => {
  it("runs on onnxruntime-node by default and on tfjs-wasm when asked, with the same pixels", async () => {
    const rgb = await photoTile();
    const native = new SrWorkerPool("esrgan-slim", 1);
    pools.push(native);
    process.env.ENGINE_SR_RUNTIME = "wasm";
    const wasm = new SrWorkerPool("esrgan-slim", 1);
    pools.push(wasm);
    const [a, b] = await Promise.all([native.run(rgb.slice(), 40, 32), wasm.run(rgb.slice(), 40, 32)]);
    expect(native.runtime).toBe("onnxruntime-node");
    expect(native.fallbackReason).toBeNull();
    expect(wasm.runtime).toBe("tfjs-wasm");
    expect(wasm.fallbackReason).toMatch(/ENGINE_SR_RUNTIME=wasm/);
    expect(a.length).toBe(80 * 64 * 3);
    let differ = 0;
    for (let i = 0; i < a.length; i++) {
      expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(1);
      if (a[i] !== b[i]) differ++;
    }
    expect(differ / a.length).toBeLessThan(0.001);
  });
});
