import { createRequire } from "node:module";
import path from "node:path";
import { EngineError } from "./errors.ts";
import { decodeImage } from "./image.ts";
import { type NsfwScores, nsfwVerdict, type TNsfwClass, type TNsfwVerdict } from "./moderation-rule.ts";
import { assertModelFile, resolvePackageDir } from "./runtime/model-files.ts";
import { loadTf } from "./runtime/tf.ts";

const require = createRequire(import.meta.url);

export type { NsfwScores, TNsfwClass } from "./moderation-rule.ts";

export interface NsfwResult {
  /** moderation-rule.ts nsfwVerdict over the scores. */
  verdict: TNsfwVerdict;
  /** Probability of each class, 0..1, summing to about 1. */
  scores: NsfwScores;
}

interface TNsfwModel {
  classify(image: unknown, topk?: number): Promise<Array<{ className: TNsfwClass; probability: number }>>;
}

let modelReady: Promise<TNsfwModel> | null = null;

/**
 * nsfwjs's MobileNetV2, loaded from the weights nsfwjs ships as base64 modules. Its own loader
 * decodes them one character at a time (about 6 s); decoding with Buffer takes a fraction of that.
 */
function loadNsfwModel(): Promise<TNsfwModel> {
  modelReady ??= (async () => {
    await loadTf();
    const dir = path.join(resolvePackageDir("nsfwjs"), "dist", "models", "mobilenet_v2");
    const modelFile = path.join(dir, "model.min.js");
    const shardFile = path.join(dir, "group1-shard1of1.min.js");
    assertModelFile(modelFile);
    assertModelFile(shardFile);
    const json = require(modelFile) as {
      modelTopology: unknown;
      weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
    };
    const weights = Buffer.from(require(shardFile) as string, "base64");
    const handler = {
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    };
    const { NSFWJS } = require("nsfwjs/core") as {
      NSFWJS: new (handler: unknown, options: unknown) => TNsfwModel & { load(): Promise<void> };
    };
    const model = new NSFWJS(handler, { size: 224 });
    try {
      await model.load();
    } catch (error) {
      modelReady = null;
      throw new EngineError("MODEL_MISSING", `NSFW model did not load from ${dir}: ${String(error)}`, {
        cause: error,
      });
    }
    return model;
  })();
  return modelReady;
}

/**
 * Loads the classifier ahead of the first upload (about a second here), so the first person to
 * upload after a start does not wait for it. Safe to call any number of times.
 */
export async function warmNsfwModel(): Promise<void> {
  await loadNsfwModel();
}

/** Classifies an upload; the server maps "block" to NSFW_CONTENT_DETECTED (spec 02 §8). */
export async function classifyNsfw(input: Buffer | Uint8Array): Promise<NsfwResult> {
  // Decoded straight to the model's 224², shrunk while decoding: a large upload is never held at
  // full size (it was 150 MB of pixels for a 49 MP photo). Truncated files still fail the decode.
  const small = await decodeImage(input, { resize: { width: 224, height: 224, fit: "fill" } });
  const [model, tf] = await Promise.all([loadNsfwModel(), loadTf()]);
  const tensor = tf.tensor3d(small.data, [224, 224, 3], "int32");
  let predictions: Array<{ className: TNsfwClass; probability: number }>;
  try {
    predictions = await model.classify(tensor, 5);
  } finally {
    tensor.dispose();
  }
  const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
  for (const p of predictions) scores[p.className] = p.probability;
  return { verdict: nsfwVerdict(scores), scores };
}
