/**
 * Face edit's built-in driver: @gyeol/engine's masked refine (refine.ts) in the engine thread —
 * edge-preserving smoothing, even tone and a little clarity inside the painted area, its strength
 * from easy_value and gender. Non-generative, and said so in its answer. resize_factor scales the
 * result (the cost counts the resized size, spec 02 §9); seed has nothing to vary here.
 */
import { isEngineError } from "@gyeol/engine/errors";
import { getEngineThread } from "@gyeol/engine/thread/engine-thread";
import sharp from "sharp";
import type { FaceEditEngine } from "./face-edit-engine.ts";
import { EngineJobError } from "./retouch-engine.ts";

export function createBuiltinFaceEditEngine(options: { maxPixels: number }): FaceEditEngine {
  return {
    provider: "builtin",
    workload: "engine",
    async run({ input, readImage, readMask, signal }) {
      const [bytes, mask] = await Promise.all([readImage(), readMask()]);
      signal.throwIfAborted();
      let result: { jpeg: Buffer; width: number; height: number };
      try {
        result = await getEngineThread("jobs").refineFace(bytes, mask, {
          easy_value: input.easy_value,
          gender: input.gender,
          maxPixels: options.maxPixels,
        });
      } catch (error) {
        if (isEngineError(error)) throw new EngineJobError(error.code, error.message, { cause: error });
        throw error;
      }
      signal.throwIfAborted();
      let jpeg = result.jpeg;
      if (input.resize_factor !== 1) {
        const width = Math.max(1, Math.round(result.width * input.resize_factor));
        const height = Math.max(1, Math.round(result.height * input.resize_factor));
        if (width * height > options.maxPixels)
          throw new EngineJobError("IMAGE_TOO_LARGE", "The resized result would be too large.");
        jpeg = await sharp(jpeg).resize(width, height, { fit: "fill" }).jpeg({ quality: 95 }).toBuffer();
      }
      return { images: [jpeg], engine: "builtin-refine", generative: false };
    },
  };
}
