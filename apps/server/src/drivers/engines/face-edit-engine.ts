/**
 * The face-edit engine port (ARCHITECTURE "retouch and face engines", spec 02 §2.4/§3): the
 * built-in reshape by default (non-generative: it reshapes the painted face along its mesh and
 * smooths its skin, never draws a new face), RunPod's face-edit endpoint when
 * RUNPOD_FACE_EDIT_ENDPOINT_ID and RUNPOD_API_KEY are set, or SDXL inpainting on ComfyUI with
 * FACE_EDIT_PROVIDER=comfyui (issue 25). Chosen once at
 * boot (create-face-edit-engine.ts); the job never asks which one ran, it stores what it gets.
 */
import type { TFaceEditInput } from "@gyeol/shared/contracts/face-edit";
import type { TQueueClass } from "../queue/job-queue.ts";
import type { TProviderProgress } from "./retouch-engine.ts";

export interface FaceEditRunRequest {
  /** Our job id: a provider that stores files (ComfyUI) names them after it, so jobs never meet. */
  jobId: string;
  /** spec 02 §3 input; `image` and `mask` are URLs an outside engine can fetch. */
  input: TFaceEditInput & { mask: string };
  /** The uploaded photo and mask bytes (the built-in engine reads these). */
  readImage(): Promise<Buffer>;
  readMask(): Promise<Buffer>;
  /** The provider's job id from an earlier run of this job (crash recovery resumes it). */
  providerJobId: string | null;
  onProviderJobId(id: string): Promise<void>;
  /** The provider's own queue place and progress (0–1), when it reports them (ComfyUI). */
  onProgress?(progress: TProviderProgress): void;
  signal: AbortSignal;
}

export interface FaceEditRunResult {
  /** 1–4 result images (JPEG or PNG bytes). */
  images: Buffer[];
  /** What ran: "builtin-reshape" (the page labels it as the built-in, non-generative engine), "runpod" or "comfyui". */
  engine: string;
  generative: boolean;
  /** What the built-in engine did (faces reshaped, direction, amounts), stored with the job. */
  report?: TFaceEditReport;
}

/** The built-in engine's account of an edit (the engine's FaceEditReport, as plain data). */
export interface TFaceEditReport {
  intensity: number;
  direction: "feminine" | "masculine";
  facesFound: number;
  noFace: boolean;
  amounts: { jaw: number; eyes: number; nose: number; lips: number } | null;
  skin: number;
  maxShiftPx: number;
}

export interface FaceEditEngine {
  /** jobs.provider: "builtin", "runpod" or ComfyUI's (the history's runpod_job_id is mapped from it). */
  readonly provider: "builtin" | "runpod" | "comfyui" | "comfyui-runpod";
  readonly workload: TQueueClass;
  run(request: FaceEditRunRequest): Promise<FaceEditRunResult>;
  /** Stops the provider's job when its owner cancels (RunPod /cancel); absent for built-in work. */
  cancel?(providerJobId: string): Promise<void>;
}
