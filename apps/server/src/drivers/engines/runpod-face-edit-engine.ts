/**
 * Face edit on RunPod serverless (RUNPOD_FACE_EDIT_ENDPOINT_ID), through the process's one RunPod
 * client (runpod-client.ts). The worker's input is ours to define (vendors CONTRACTS.md §3.7): the
 * spec 02 §3 fields exactly — image and mask as URLs, seed, resize_factor, easy_value and the
 * Korean gender word. Its output: 1–4 images as URLs or base64 (`image`, `images`, …).
 * FAILED becomes FACE_EDIT_FAILED (spec 02 §8), TIMED_OUT becomes TIMEOUT, a CANCELLED job we did
 * not cancel ourselves FACE_EDIT_FAILED too; each refunds through the job platform.
 */
import type { FaceEditEngine, FaceEditRunRequest } from "./face-edit-engine.ts";
import { EngineJobError } from "./retouch-engine.ts";
import { findOutputImages, type RunpodClient } from "./runpod-client.ts";

/** The spec 02 §3 face-edit input, exactly. */
export function toRunpodFaceEditInput(input: FaceEditRunRequest["input"]) {
  return {
    image: input.image,
    mask: input.mask,
    seed: input.seed,
    resize_factor: input.resize_factor,
    easy_value: input.easy_value,
    gender: input.gender,
  };
}

export function createRunpodFaceEditEngine(options: {
  client: RunpodClient;
  endpointId: string;
}): FaceEditEngine {
  const endpoint = options.client.endpoint(options.endpointId);
  return {
    provider: "runpod",
    workload: "remote",
    async run({ input, providerJobId, onProviderJobId, signal }) {
      const done = await endpoint.runOrResume(toRunpodFaceEditInput(input), {
        providerJobId,
        onProviderJobId,
        signal,
      });
      if ("end" in done) {
        const { status, message } = done.end;
        throw new EngineJobError(
          status === "TIMED_OUT" ? "TIMEOUT" : "FACE_EDIT_FAILED",
          `RunPod face edit ${status}: ${message.slice(0, 300)}`,
        );
      }
      const references = findOutputImages(done.output, 4);
      if (references.length === 0)
        throw new EngineJobError("FACE_EDIT_FAILED", "RunPod finished without an image");
      const images: Buffer[] = [];
      for (const reference of references) images.push(await options.client.fetchImage(reference, signal));
      return { images, engine: "runpod", generative: true };
    },
    cancel: (id) => endpoint.cancel(id),
  };
}
