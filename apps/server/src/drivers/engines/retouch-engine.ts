/**
 * The retouch engine port (ARCHITECTURE "retouch and face engines"): the built-in CPU engine by
 * default, RunPod serverless or ComfyUI (issue 25) when configured. Chosen once at boot
 * (create-retouch-engine.ts).
 */
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import { JobFailure } from "../../lib/job-failure.ts";
import type { TQueueClass } from "../queue/job-queue.ts";

export interface RetouchRunRequest {
  /** Our job id: a provider that stores files (ComfyUI) names them after it, so jobs never meet. */
  jobId: string;
  /** spec 02 §3 input object; `image` is a URL the engine can fetch (RunPod) or ignore (built-in). */
  input: TUpscaleInput;
  /** The uploaded bytes (the built-in engine reads these; RunPod fetches input.image itself). */
  readImage(): Promise<Buffer>;
  /** The provider's job id from an earlier run of this job (crash recovery resumes it). */
  providerJobId: string | null;
  /** Called once the provider accepted the job, before waiting on it. */
  onProviderJobId(id: string): Promise<void>;
  /** The provider's own queue place and progress (0–1), when it reports them (ComfyUI). */
  onProgress?(progress: TProviderProgress): void;
  signal: AbortSignal;
}

/** A provider's word on a job it holds: prompts ahead of it, and how far it has got (0–1). */
export interface TProviderProgress {
  queuePosition?: number;
  fraction?: number;
}

/**
 * What every engine answers, ready to store: the job never asks which engine ran (a vendor's PNG
 * or rotated output is made an upright JPEG by its driver, not by the job).
 */
export interface RetouchRunResult {
  /** An upright JPEG, stored as it is. */
  jpeg: Buffer;
  width: number;
  height: number;
  facesFound: number | null;
  identityScore: number | null;
  /**
   * How much of the retouch the result keeps (1: all): the built-in engine blends a result back
   * towards the photo until the face keeps its likeness; null when the engine does not say.
   */
  retouchShare?: number | null;
  engine: string;
}

export interface RetouchEngine {
  /** Recorded on the job row (jobs.provider); the history's vendor fields are mapped from it. */
  readonly provider: "builtin" | "runpod" | "comfyui" | "comfyui-runpod";
  /** Where the work happens: this process's CPU (`engine` queue) or a vendor's (`remote`). */
  readonly workload: TQueueClass;
  run(request: RetouchRunRequest): Promise<RetouchRunResult>;
  /** Stops the provider's job when its owner cancels (RunPod /cancel, ComfyUI interrupt); absent for built-in work. */
  cancel?(providerJobId: string): Promise<void>;
}

/** An engine's failure with a stable code (the job's error_code): the one JobFailure, named so. */
export class EngineJobError extends JobFailure {
  override name = "EngineJobError";
}
