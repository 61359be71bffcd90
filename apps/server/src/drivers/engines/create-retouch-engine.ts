/** Chooses the retouch engine once, at boot: RunPod when its key and endpoint are set, else built-in. */
import type { Config } from "../../config.ts";
import { createBuiltinRetouchEngine } from "./builtin-retouch-engine.ts";
import type { RetouchEngine } from "./retouch-engine.ts";
import type { RunpodClient } from "./runpod-client.ts";
import { createRunpodRetouchEngine } from "./runpod-retouch-engine.ts";

export function createRetouchEngine(
  config: Pick<Config, "retouchEngine" | "uploads">,
  /** The process's one RunPod client (services.ts); set whenever RUNPOD_API_KEY is. */
  runpod: RunpodClient | undefined,
): RetouchEngine {
  const engine = config.retouchEngine;
  if (engine.kind === "runpod") {
    if (!runpod) throw new Error("RunPod retouch is configured without a RunPod client");
    return createRunpodRetouchEngine({ client: runpod, endpointId: engine.endpointId });
  }
  return createBuiltinRetouchEngine({ maxPixels: config.uploads.maxPixels });
}
