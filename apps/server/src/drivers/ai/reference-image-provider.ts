/**
 * The reference-image generation port (design TOOLS "provider": ReferenceImageProvider; spec 02
 * §2.3): a prompt, an optional reference image and 0–4 character images in, 1–4 images out. Two
 * drivers: Kling (kling.ts) and Qwen-Image-Edit on ComfyUI (issue 25,
 * drivers/comfyui/comfy-generation-provider.ts); an unconfigured server has none, and the flags
 * say so.
 */
import type { TCharacterMode, TGenerationAspectRatio } from "@gyeol/shared/generation";
import { JobFailure } from "../../lib/job-failure.ts";

export interface TReferenceImageRequest {
  prompt: string;
  numImages: number;
  /** Kling's spelling, `1:1`. */
  aspectRatio: string;
  /** Our spelling, `1x1` (a provider with its own size table reads this). */
  aspectRatioName: TGenerationAspectRatio;
  /** JPEG or PNG bytes of the reference image (the prompt's picture), if any. */
  reference: Buffer | null;
  /** JPEG or PNG bytes of the character images (0–4). */
  characters: readonly Buffer[];
  characterMode: TCharacterMode;
  /** Our job id: sent as external_task_id so the vendor's task can be found by it. */
  externalTaskId: string;
  /** The vendor's task id recorded by an earlier run of the same job: poll it, never submit again. */
  providerTaskId: string | null;
  onProviderTaskId(id: string): Promise<void>;
  /** The provider's own queue place and progress (0–1), when it reports them (ComfyUI). */
  onProgress?(progress: { queuePosition?: number; fraction?: number }): void;
  signal: AbortSignal;
}

export interface TReferenceImageResult {
  /** The images as the vendor made them (downloaded, not yet checked). */
  images: Buffer[];
  /** Fewer came back than were asked for. */
  partial: boolean;
}

export interface ReferenceImageProvider {
  /** jobs.provider */
  readonly provider: string;
  /** A stand-in (the contract fake `npm run dev` starts): the page marks it. */
  readonly isTestProvider: boolean;
  generate(request: TReferenceImageRequest): Promise<TReferenceImageResult>;
  /** Stops the provider's task when its owner cancels (ComfyUI interrupt, RunPod /cancel); optional. */
  cancel?(providerTaskId: string): Promise<void>;
}

/** A failure with one of our error codes (jobs.error_code), like EngineJobError. */
export class GenerationError extends JobFailure {
  override name = "GenerationError";
}
