/**
 * The image-edit job (issue 15, spec 02 §4.3): reads the uploads and masks, asks the provider for
 * 1–4 images, copies every delivered image into our storage at keys made from the job id (a
 * second run overwrites its own files) and completes the history row. Charged 15 credits per
 * image on accept; when the provider delivered fewer, the missing images are refunded in the
 * transaction that completes the job (once: their own idempotency key); when it delivered none,
 * the job fails and the platform refunds it all. Seedream takes no mask: its result is
 * composited back through the first image's mask, so only the painted area changes.
 */
import { imageEditCodeOfVendor, imageEditRefund } from "@gyeol/shared/image-edit";
import sharp from "sharp";
import { z } from "zod";
import type { ImageEditProvider, TEditInputImage } from "../../drivers/image-edit/image-edit-provider.ts";
import { ImageEditProviderError } from "../../drivers/image-edit/image-edit-provider.ts";
import { type FileStorage, fileKeyFor } from "../../drivers/storage/storage.ts";
import { detectImageType } from "../../lib/image-type.ts";
import type { CreditsService } from "../credits/credits.service.ts";
import { defineJob } from "../jobs/job-definition.ts";
import { jobSpendKey } from "../jobs/jobs.service.ts";

export const IMAGE_EDIT_TOOL = "image_edit";
const THUMBNAIL_PX = 400;

export const ZImageEditPayload = z.object({
  prompt: z.string().min(1),
  inputKeys: z.array(z.string()).min(1).max(8),
  maskKeys: z.array(z.string().nullable()).max(8),
  numImages: z.number().int().min(1).max(4),
  width: z.number().int().min(1).max(4096),
  height: z.number().int().min(1).max(4096),
  seed: z.number().int(),
  autoPromptUsed: z.boolean(),
});
export type TImageEditPayload = z.infer<typeof ZImageEditPayload>;

export interface TImageEditOutput {
  imageKeys: string[];
  thumbnailKey: string | null;
  requested: number;
  delivered: number;
  /** Our codes of the images the provider did not deliver. */
  missing: string[];
  provider: string;
}

/** The ledger key of the refund for missing images (apart from the platform's whole-job refund). */
export const missingImagesRefundKey = (jobId: string) => `refund-missing:job:${jobId}`;

