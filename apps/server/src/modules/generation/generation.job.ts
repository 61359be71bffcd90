/**
 * The reference-image generation job (spec 02 §2.3, §4.2): the stored reference and character
 * images go to the reference-image provider (Kling) as JPEGs, its 1–4 results are stored as our
 * JPEGs with a ~400 px thumbnail at keys made from the job id (a second run overwrites its own
 * files), and the platform completes the history row (source kling). Fewer results than asked
 * for complete the job as `partial` (the status answer says so), and the platform gives the images
 * Kling did not make back once, 15 credits each (pricePerImage), as it completes the job.
 */

import {
  CHARACTER_MODES,
  GENERATION_ASPECT_RATIOS,
  GENERATION_CREDITS_PER_IMAGE,
  klingAspectRatio,
} from "@gyeol/shared/generation";
import { TOOLS } from "@gyeol/shared/tools";
import sharp from "sharp";
import { z } from "zod";
import type { ReferenceImageProvider } from "../../drivers/ai/reference-image-provider.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { JobFailure } from "../../lib/job-failure.ts";
import { defineJob } from "../jobs/job-definition.ts";
import { storeJobResults } from "../jobs/job-results.ts";

export const GENERATION_TOOL = TOOLS.generation.job;

export const ZGenerationPayload = z.object({
  prompt: z.string(),
  numImages: z.number().int().min(1).max(4),
  aspectRatio: z.enum(GENERATION_ASPECT_RATIOS),
  characterMode: z.enum(CHARACTER_MODES),
  referenceKey: z.string().nullable(),
  characterKeys: z.array(z.string()).max(4),
});
export type TGenerationPayload = z.infer<typeof ZGenerationPayload>;

export interface TGenerationOutput {
  imageKeys: string[];
  thumbnailKey: string;
  requested: number;
  partial: boolean;
}

/** The provider an unconfigured server has: its jobs fail (refunded) with the code the page explains. */
export const notConfiguredProvider: ReferenceImageProvider = {
  provider: "kling",
  isTestProvider: false,
  async generate() {
    throw new JobFailure("GENERATION_NOT_CONFIGURED", "No image-generation provider is connected.");
  },
};

export function createGenerationJob(deps: { storage: FileStorage; provider: ReferenceImageProvider }) {
  const readJpeg = async (key: string) => {
    const bytes = await deps.storage.get(key);
    if (!bytes) throw new JobFailure("INVALID_IMAGE", "The uploaded image is gone.");
    // Kling takes JPEG or PNG (CONTRACTS §2.3): ours are upright JPEGs without metadata.
    return sharp(bytes).rotate().jpeg({ quality: 92 }).toBuffer();
  };

  return defineJob<TGenerationPayload, TGenerationOutput>({
    tool: GENERATION_TOOL,
    provider: deps.provider.provider,
    source: TOOLS.generation.historySource,
    queue: "remote",
    schema: ZGenerationPayload,
    workOf: (payload) => payload.numImages,
    inputKeyOf: (payload) => payload.referenceKey ?? payload.characterKeys[0] ?? null,
    resultOf: (output) => ({
      imageKeys: output.imageKeys,
      thumbnailKey: output.thumbnailKey,
      requested: output.requested,
    }),
    // Images Kling did not make are given back by the platform, 15 credits each.
    pricePerImage: GENERATION_CREDITS_PER_IMAGE,
    reportOf: (output) => ({ partial: output.partial }),
    // Kling's task exists: a run after a crash polls it (issue 27), and Kling's finished images
    // are delivered instead of refunded.
    resumable: (job) => job.provider_job_id !== null,

    async onCancelled(job) {
      if (job.provider_job_id && deps.provider.cancel) await deps.provider.cancel(job.provider_job_id);
    },

    async handle({ job, payload, signal, setProviderJobId, reportProgress }) {
      const result = await deps.provider.generate({
        prompt: payload.prompt,
        numImages: payload.numImages,
        aspectRatio: klingAspectRatio(payload.aspectRatio),
        aspectRatioName: payload.aspectRatio,
        reference: payload.referenceKey ? await readJpeg(payload.referenceKey) : null,
        characters: await Promise.all(payload.characterKeys.map(readJpeg)),
        characterMode: payload.characterMode,
        externalTaskId: job.id,
        providerTaskId: job.provider_job_id,
        onProviderTaskId: setProviderJobId,
        onProgress: reportProgress,
        signal,
      });
      signal.throwIfAborted();
      const jpegs: Buffer[] = [];
      for (const bytes of result.images.slice(0, payload.numImages)) {
        try {
          jpegs.push(
            await sharp(bytes, { limitInputPixels: 50_000_000 }).rotate().jpeg({ quality: 95 }).toBuffer(),
          );
        } catch (error) {
          throw new JobFailure("GENERATION_FAILED", "Kling sent something that is not an image.", {
            cause: error,
          });
        }
      }
      const { imageKeys, thumbnailKey } = await storeJobResults(deps.storage, job, jpegs);
      return {
        imageKeys,
        thumbnailKey: thumbnailKey ?? "",
        requested: payload.numImages,
        partial: imageKeys.length < payload.numImages,
      };
    },
  });
}
