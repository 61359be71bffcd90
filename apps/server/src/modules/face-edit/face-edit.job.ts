/**
 * The face-edit job (spec 02 §2.4, §3, §4.4): hands the photo and the saved mask to the face-edit
 * engine (the built-in reshape, or RunPod), stores its 1–4 results as JPEGs and a ~400 px thumbnail
 * at keys made from the job id (modules/jobs job-results.ts), and the
 * platform completes the history row (source face_edit). The engine's name is the status
 * answer's `engine`: "builtin-reshape" tells the page the result is the built-in, non-generative
 * reshape; its report (faces reshaped, direction, amounts) is kept in the job's output, and the
 * number of faces it reshaped is the status answer's `facesFound`.
 */

import { ZFaceEditInput } from "@gyeol/shared/contracts/face-edit";
import { estimateFaceEditCost } from "@gyeol/shared/face-edit";
import { TOOLS } from "@gyeol/shared/tools";
import sharp from "sharp";
import { z } from "zod";
import type { FaceEditEngine, TFaceEditReport } from "../../drivers/engines/face-edit-engine.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { JobFailure } from "../../lib/job-failure.ts";
import { defineJob } from "../jobs/job-definition.ts";
import { storeJobResults } from "../jobs/job-results.ts";

export const FACE_EDIT_TOOL = TOOLS.faceEdit.job;
const SIGNED_INPUT_TTL_SECONDS = 60 * 60;
const MAX_RESULTS = 4;

export const ZFaceEditPayload = z.object({
  input: ZFaceEditInput.extend({ mask: z.string().min(1) }),
  inputKey: z.string(),
  maskKey: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type TFaceEditPayload = z.infer<typeof ZFaceEditPayload>;

export interface TFaceEditOutput {
  imageKeys: string[];
  thumbnailKey: string;
  engine: string;
  generative: boolean;
  /** What the built-in engine did; absent for RunPod and for jobs finished before it existed. */
  edit?: TFaceEditReport;
}

export function createFaceEditJob(deps: {
  storage: FileStorage;
  engine: FaceEditEngine;
  /** Makes our site-relative URLs absolute for an engine that fetches them (RunPod). */
  publicOrigin: string | undefined;
}) {
  const absolute = (url: string) =>
    /^https?:\/\//.test(url) || !deps.publicOrigin ? url : `${deps.publicOrigin}${url}`;
  const urlFor = async (key: string) =>
    absolute(
      key.startsWith("public/")
        ? deps.storage.publicUrl(key)
        : await deps.storage.signedUrl(key, SIGNED_INPUT_TTL_SECONDS),
    );
  const read = async (key: string, what: string) => {
    const bytes = await deps.storage.get(key);
    if (!bytes) throw new JobFailure("INVALID_IMAGE", `the uploaded ${what} is gone`);
    return bytes;
  };

  return defineJob<TFaceEditPayload, TFaceEditOutput>({
    tool: FACE_EDIT_TOOL,
    provider: deps.engine.provider,
    source: TOOLS.faceEdit.historySource,
    queue: deps.engine.workload,
    schema: ZFaceEditPayload,
    // Time grows with the output's size, as its price does (spec 02 §9): the cost's steps.
    workOf: ({ width, height, input }) => estimateFaceEditCost(width, height, input.resize_factor) / 85,
    inputKeyOf: (payload) => payload.inputKey,
    resultOf: (output) => ({ imageKeys: output.imageKeys, thumbnailKey: output.thumbnailKey }),
    reportOf: (output) => ({ engine: output.engine, facesFound: output.edit?.facesFound ?? null }),
    async onCancelled(job) {
      if (job.provider_job_id && deps.engine.cancel) await deps.engine.cancel(job.provider_job_id);
    },

    async handle({ job, payload, signal, setProviderJobId, reportProgress }) {
      const result = await deps.engine.run({
        jobId: job.id,
        input: {
          ...payload.input,
          image: await urlFor(payload.inputKey),
          mask: await urlFor(payload.maskKey),
        },
        readImage: () => read(payload.inputKey, "image"),
        readMask: () => read(payload.maskKey, "mask"),
        providerJobId: job.provider_job_id,
        onProviderJobId: setProviderJobId,
        onProgress: reportProgress,
        signal,
      });
      signal.throwIfAborted();
      const jpegs: Buffer[] = [];
      for (const bytes of result.images.slice(0, MAX_RESULTS)) {
        // Always a JPEG of ours, upright, without the provider's metadata.
        jpegs.push(
          result.engine === "builtin-reshape"
            ? bytes
            : await sharp(bytes).rotate().jpeg({ quality: 95 }).toBuffer(),
        );
      }
      const { imageKeys, thumbnailKey } = await storeJobResults(deps.storage, job, jpegs);
      return {
        imageKeys,
        thumbnailKey: thumbnailKey ?? "",
        engine: result.engine,
        generative: result.generative,
        ...(result.report ? { edit: result.report } : {}),
      };
    },
  });
}
