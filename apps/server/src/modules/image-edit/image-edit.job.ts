/**
 * The image-edit job (issue 15, spec 02 §4.3): reads the uploads and masks, asks the provider for
 * 1–4 images, copies every delivered image into our storage at keys made from the job id (a
 * second run overwrites its own files; modules/jobs job-results.ts) and completes the history row.
 * Charged 15 credits per image on accept; when the provider delivered fewer, the platform refunds
 * the missing images as it completes the job (pricePerImage, once); when it delivered none, the
 * job fails and the platform refunds it all.
 *
 * Masks (issue 25, spec 02 §5): a provider with a mask input gets each tile untouched and its mask
 * (OpenAI only the first tile's). Every other masked tile — all of them for Seedream, which has no
 * mask field — is sent with the overlay the user saw composited on it (their colour at 35 %,
 * re-encoded in the spec's JPEG quality steps), and the prompt says what the colour means. For a
 * provider without a mask input the result is then blended back through the first tile's mask
 * onto the original first tile (see `shouldPasteBack`).
 */

import {
  IMAGE_EDIT_CREDITS_PER_IMAGE,
  imageEditCodeOfVendor,
  promptWithMaskOverlay,
} from "@gyeol/shared/image-edit";
import { MASK_COLORS, MASK_DEFAULT_COLOR, type TMaskColor } from "@gyeol/shared/mask";
import { TOOLS } from "@gyeol/shared/tools";
import sharp from "sharp";
import { z } from "zod";
import type { ImageEditProvider, TEditInputImage } from "../../drivers/image-edit/image-edit-provider.ts";
import { ImageEditProviderError } from "../../drivers/image-edit/image-edit-provider.ts";
import { overlayMaskOnTile } from "../../drivers/image-edit/mask-overlay.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { detectImageType } from "../../lib/image-type.ts";
import { JobFailure } from "../../lib/job-failure.ts";
import { defineJob } from "../jobs/job-definition.ts";
import { storeJobResults } from "../jobs/job-results.ts";

export const IMAGE_EDIT_TOOL = TOOLS.imageEdit.job;