/** `result` × mask + `base` × (1 − mask), all at the result's size (the mask feathered by 2 px). */
export async function compositeThroughMask(result: Buffer, base: Buffer, mask: Buffer): Promise<Buffer> {
  const top = await sharp(result).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = top.info;
  const under = await sharp(base)
    .rotate()
    .removeAlpha()
    .resize(width, height, { fit: "cover" })
    .raw()
    .toBuffer();
  const weight = await sharp(mask)
    .greyscale()
    .resize(width, height, { fit: "cover" })
    .blur(2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const channels = top.info.channels;
  const out = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const w = weight[p]! / 255;
    for (let c = 0; c < 3; c++) {
      const a = top.data[p * channels + c]!;
      const b = under[p * 3 + c]!;
      out[p * 3 + c] = Math.round(a * w + b * (1 - w));
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export function createImageEditJob(deps: {
  storage: FileStorage;
  provider: ImageEditProvider | undefined;
  credits: Pick<CreditsService, "refundIn">;
}) {
  return defineJob<TImageEditPayload, TImageEditOutput>({
    tool: IMAGE_EDIT_TOOL,
    provider: deps.provider?.name ?? "seedream",
    source: "seedream",
    queue: "remote",
    schema: ZImageEditPayload,
    workOf: (payload) => payload.numImages,
    inputKeyOf: (payload) => payload.inputKeys[0] ?? null,
    resultOf: (output) => ({ imageKeys: output.imageKeys, thumbnailKey: output.thumbnailKey }),
    reportOf: (output) => ({ engine: output.provider, partial: output.delivered < output.requested }),

    async onCompleted(tx, job, output) {
      const refund = imageEditRefund(output.requested, output.delivered);
      if (refund <= 0 || job.cost <= 0) return;
      await deps.credits.refundIn(tx, job.user_id, {
        spendKey: jobSpendKey(job.id),
        idempotencyKey: missingImagesRefundKey(job.id),
        amount: Math.min(refund, job.cost),
        reason: `refund: ${output.requested - output.delivered} image(s) not delivered`,
        jobId: job.id,
      });
    },

    // The request's id is our job id (below): a provider that holds a task (ComfyUI) stops it.
    async onCancelled(job) {
      if (deps.provider?.cancel) await deps.provider.cancel(job.id);
    },

    async handle({ job, payload, signal, setProviderJobId, reportProgress }) {
      const provider = deps.provider;
      if (!provider)
        throw Object.assign(new Error("no image-edit provider is connected"), {
          code: "IMAGE_EDIT_NOT_CONFIGURED",
        });
      // Seedream and OpenAI answer synchronously: there is no vendor task to resume after a crash.
      // Our job id is the request id we send (X-Client-Request-Id) and the task id the history
      // and GET /api/seedream/status/{taskId} know; a restarted worker sends the request again.
      const requestId = job.id;
      if (!job.provider_job_id) await setProviderJobId(requestId);
      const read = async (key: string) => {
        const bytes = await deps.storage.get(key);
        if (!bytes) throw Object.assign(new Error("an uploaded image is gone"), { code: "INVALID_IMAGE" });
        return bytes;
      };
      const images: TEditInputImage[] = [];
      for (const [i, key] of payload.inputKeys.entries()) {
        const bytes = await read(key);
        const type = detectImageType(bytes);
        const meta = await sharp(bytes).metadata();
        const maskKey = payload.maskKeys[i] ?? null;
        images.push({
          bytes,
          mime: type?.mime === "image/png" ? "image/png" : "image/jpeg",
          width: meta.width ?? 0,
          height: meta.height ?? 0,
          mask: maskKey ? await read(maskKey) : null,
        });
      }
      const outputs = await provider.edit({
        prompt: payload.prompt,
        images,
        numImages: payload.numImages,
        width: payload.width,
        height: payload.height,
        seed: payload.seed,
        requestId,
        onProgress: reportProgress,
        signal,
      });
      signal.throwIfAborted();
      const delivered = outputs.flatMap((output) => (output.ok ? [output.bytes] : []));
      const missing = outputs.flatMap((output) =>
        output.ok ? [] : [imageEditCodeOfVendor(output.vendorCode)],
      );
      if (delivered.length === 0) {
        const first = outputs.find((output) => !output.ok);
        throw new ImageEditProviderError(
          first && !first.ok ? first.vendorCode : "MissingImage",
          first && !first.ok ? first.message : "no image came back",
        );
      }
      const id32 = job.id.replaceAll("-", "");
      const imageKeys: string[] = [];
      const base = images[0]!;
      for (const [i, bytes] of delivered.entries()) {
        const jpeg =
          !provider.takesMask && base.mask
            ? await compositeThroughMask(bytes, base.bytes, base.mask)
            : await sharp(bytes).rotate().jpeg({ quality: 95 }).toBuffer();
        const key = fileKeyFor("private", `results/${job.user_id}/edit-${i + 1}`, id32, "jpg");
        await deps.storage.putAt(key, jpeg, "image/jpeg");
        imageKeys.push(key);
      }
      const thumbnailKey = fileKeyFor("private", `thumbs/${job.user_id}`, id32, "jpg");
      const firstResult = await deps.storage.get(imageKeys[0]!);
      const thumbnail = await sharp(firstResult!)
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer();
      await deps.storage.putAt(thumbnailKey, thumbnail, "image/jpeg");
      return {
        imageKeys,
        thumbnailKey,
        requested: payload.numImages,
        delivered: delivered.length,
        missing,
        provider: provider.name,
      };
    },
  });
}
