/**
 * Where the ComfyUI engine runs (issue 25): a ComfyUI server (COMFYUI_URL) or RunPod's ComfyUI
 * worker (COMFYUI_RUNPOD_ENDPOINT_ID, with the engines port's RUNPOD_API_KEY). The tools that use
 * it say so in their own ports (RETOUCH_PROVIDER, FACE_EDIT_PROVIDER, IMAGE_EDIT_PROVIDER,
 * GENERATION_PROVIDER = comfyui); `resolveComfyui` (called by loadConfig once every port has
 * resolved) ties the two together, reads and checks the chosen tools' workflow files, and names
 * what is missing in one sentence when a tool chose ComfyUI and nothing says where it runs.
 */
import path from "node:path";
import { z } from "zod";
import {
  loadWorkflow,
  type TLoadedWorkflow,
  type TWorkflowTool,
  WorkflowFileError,
} from "../drivers/comfyui/workflow-file.ts";
import type { TRunpodConfig } from "./engines.ts";
import { definePort, type TResolveContext, trimSlashes, zInt, zOptionalText } from "./env.ts";

export interface TComfyuiSettings {
  url: string | undefined;
  runpodEndpointId: string | undefined;
  timeoutMs: number;
  /** Absolute; a workflow file there replaces the shipped one of the same name. */
  workflowsDir: string | undefined;
}

export interface TComfyuiConfig {
  /** A ComfyUI server, or RunPod's worker reached through the engines port's RunPod settings. */
  target: { kind: "server"; url: string } | { kind: "runpod"; endpointId: string; runpod: TRunpodConfig };
  timeoutMs: number;
  workflowsDir: string | undefined;
  /** The checked workflow of each tool that runs on ComfyUI. */
  workflows: Readonly<Partial<Record<TWorkflowTool, TLoadedWorkflow>>>;
}

export interface TComfyuiPortConfig {
  comfyuiSettings: TComfyuiSettings;
}

export const comfyuiPort = definePort(
  "comfyui",
  {
    COMFYUI_URL: zOptionalText.pipe(z.url().optional()),
    COMFYUI_RUNPOD_ENDPOINT_ID: zOptionalText,
    COMFYUI_TIMEOUT_MS: zInt(600_000, 1000, 3_600_000),
    COMFYUI_WORKFLOWS_DIR: zOptionalText,
  },
  (e, ctx: TResolveContext): TComfyuiPortConfig => ({
    comfyuiSettings: Object.freeze({
      url: e.COMFYUI_URL ? trimSlashes(e.COMFYUI_URL) : undefined,
      runpodEndpointId: e.COMFYUI_RUNPOD_ENDPOINT_ID,
      timeoutMs: e.COMFYUI_TIMEOUT_MS,
      workflowsDir: e.COMFYUI_WORKFLOWS_DIR ? path.resolve(ctx.cwd, e.COMFYUI_WORKFLOWS_DIR) : undefined,
    }),
  }),
);

/** The variable each tool chooses ComfyUI with (for the sentences below). */
const CHOICE_VARIABLE: Record<TWorkflowTool, string> = {
  retouch: "RETOUCH_PROVIDER",
  "face-edit": "FACE_EDIT_PROVIDER",
  "image-edit": "IMAGE_EDIT_PROVIDER",
  generation: "GENERATION_PROVIDER",
};

/**
 * The ComfyUI engine's settings, or undefined when no tool chose it; `problems` gets a line per
 * thing that stops it (no target, both targets, RunPod without its key, a bad workflow file).
 */
export function resolveComfyui(
  tools: readonly TWorkflowTool[],
  settings: TComfyuiSettings,
  runpod: TRunpodConfig | undefined,
  problems: string[],
): TComfyuiConfig | undefined {
  if (tools.length === 0) return undefined;
  const chosen = tools.map((tool) => `${CHOICE_VARIABLE[tool]}=comfyui`).join(", ");
  const before = problems.length;
  if (settings.url && settings.runpodEndpointId)
    problems.push(
      "COMFYUI_URL: set either COMFYUI_URL (your ComfyUI server) or COMFYUI_RUNPOD_ENDPOINT_ID (RunPod's ComfyUI worker), not both",
    );
  else if (!settings.url && !settings.runpodEndpointId)
    problems.push(
      `COMFYUI_URL: ${chosen} needs a ComfyUI to run on: set COMFYUI_URL to your ComfyUI server (e.g. http://127.0.0.1:8188) or COMFYUI_RUNPOD_ENDPOINT_ID with RUNPOD_API_KEY for RunPod's ComfyUI worker`,
    );
  else if (settings.runpodEndpointId && !runpod)
    problems.push(
      "RUNPOD_API_KEY: required with COMFYUI_RUNPOD_ENDPOINT_ID (RunPod's ComfyUI worker is reached with your RunPod API key)",
    );
  const workflows: Partial<Record<TWorkflowTool, TLoadedWorkflow>> = {};
  for (const tool of tools) {
    try {
      workflows[tool] = loadWorkflow(tool, settings.workflowsDir);
    } catch (error) {
      if (!(error instanceof WorkflowFileError)) throw error;
      problems.push(`COMFYUI_WORKFLOWS_DIR: ${CHOICE_VARIABLE[tool]}=comfyui: ${error.message}`);
    }
  }
  if (problems.length > before) return undefined;
  const target: TComfyuiConfig["target"] = settings.url
    ? { kind: "server", url: settings.url }
    : { kind: "runpod", endpointId: settings.runpodEndpointId!, runpod: runpod! };
  return Object.freeze({
    target: Object.freeze(target),
    timeoutMs: settings.timeoutMs,
    workflowsDir: settings.workflowsDir,
    workflows: Object.freeze(workflows),
  });
}