export const ZImageEditPayload = z.object({
  prompt: z.string().min(1),
  inputKeys: z.array(z.string()).min(1).max(8),
  maskKeys: z.array(z.string().nullable()).max(8),
  /** The overlay colour of each mask (absent in jobs queued before issue 25: blue). */
  maskColors: z.array(z.enum(MASK_COLORS).nullable()).max(8).optional(),
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

/** A picture's size as shown, after its EXIF orientation (5–8 swap the sides). */
async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  return { width: (swap ? meta.height : meta.width) ?? 0, height: (swap ? meta.width : meta.height) ?? 0 };
}

/** How far the result's proportions may be from the first tile's for the paste-back (2 %). */
const PASTE_BACK_RATIO_TOLERANCE = 0.02;

/**
 * Whether a result from a provider without a mask input is blended back through the first tile's
 * mask. The spec (02 §4.3, §5) shows the vendor's images as they come and says nothing of a
 * paste-back; it stays because the mask is the user's statement of what may change, and a model
 * that only saw a tint regenerates the whole picture (colours drift, faces and text outside the
 * mask change). Blending keeps every unpainted pixel the user's own. It needs the result to be
 * the same framing as the first tile: when the asked size has other proportions the model
 * recomposes the picture, no pixel lines up, and the result is kept as the model made it.
 */
export function shouldPasteBack(
  provider: Pick<ImageEditProvider, "takesMask">,
  first: { width: number; height: number; mask: Buffer | null },
  result: { width: number; height: number },
): boolean {
  if (provider.takesMask || !first.mask) return false;
  if (!first.width || !first.height || !result.width || !result.height) return false;
  const ratio = result.width / result.height / (first.width / first.height);
  return Math.abs(ratio - 1) <= PASTE_BACK_RATIO_TOLERANCE;
}

/**
 * What the provider is sent (issue 25): the tiles and the prompt. Tiles whose mask the provider
 * takes go as they are, with the mask; every other masked tile goes with its overlay composited
 * (mask: null, since the mask is in the pixels now) and the prompt gains the sentence that says
 * what the colour means. Unmasked tiles and the user's prompt are never changed.
 */
export async function inputsForProvider(
  provider: Pick<ImageEditProvider, "takesMask" | "masksFirstImageOnly">,
  tiles: readonly TEditInputImage[],
  colors: ReadonlyArray<TMaskColor | null | undefined>,
  prompt: string,
): Promise<{
  images: TEditInputImage[];
  prompt: string;
  overlaid: Array<{ index: number; color: TMaskColor }>;
}> {
  const images: TEditInputImage[] = [];
  const overlaid: Array<{ index: number; color: TMaskColor }> = [];
  for (const [index, tile] of tiles.entries()) {
    const takesThisMask = provider.takesMask && (index === 0 || !provider.masksFirstImageOnly);
    if (!tile.mask || takesThisMask) {
      images.push(tile);
      continue;
    }
    const color = colors[index] ?? MASK_DEFAULT_COLOR;
    const composited = await overlayMaskOnTile(tile.bytes, tile.mask, color);
    images.push({
      bytes: composited.bytes,
      mime: "image/jpeg",
      width: composited.width,
      height: composited.height,
      mask: null,
    });
    overlaid.push({ index, color });
  }
  return { images, prompt: promptWithMaskOverlay(prompt, overlaid, tiles.length), overlaid };
}

export function createImageEditJob(deps: { storage: FileStorage; provider: ImageEditProvider | undefined }) {
  return defineJob<TImageEditPayload, TImageEditOutput>({
    tool: IMAGE_EDIT_TOOL,
    provider: deps.provider?.name ?? "seedream",
    source: TOOLS.imageEdit.historySource,
    queue: "remote",
    schema: ZImageEditPayload,
    workOf: (payload) => payload.numImages,
    inputKeyOf: (payload) => payload.inputKeys[0] ?? null,
    resultOf: (output) => ({
      imageKeys: output.imageKeys,
      thumbnailKey: output.thumbnailKey,
      requested: output.requested,
    }),
    reportOf: (output) => ({ engine: output.provider, partial: output.delivered < output.requested }),
    // Images the provider did not deliver are given back by the platform, 15 credits each.
    pricePerImage: IMAGE_EDIT_CREDITS_PER_IMAGE,

    // The request's id is our job id (below): a provider that holds a task (ComfyUI) stops it.
    async onCancelled(job) {
      if (deps.provider?.cancel) await deps.provider.cancel(job.id);
    },

    async handle({ job, payload, signal, setProviderJobId, reportProgress }) {
      const provider = deps.provider;
      if (!provider) throw new JobFailure("IMAGE_EDIT_NOT_CONFIGURED", "no image-edit provider is connected");
      // Seedream and OpenAI answer synchronously: there is no vendor task to resume after a crash.
      // Our job id is the request id we send (X-Client-Request-Id) and the task id the history
      // and GET /api/seedream/status/{taskId} know; a restarted worker sends the request again.
      const requestId = job.id;
      if (!job.provider_job_id) await setProviderJobId(requestId);
      const read = async (key: string) => {
        const bytes = await deps.storage.get(key);
        if (!bytes) throw new JobFailure("INVALID_IMAGE", "an uploaded image is gone");
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
      const sent = await inputsForProvider(provider, images, payload.maskColors ?? [], payload.prompt);
      const outputs = await provider.edit({
        prompt: sent.prompt,
        images: sent.images,
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
      // The original first tile (never the overlaid one): its unpainted pixels are what stays.
      const base = images[0]!;
      const jpegs: Buffer[] = [];
      for (const bytes of delivered) {
        const pasteBack =
          base.mask !== null &&
          shouldPasteBack(
            provider,
            { ...(await uprightSize(base.bytes)), mask: base.mask },
            await uprightSize(bytes),
          );
        jpegs.push(
          pasteBack
            ? await compositeThroughMask(bytes, base.bytes, base.mask!)
            : await sharp(bytes).rotate().jpeg({ quality: 95 }).toBuffer(),
        );
      }
      const { imageKeys, thumbnailKey } = await storeJobResults(deps.storage, job, jpegs);
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
