/**
 * Chooses the retouch engine once, at boot: RETOUCH_PROVIDER, or unset RunPod when its key and
 * endpoint are set, else built-in. ComfyUI runs workflows/retouch.json on the process's one
 * ComfyUI runner (issue 25).
 */
import type { Config } from "../../config.ts";
import { createComfyRetouchEngine } from "../comfyui/comfy-retouch-engine.ts";
import type { ComfyRunner } from "../comfyui/comfy-runner.ts";
import { createBuiltinRetouchEngine } from "./builtin-retouch-engine.ts";
import type { RetouchEngine } from "./retouch-engine.ts";
import type { RunpodClient } from "./runpod-client.ts";
import { createRunpodRetouchEngine } from "./runpod-retouch-engine.ts";

export function createRetouchEngine(
  config: Pick<Config, "retouchEngine" | "uploads" | "comfyui">,
  /** The process's one RunPod client (services.ts); set whenever RUNPOD_API_KEY is. */
  runpod: RunpodClient | undefined,
  /** The process's one ComfyUI runner (services.ts); set whenever a tool runs on ComfyUI. */
  comfyRunner?: ComfyRunner,
): RetouchEngine {
  const engine = config.retouchEngine;
  if (engine.kind === "comfyui") {
    const workflow = config.comfyui?.workflows.retouch;
    if (!comfyRunner || !config.comfyui || !workflow)
      throw new Error("ComfyUI retouch is configured without a ComfyUI runner and its workflow");
    return createComfyRetouchEngine({ runner: comfyRunner, workflow, timeoutMs: config.comfyui.timeoutMs });
  }
  if (engine.kind === "runpod") {
    if (!runpod) throw new Error("RunPod retouch is configured without a RunPod client");
    return createRunpodRetouchEngine({ client: runpod, endpointId: engine.endpointId });
  }
  return createBuiltinRetouchEngine({ maxPixels: config.uploads.maxPixels });
}
