/**
 * The built-in driver: @gyeol/engine's retouchPortrait on this machine's CPU (the worker role), in
 * the engine thread so the process's event loop (the API too, in one-process mode) never waits on
 * it. EngineError codes become the job's error code.
 */
import { isEngineError } from "@gyeol/engine/errors";
import { getEngineThread } from "@gyeol/engine/thread/engine-thread";
import { EngineJobError, type RetouchEngine } from "./retouch-engine.ts";

export function createBuiltinRetouchEngine(options: { maxPixels: number }): RetouchEngine {
  return {
    provider: "builtin",
    workload: "engine",
    async run({ input, readImage, signal }) {
      const bytes = await readImage();
      signal.throwIfAborted();
      try {
        const result = await getEngineThread("jobs").retouchPortrait(bytes, input, {
          maxPixels: options.maxPixels,
        });
        return {
          jpeg: result.jpeg,
          width: result.width,
          height: result.height,
          facesFound: result.facesFound,
          identityScore: result.identity ? Math.round(result.identity.cosine * 10_000) / 10_000 : null,
          retouchShare: Math.round(result.retouchShare * 100) / 100,
          engine: "builtin",
        };
      } catch (error) {
        if (isEngineError(error)) throw new EngineJobError(error.code, error.message, { cause: error });
        throw error;
      }
    },
  };
}
