/**
 * The RunPod serverless retouch driver: the original product's GPU worker behind a queue-based
 * endpoint (RUNPOD_UPSCALE_ENDPOINT_ID), on the process's one RunPod client (runpod-client.ts:
 * /run, /status, /cancel, Bearer auth, the output image as a URL or base64). The input is the
 * spec 02 §3 fields exactly; the job stores the first output image.
 */
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import sharp from "sharp";
import { EngineJobError, type RetouchEngine } from "./retouch-engine.ts";
import { findOutputImage, type RunpodClient } from "./runpod-client.ts";

/** The spec 02 §3 upscale job input, exactly: our optional additions stay on our side. */
export function toRunpodInput(input: TUpscaleInput) {
  return {
    image: input.image,
    seed: input.seed,
    prompt: input.prompt,
    output_format: input.output_format,
    output_quality: input.output_quality,
    lora_index: input.lora_index,
    numImages: input.numImages,
    width: input.width,
    height: input.height,
    scale_factor: input.scale_factor,
    upper_lip: input.upper_lip,
    lower_lip: input.lower_lip,
    filter_strength: input.filter_strength,
    filter_index: input.filter_index,
    filter_prompt: input.filter_prompt,
    left_eyebrow: input.left_eyebrow,
    right_eyebrow: input.right_eyebrow,
    nose: input.nose,
    hair: input.hair,
  };
}

export function createRunpodRetouchEngine(options: {
  client: RunpodClient;
  endpointId: string;
}): RetouchEngine {
  const endpoint = options.client.endpoint(options.endpointId);
  return {
    provider: "runpod",
    workload: "remote",
    async run({ input, providerJobId, onProviderJobId, signal }) {
      const done = await endpoint.runOrResume(toRunpodInput(input), {
        providerJobId,
        onProviderJobId,
        signal,
      });
      if ("end" in done) {
        const { status, message } = done.end;
        throw new EngineJobError(
          status === "TIMED_OUT" ? "PROVIDER_TIMEOUT" : "ENGINE_FAILED",
          `RunPod job ${status}: ${message.slice(0, 300)}`,
        );
      }
      const reference = findOutputImage(done.output);
      if (!reference) throw new EngineJobError("PROVIDER_ERROR", "RunPod finished without an image");
      const output = await options.client.fetchImage(reference, signal);
      // RunPod may answer PNG or a lower quality; we always keep an upright JPEG (spec 02 §3 output_format jpg).
      const { data, info } = await sharp(output)
        .rotate()
        .jpeg({ quality: 100 })
        .toBuffer({ resolveWithObject: true });
      return {
        jpeg: data,
        width: info.width,
        height: info.height,
        facesFound: null,
        identityScore: null,
        retouchShare: null,
        engine: "runpod",
      };
    },
    cancel: (id) => endpoint.cancel(id),
  };
}
