/**
 * Chooses the face-edit engine once, at boot: FACE_EDIT_PROVIDER, or unset RunPod when its key and
 * endpoint are set, else built-in. ComfyUI runs workflows/face-edit.json (issue 25).
 */
import type { Config } from "../../config.ts";
import { createComfyFaceEditEngine } from "../comfyui/comfy-face-edit-engine.ts";
import type { ComfyRunner } from "../comfyui/comfy-runner.ts";
import { createBuiltinFaceEditEngine } from "./builtin-face-edit-engine.ts";
import type { FaceEditEngine } from "./face-edit-engine.ts";
import type { RunpodClient } from "./runpod-client.ts";
import { createRunpodFaceEditEngine } from "./runpod-face-edit-engine.ts";

export function createFaceEditEngine(
  config: Pick<Config, "faceEditEngine" | "uploads" | "comfyui">,
  /** The process's one RunPod client, shared with retouch (services.ts). */
  runpod: RunpodClient | undefined,
  /** The process's one ComfyUI runner (services.ts); set whenever a tool runs on ComfyUI. */
  comfyRunner?: ComfyRunner,
): FaceEditEngine {
  const engine = config.faceEditEngine;
  if (engine.kind === "comfyui") {
    const workflow = config.comfyui?.workflows["face-edit"];
    if (!comfyRunner || !config.comfyui || !workflow)
      throw new Error("ComfyUI face edit is configured without a ComfyUI runner and its workflow");
    return createComfyFaceEditEngine({
      runner: comfyRunner,
      workflow,
      timeoutMs: config.comfyui.timeoutMs,
      maxPixels: config.uploads.maxPixels,
    });
  }
  if (engine.kind === "runpod") {
    if (!runpod) throw new Error("RunPod face edit is configured without a RunPod client");
    return createRunpodFaceEditEngine({ client: runpod, endpointId: engine.endpointId });
  }
  return createBuiltinFaceEditEngine({ maxPixels: config.uploads.maxPixels });
}
