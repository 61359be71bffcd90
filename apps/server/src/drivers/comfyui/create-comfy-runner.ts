/**
 * The process's one ComfyUI runner from the config (issue 25), shared by every tool set to
 * `comfyui`: a ComfyUI server at COMFYUI_URL, or RunPod's ComfyUI worker at
 * COMFYUI_RUNPOD_ENDPOINT_ID reached with the RunPod settings (RUNPOD_API_KEY, RUNPOD_API_BASE_URL,
 * RUNPOD_POLL_INTERVAL_MS). Both bound a job by COMFYUI_TIMEOUT_MS.
 */
import type { TComfyuiConfig } from "../../config.ts";
import type { ComfyRunner } from "./comfy-runner.ts";
import { createComfyRunpodRunner } from "./comfy-runpod-runner.ts";
import { createComfyServerRunner } from "./comfy-server-runner.ts";

export function createComfyRunner(config: TComfyuiConfig): ComfyRunner {
  const { target, timeoutMs } = config;
  if (target.kind === "server") return createComfyServerRunner({ baseUrl: target.url, timeoutMs });
  return createComfyRunpodRunner({
    apiKey: target.runpod.apiKey,
    endpointId: target.endpointId,
    baseUrl: target.runpod.baseUrl,
    pollIntervalMs: target.runpod.pollIntervalMs,
    timeoutMs,
  });
}
