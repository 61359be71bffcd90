/**
 * Face edit's built-in driver: @gyeol/engine's face edit (face-edit.ts) in the engine thread — every
 * face in the painted area reshaped along its face mesh (jaw and cheek line, eyes, nose, lips) in
 * the gender's direction by the intensity (easy_value), plus a light skin retouch; a mask over no
 * face gets a light local smoothing. Nothing outside the mask changes. Non-generative, and said so
 * in its answer, with a report of what it did. resize_factor scales the result (the cost counts the
 * resized size, spec 02 §9); seed has nothing to vary here: the engine is deterministic.
 */
import { isEngineError } from "@gyeol/engine/errors";
import type { FaceEditResult } from "@gyeol/engine/face-edit";
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
      let result: FaceEditResult;
      try {
        result = await getEngineThread("jobs").editFace(bytes, mask, {
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
      const { engine, generative, intensity, direction, facesFound, noFace, amounts, skin, maxShiftPx } =
        result;
      return {
        images: [jpeg],
        engine,
        generative,
        report: { intensity, direction, facesFound, noFace, amounts, skin, maxShiftPx },
      };
    },
  };
}
