/** The process's ComfyUI runner from the config (issue 25): a ComfyUI server or RunPod's worker. */
import type { TComfyuiConfig } from "../../config.ts";
import type { RunpodClient } from "../engines/runpod-client.ts";
import type { ComfyRunner } from "./comfy-runner.ts";

export function createComfyRunner(_config: TComfyuiConfig, _runpod: RunpodClient | undefined): ComfyRunner {
  // TEMPORARY until the runners (branch h25run) are merged.
  throw new Error("the ComfyUI runners are not merged yet");
}
