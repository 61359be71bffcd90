/** Chooses the retouch engine once, at boot: RunPod when its key and endpoint are set, else built-in. */
import type { Config } from "../../config.ts";
import { createBuiltinRetouchEngine } from "./builtin-retouch-engine.ts";
import type { RetouchEngine } from "./retouch-engine.ts";
import { createRunpodRetouchEngine } from "./runpod-retouch-engine.ts";

export function createRetouchEngine(config: Pick<Config, "retouchEngine" | "uploads">): RetouchEngine {
  const engine = config.retouchEngine;
  if (engine.kind === "runpod") {
    return createRunpodRetouchEngine({ ...engine, maxResultBytes: config.uploads.maxBytes * 4 });
  }
  return createBuiltinRetouchEngine({ maxPixels: config.uploads.maxPixels });
}
