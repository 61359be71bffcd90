/**
 * Reference-image generation on ComfyUI (issue 25, GENERATION_PROVIDER=comfyui): Qwen-Image-Edit
 * 2509 from an empty latent at Qwen's size for the aspect ratio (workflows/generation.json), the
 * reference and character pictures as its image inputs — a collage in the last of its 3 slots when
 * there are more. The ComfyUI prompt (or RunPod job) id is the job's provider id: a run after a
 * crash resumes it, and a cancel stops it there. The seed comes from the job id, so a resubmitted
 * job draws the same pictures.
 */
import { createHash } from "node:crypto";
import type { ReferenceImageProvider } from "../ai/reference-image-provider.ts";
import { bindGeneration } from "./bind-workflow.ts";
import { runBound, type TComfyToolOptions } from "./comfy-run.ts";

/** A stable seed from our job id (Kling's request has none; ComfyUI's KSampler needs one). */
export function seedOf(jobId: string): number {
  return createHash("sha256").update(jobId).digest().readUInt32BE(0);
}

export function createComfyGenerationProvider(
  options: TComfyToolOptions & { isTestProvider: boolean },
): ReferenceImageProvider {
  return {
    provider: options.runner.provider,
    isTestProvider: options.isTestProvider,
    async generate(request) {
      const bound = await bindGeneration(options.workflow, {
        jobId: request.externalTaskId,
        prompt: request.prompt,
        reference: request.reference,
        characters: request.characters,
        characterMode: request.characterMode,
        aspectRatio: request.aspectRatioName,
        numImages: request.numImages,
        seed: seedOf(request.externalTaskId),
      });
      const outputs = await runBound(options, bound, {
        jobId: request.externalTaskId,
        providerJobId: request.providerTaskId,
        onProviderJobId: request.onProviderTaskId,
        onProgress: request.onProgress,
        signal: request.signal,
      });
      const images = outputs.slice(0, request.numImages).map((output) => output.bytes);
      return { images, partial: images.length < request.numImages };
    },
    cancel: (id) => options.runner.cancel(id),
  };
}
