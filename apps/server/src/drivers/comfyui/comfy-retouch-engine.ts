/**
 * Retouch on ComfyUI (issue 25, RETOUCH_PROVIDER=comfyui): workflows/retouch.json (SDXL img2img
 * at low denoise, Real-ESRGAN 2×, a resize to the exact output size) bound by bindRetouch and run
 * on the ComfyUI runner (a ComfyUI server or RunPod's ComfyUI worker). The job stores the upright
 * JPEG this answers, like every retouch engine's. ComfyError's COMFYUI_* codes are the job's.
 */

import type { RetouchEngine } from "../engines/retouch-engine.ts";
import { bindRetouch } from "./bind-workflow.ts";
import { toResultJpeg } from "./comfy-images.ts";
import { runBound, type TComfyToolOptions } from "./comfy-run.ts";

export function createComfyRetouchEngine(options: TComfyToolOptions): RetouchEngine {
  return {
    provider: options.runner.provider,
    workload: "remote",
    async run({ jobId, input, readImage, providerJobId, onProviderJobId, onProgress, signal }) {
      const bound = await bindRetouch(options.workflow, { jobId, photo: await readImage(), input });
      const [first] = await runBound(options, bound, {
        jobId,
        providerJobId,
        onProviderJobId,
        onProgress,
        signal,
      });
      // The workflow resizes to the exact size; a replaced workflow that does not is resized here.
      const result = await toResultJpeg(first!.bytes, {
        ...bound.target,
        quality: 100,
      });
      return {
        jpeg: result.bytes,
        width: result.width,
        height: result.height,
        facesFound: null,
        identityScore: null,
        engine: "comfyui",
      };
    },
    cancel: (id) => options.runner.cancel(id),
  };
}
