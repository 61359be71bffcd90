/**
 * Face edit on ComfyUI (issue 25, FACE_EDIT_PROVIDER=comfyui): SDXL inpainting of the painted area
 * (workflows/face-edit.json). Only the painted part of the photo, with a margin, goes to ComfyUI —
 * at SDXL's working size, so a face in a 12 MP photo is drawn at full detail — and the answer is
 * put back into the full-size photo through the mask: outside the painted area every pixel stays
 * the original's. resize_factor then scales the result, as the built-in engine does. A mask with
 * nothing painted fails the job with MASK_REQUIRED (refunded), as the page asks for one.
 */
import sharp from "sharp";
import type { FaceEditEngine } from "../engines/face-edit-engine.ts";
import { EngineJobError } from "../engines/retouch-engine.ts";
import { bindFaceEdit } from "./bind-workflow.ts";
import { compositeInto, paintedBox, uprightSize } from "./comfy-images.ts";
import { runBound, type TComfyToolOptions } from "./comfy-run.ts";

/** The crop around the painted area: its size again on each side, at least 512 px a side. */
const CROP_MARGIN = 0.5;
const CROP_MIN_SIDE = 512;

export function createComfyFaceEditEngine(
  options: TComfyToolOptions & { maxPixels: number },
): FaceEditEngine {
  return {
    provider: options.runner.provider,
    workload: "remote",
    async run({ jobId, input, readImage, readMask, providerJobId, onProviderJobId, onProgress, signal }) {
      const photo = await sharp(await readImage())
        .rotate()
        .toBuffer();
      const mask = await readMask();
      const size = await uprightSize(photo);
      const box = await paintedBox(mask, size.width, size.height, {
        margin: CROP_MARGIN,
        minSide: CROP_MIN_SIDE,
      });
      if (!box) throw new EngineJobError("MASK_REQUIRED", "The mask has no painted area.");
      const fullMask = await sharp(mask)
        .rotate()
        .flatten({ background: "#000000" })
        .greyscale()
        .resize(size.width, size.height, { fit: "fill" })
        .png()
        .toBuffer();
      const bound = await bindFaceEdit(options.workflow, {
        jobId,
        crop: await sharp(photo).extract(box).toBuffer(),
        cropMask: await sharp(fullMask).extract(box).toBuffer(),
        gender: input.gender,
        easyValue: input.easy_value,
        seed: input.seed,
      });
      const outputs = await runBound(options, bound, {
        jobId,
        providerJobId,
        onProviderJobId,
        onProgress,
        signal,
      });
      signal.throwIfAborted();
      const images: Buffer[] = [];
      for (const output of outputs.slice(0, 4)) {
        let jpeg = await compositeInto(photo, output.bytes, fullMask, box);
        if (input.resize_factor !== 1) {
          const width = Math.max(1, Math.round(size.width * input.resize_factor));
          const height = Math.max(1, Math.round(size.height * input.resize_factor));
          if (width * height > options.maxPixels)
            throw new EngineJobError("IMAGE_TOO_LARGE", "The resized result would be too large.");
          jpeg = await sharp(jpeg).resize(width, height, { fit: "fill" }).jpeg({ quality: 95 }).toBuffer();
        }
        images.push(jpeg);
      }
      return { images, engine: "comfyui", generative: true };
    },
    cancel: (id) => options.runner.cancel(id),
  };
}
