/**
 * The retouch/upscale job (spec 02 §3, §4.1): reads the upload, runs the retouch engine (built-in
 * or RunPod), stores the result JPEG and a ~400 px thumbnail at keys made from the job id
 * (modules/jobs job-results.ts) and completes the history row.
 */

import { ZUpscaleInput } from "@gyeol/shared/contracts/images";
import { scaledSize } from "@gyeol/shared/retouch";
import { TOOLS } from "@gyeol/shared/tools";
import { z } from "zod";
import type { RetouchEngine } from "../../drivers/engines/retouch-engine.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { JobFailure } from "../../lib/job-failure.ts";
import { defineJob } from "../jobs/job-definition.ts";
import { storeJobResults } from "../jobs/job-results.ts";

export const RETOUCH_TOOL = TOOLS.retouch.job;
const SIGNED_INPUT_TTL_SECONDS = 60 * 60;

export const ZRetouchPayload = z.object({ input: ZUpscaleInput, inputKey: z.string() });
export type TRetouchPayload = z.infer<typeof ZRetouchPayload>;

export interface TRetouchOutput {
  imageKey: string;
  thumbnailKey: string;
  width: number | null;
  height: number | null;
  facesFound: number | null;
  identityScore: number | null;
  /** Absent on jobs stored before the identity guard reported it. */
  retouchShare?: number | null;
  engine: string;
}

export function createRetouchJob(deps: {
  storage: FileStorage;
  engine: RetouchEngine;
  /** Makes our site-relative URLs absolute for an engine that fetches them (RunPod). */
  publicOrigin: string | undefined;
}) {
  const absolute = (url: string) =>
    /^https?:\/\//.test(url) || !deps.publicOrigin ? url : `${deps.publicOrigin}${url}`;

  return defineJob<TRetouchPayload, TRetouchOutput>({
    tool: RETOUCH_TOOL,
    provider: deps.engine.provider,
    source: TOOLS.retouch.historySource,
    queue: deps.engine.workload,
    schema: ZRetouchPayload,
    // The engine's time grows with the output's pixels (the upscale dominates, README).
    workOf: ({ input }) => {
      const size = scaledSize(input.width, input.height, input.scale_factor);
      return (size.width * size.height) / 1e6;
    },

    inputKeyOf: (payload) => payload.inputKey,
    resultOf: (output) => ({ imageKeys: [output.imageKey], thumbnailKey: output.thumbnailKey }),
    async onCancelled(job) {
      if (job.provider_job_id && deps.engine.cancel) await deps.engine.cancel(job.provider_job_id);
    },
    reportOf: (output) => ({
      facesFound: output.facesFound,
      identityScore: output.identityScore,
      retouchShare: output.retouchShare ?? null,
      engine: output.engine,
    }),

    async handle({ job, payload, signal, setProviderJobId, reportProgress }) {
      const imageUrl = payload.inputKey.startsWith("public/")
        ? deps.storage.publicUrl(payload.inputKey)
        : await deps.storage.signedUrl(payload.inputKey, SIGNED_INPUT_TTL_SECONDS);
      const result = await deps.engine.run({
        jobId: job.id,
        input: { ...payload.input, image: absolute(imageUrl) },
        async readImage() {
          const bytes = await deps.storage.get(payload.inputKey);
          if (!bytes) throw new JobFailure("INVALID_IMAGE", "the uploaded image is gone");
          return bytes;
        },
        providerJobId: job.provider_job_id,
        onProviderJobId: setProviderJobId,
        onProgress: reportProgress,
        signal,
      });
      signal.throwIfAborted();
      // Every engine answers an upright JPEG ready to store (retouch-engine.ts), whichever ran.
      const stored = await storeJobResults(deps.storage, job, [result.jpeg]);
      return {
        imageKey: stored.imageKeys[0]!,
        thumbnailKey: stored.thumbnailKey!,
        width: result.width,
        height: result.height,
        facesFound: result.facesFound,
        identityScore: result.identityScore,
        retouchShare: result.retouchShare ?? null,
        engine: result.engine,
      };
    },
  });
}
