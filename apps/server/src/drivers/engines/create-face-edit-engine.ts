/** Chooses the face-edit engine once, at boot: RunPod when its key and endpoint are set, else built-in. */
import type { Config } from "../../config.ts";
import { createBuiltinFaceEditEngine } from "./builtin-face-edit-engine.ts";
import type { FaceEditEngine } from "./face-edit-engine.ts";
import type { RunpodClient } from "./runpod-client.ts";
import { createRunpodFaceEditEngine } from "./runpod-face-edit-engine.ts";

export function createFaceEditEngine(
  config: Pick<Config, "faceEditEngine" | "uploads">,
  /** The process's one RunPod client, shared with retouch (services.ts). */
  runpod: RunpodClient | undefined,
): FaceEditEngine {
  const engine = config.faceEditEngine;
  if (engine.kind === "runpod") {
    if (!runpod) throw new Error("RunPod face edit is configured without a RunPod client");
    return createRunpodFaceEditEngine({ client: runpod, endpointId: engine.endpointId });
  }
  return createBuiltinFaceEditEngine({ maxPixels: config.uploads.maxPixels });
}
