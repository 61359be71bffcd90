/**
 * The ComfyUI runner port (issue 25): one API-format workflow plus its input images in, the
 * workflow's saved images out, with ComfyUI's own queue place and progress on the way. Two
 * implementations share it: a ComfyUI server reached at COMFYUI_URL (HTTP + WebSocket, vendors
 * CONTRACTS.md §6) and RunPod's official ComfyUI worker (`/run` with `{workflow, images}`, §7.1).
 * The tool drivers (retouch, face edit, image edit, generation) bind their input into a workflow
 * file (workflows/*.json) and never ask which runner carries it.
 */
import { JobFailure } from "../../lib/job-failure.ts";

/** ComfyUI's API format: node id → `{class_type, inputs}`; a link is `[nodeId, outputIndex]`. */
export type TComfyLink = [string, number];
export type TComfyInputValue = string | number | boolean | null | TComfyLink | TComfyInputValue[];
export interface TComfyNode {
  class_type: string;
  inputs: Record<string, TComfyInputValue>;
  _meta?: { title?: string };
}
export type TComfyWorkflow = Record<string, TComfyNode>;

export interface TComfyInputImage {
  /** Job-scoped file name (`<jobId>_<role>.png`), the one the workflow's LoadImage nodes name. */
  name: string;
  bytes: Buffer;
}

/** What ComfyUI says while the job waits and runs; every field optional (not every runner knows). */
export interface TComfyProgress {
  /** Prompts ahead of ours (0 = ours runs next or now); from /queue or RunPod's IN_QUEUE. */
  queuePosition?: number;
  /** 0–1 over the whole workflow, from `progress {value,max}` events and finished nodes. */
  fraction?: number;
  /** The node now executing (its id). */
  node?: string;
}

export interface TComfyRunRequest {
  /** Our job id: prefixes upload names and is the ws clientId, so workers' files stay apart. */
  jobId: string;
  workflow: TComfyWorkflow;
  images: readonly TComfyInputImage[];
  /** The prompt id (server) or RunPod job id from an earlier run of this job: resume, never resubmit. */
  providerJobId: string | null;
  /** Called once ComfyUI/RunPod accepted the job, before waiting on it. */
  onProviderJobId(id: string): Promise<void>;
  onProgress?(progress: TComfyProgress): void;
  signal: AbortSignal;
}

export interface TComfyOutputImage {
  /** The SaveImage node that produced it. */
  nodeId: string;
  filename: string;
  /** JPEG or PNG bytes (checked by the runner). */
  bytes: Buffer;
}

export interface ComfyRunner {
  /** "comfyui" for a ComfyUI server, "comfyui-runpod" for RunPod's worker; jobs.provider records it. */
  readonly provider: "comfyui" | "comfyui-runpod";
  run(request: TComfyRunRequest): Promise<TComfyOutputImage[]>;
  /** Interrupts or removes the job (POST /interrupt + /queue delete, or RunPod /cancel). Idempotent. */
  cancel(providerJobId: string): Promise<void>;
}

/**
 * Why a ComfyUI job failed, each a code the pages explain in Korean and English (jobs.error_code):
 * - COMFYUI_VALIDATION_FAILED: `POST /prompt` answered 400 with node_errors (a workflow that does
 *   not match the server's nodes: version drift, a missing custom node);
 * - COMFYUI_MODEL_MISSING: a loader's file is `not in list` (the model is not installed);
 * - COMFYUI_OUT_OF_MEMORY: the GPU ran out of memory;
 * - COMFYUI_TIMEOUT: no result within the configured bound;
 * - COMFYUI_UNAVAILABLE: the server or RunPod could not be reached;
 * - COMFYUI_EXECUTION_FAILED: a node raised (execution_error) or the worker failed otherwise;
 * - COMFYUI_NO_OUTPUT: the workflow finished without a saved image;
 * - COMFYUI_INPUT_TOO_LARGE: the inputs, base64 in the request, exceed what the runner may send
 *   (RunPod's /run accepts 10 MB): the driver downscales first, the runner refuses rather than send.
 */
export type TComfyErrorCode =
  | "COMFYUI_VALIDATION_FAILED"
  | "COMFYUI_MODEL_MISSING"
  | "COMFYUI_OUT_OF_MEMORY"
  | "COMFYUI_TIMEOUT"
  | "COMFYUI_UNAVAILABLE"
  | "COMFYUI_EXECUTION_FAILED"
  | "COMFYUI_NO_OUTPUT"
  | "COMFYUI_INPUT_TOO_LARGE";

export const COMFY_ERROR_CODES: readonly TComfyErrorCode[] = [
  "COMFYUI_VALIDATION_FAILED",
  "COMFYUI_MODEL_MISSING",
  "COMFYUI_OUT_OF_MEMORY",
  "COMFYUI_TIMEOUT",
  "COMFYUI_UNAVAILABLE",
  "COMFYUI_EXECUTION_FAILED",
  "COMFYUI_NO_OUTPUT",
  "COMFYUI_INPUT_TOO_LARGE",
];

export class ComfyError extends JobFailure {
  override name = "ComfyError";
  declare readonly code: TComfyErrorCode;
  constructor(
    code: TComfyErrorCode,
    message: string,
    /** ComfyUI's node_errors or RunPod's details, kept for the log. */
    readonly details?: unknown,
  ) {
    super(code, message);
  }
}
