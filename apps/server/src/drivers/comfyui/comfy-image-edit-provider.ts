/**
 * Image edit on ComfyUI (issue 25, IMAGE_EDIT_PROVIDER=comfyui): Qwen-Image-Edit-2509
 * (workflows/image-edit.json) with the first picture's mask as a real inpainting mask. Qwen reads
 * at most 3 pictures; the binder combines the rest into a collage in the third (the page says
 * so). Every wanted image comes from one prompt (a latent batch). A masked edit is put back into
 * the full-size first picture through its mask, so only the painted area changes; each result is
 * then fitted inside the requested size.
 *
 * The job's provider id stays our job id (it is the seedream_task_id the page polls with); the
 * ComfyUI prompt id is kept here while the request runs, so a cancel reaches ComfyUI/RunPod. A run
 * after a crash or a hand-back submits again (as with Seedream and OpenAI, which have no task to
 * resume), so a prompt whose job stopped waiting — cancelled here or in another process, or handed
 * back at shutdown — is cancelled on ComfyUI at once rather than left to use the GPU for nothing.
 */
import sharp from "sharp";
import type { ImageEditProvider, TEditOutput } from "../image-edit/image-edit-provider.ts";
import { bindImageEdit } from "./bind-workflow.ts";
import { compositeInto, toResultJpeg } from "./comfy-images.ts";
import { runBound, type TComfyToolOptions } from "./comfy-run.ts";

export function createComfyImageEditProvider(
  options: TComfyToolOptions & { isTestProvider: boolean },
): ImageEditProvider {
  /** requestId (our job id) → the ComfyUI prompt / RunPod job running it in this process. */
  const running = new Map<string, string>();
  return {
    name: "comfyui",
    isTestProvider: options.isTestProvider,
    takesMask: true,
    maxInputImages: options.workflow.imageSlots,
    async edit({ prompt, images, numImages, width, height, seed, requestId, onProgress, signal }) {
      const bound = await bindImageEdit(options.workflow, {
        jobId: requestId,
        prompt,
        images: images.map((image) => ({ bytes: image.bytes, mask: image.mask })),
        numImages,
        seed,
      });
      const stopPrompt = () => {
        const id = running.get(requestId);
        running.delete(requestId);
        if (id) void options.runner.cancel(id).catch(() => {});
      };
      signal.addEventListener("abort", stopPrompt, { once: true });
      try {
        const outputs = await runBound(options, bound, {
          jobId: requestId,
          providerJobId: null,
          async onProviderJobId(id) {
            running.set(requestId, id);
          },
          onProgress,
          signal,
        });
        signal.throwIfAborted();
        const base = images[0]!;
        const answers: TEditOutput[] = [];
        for (const output of outputs.slice(0, numImages)) {
          const full = base.mask
            ? await compositeInto(base.bytes, output.bytes, base.mask, null)
            : output.bytes;
          const fitted = await sharp(full).rotate().resize(width, height, { fit: "inside" }).toBuffer();
          answers.push({ ok: true, bytes: (await toResultJpeg(fitted)).bytes });
        }
        for (let i = answers.length; i < numImages; i++)
          answers.push({ ok: false, vendorCode: "COMFYUI_NO_OUTPUT", message: "ComfyUI saved fewer images" });
        return answers;
      } finally {
        signal.removeEventListener("abort", stopPrompt);
        running.delete(requestId);
      }
    },
    async cancel(requestId) {
      const id = running.get(requestId);
      if (id) await options.runner.cancel(id);
    },
  };
}
