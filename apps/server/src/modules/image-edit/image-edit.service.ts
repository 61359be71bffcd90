/**
 * Image edit's own rules (issue 15, spec 02 §3, §5, §9 "Image edit"): a connected provider, 1–8
 * of the caller's own uploads of at least 921,600 pixels, masks that are the caller's mask uploads
 * of their tile's proportions (mask-uploads.ts; at most one per image, each with its overlay
 * colour, blue unless the page says red), the size and seed ranges, and the cost of 15 credits
 * per image. Intake, the charge, the status and cancel belong to the job platform (modules/jobs). The history list
 * GET /api/seedream/history reads the history rows of source `seedream`.
 */

import type {
  TImageEditGenerateBody,
  TImageEditGenerateResponse,
  TImageEditHistoryQuery,
  TImageEditHistoryResponse,
} from "@gyeol/shared/contracts/image-edit";
import {
  IMAGE_EDIT_INPUT_RATIO_TEXT,
  IMAGE_EDIT_MIN_OUTPUT_PIXELS,
  IMAGE_EDIT_MIN_PIXELS,
  imageEditCost,
  isEditInputRatioAllowed,
  parseEditSize,
} from "@gyeol/shared/image-edit";
import { MASK_DEFAULT_COLOR } from "@gyeol/shared/mask";
import { TOOLS } from "@gyeol/shared/tools";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { ImageEditProvider } from "../../drivers/image-edit/image-edit-provider.ts";
import { AppError } from "../../lib/app-error.ts";
import { isMaskKey } from "../images/image-files.ts";
import type { ImagesService } from "../images/images.service.ts";
import { assertMaskFor } from "../images/mask-uploads.ts";
import type { JobIntakeService } from "../jobs/job-intake.service.ts";
import { IMAGE_EDIT_TOOL, type TImageEditPayload } from "./image-edit.job.ts";

export const IMAGE_EDIT_NOT_CONFIGURED_MESSAGE =
  "Image edit is not available: the operator has not connected an image-edit provider.";
/** History rows keep a 32-bit seed; a larger one is kept in the job's input only. */
const INT32_MAX = 2_147_483_647;

export interface ImageEditServiceDeps {
  store: Store;
  images: Pick<ImagesService, "ownedKeyOf" | "history">;
  intake: Pick<JobIntakeService, "accept">;
  /** The connected provider (IMAGE_EDIT_PROVIDER and its key), or undefined. */
  provider: Pick<ImageEditProvider, "name" | "isTestProvider" | "maxInputImages"> | undefined;
}

export type ImageEditService = ReturnType<typeof createImageEditService>;

export function createImageEditService({ store, images, intake, provider }: ImageEditServiceDeps) {
  const isEnabled = provider !== undefined;
  return {
    /** The flags' imageEditProvider: who runs image edit, or null when no provider is connected. */
    providerName: () => provider?.name ?? null,
    isTestProvider: () => provider?.isTestProvider ?? false,
    /** The most pictures the provider's model reads as they are (flags, issue 25); undefined: all. */
    maxInputImages: () => provider?.maxInputImages,

    /** POST /api/seedream/generate: accepted and charged now, run by a worker; poll its status. */
    async start(
      user: Pick<UserRow, "id">,
      body: TImageEditGenerateBody,
    ): Promise<TImageEditGenerateResponse> {
      if (!isEnabled) throw new AppError(503, "IMAGE_EDIT_NOT_CONFIGURED", IMAGE_EDIT_NOT_CONFIGURED_MESSAGE);
      const accepted = await intake.accept<TImageEditPayload>(user, IMAGE_EDIT_TOOL, async () => {
        const size = parseEditSize(body.size)!;
        // The vendor's output minimum (Seedream 4.0: 1280×720 = 921,600 pixels), refused before the
        // charge instead of charged and refunded; the page checks the same rule before the click.
        if (size.width * size.height < IMAGE_EDIT_MIN_OUTPUT_PIXELS)
          throw new AppError(
            400,
            "IMAGE_OUTPUT_TOO_SMALL",
            `The output needs at least ${IMAGE_EDIT_MIN_OUTPUT_PIXELS.toLocaleString("en-US")} pixels (1280x720); ${size.width}x${size.height} is ${(size.width * size.height).toLocaleString("en-US")}.`,
            {
              width: size.width,
              height: size.height,
              pixels: size.width * size.height,
              minPixels: IMAGE_EDIT_MIN_OUTPUT_PIXELS,
            },
          );
        const masks = body.masks ?? [];
        if (masks.length > body.images.length)
          throw new AppError(400, "VALIDATION_ERROR", "Send at most one mask per image.");
        // One colour per mask (spec 02 §3 tile.maskColor); a mask without one is blue.
        const maskColors = body.mask_colors ?? [];
        if (maskColors.length > masks.length)
          throw new AppError(400, "VALIDATION_ERROR", "Send at most one mask colour per mask.");
        const inputKeys: string[] = [];
        const inputSizes: Array<{ width: number; height: number }> = [];
        for (const url of body.images) {
          const key = await images.ownedKeyOf(user, url);
          const upload = await store.images.findUpload(key);
          // A mask is no photo: a tile must be a photo upload.
          if (!upload?.width || !upload.height || isMaskKey(user.id, key))
            throw new AppError(
              400,
              "VALIDATION_ERROR",
              "Upload the images with /api/image/presign-upload first.",
            );
          if (upload.width * upload.height < IMAGE_EDIT_MIN_PIXELS)
            throw new AppError(
              400,
              "IMAGE_RESOLUTION_TOO_LOW",
              `Each image needs at least 921,600 pixels (960x960); this one is ${upload.width}x${upload.height}.`,
              { width: upload.width, height: upload.height },
            );
          // What the vendor would refuse after the charge (Seedream 4.0: 1:3–3:1), refused before it;
          // the page checks the same rule (shared/image-edit.ts) before the click.
          if (!isEditInputRatioAllowed(upload.width, upload.height))
            throw new AppError(
              400,
              "IMAGE_RATIO_OUT_OF_RANGE",
              `Each image's width-to-height ratio must be between ${IMAGE_EDIT_INPUT_RATIO_TEXT.min} and ${IMAGE_EDIT_INPUT_RATIO_TEXT.max}; this one is ${upload.width}x${upload.height}.`,
              { width: upload.width, height: upload.height },
            );
          inputKeys.push(key);
          inputSizes.push({ width: upload.width, height: upload.height });
        }
        // Mask i belongs to tile i: a mask upload (not a photo), of that tile's proportions.
        const maskKeys: Array<string | null> = [];
        for (const [i, url] of masks.entries()) {
          if (!url) {
            maskKeys.push(null);
            continue;
          }
          const key = await images.ownedKeyOf(user, url);
          await assertMaskFor(store, user.id, key, inputSizes[i]);
          maskKeys.push(key);
        }
        return {
          payload: {
            prompt: body.prompt,
            inputKeys,
            maskKeys,
            maskColors: masks.map((url, i) => (url ? (maskColors[i] ?? MASK_DEFAULT_COLOR) : null)),
            numImages: body.num_images,
            width: size.width,
            height: size.height,
            seed: body.seed,
            autoPromptUsed: body.auto_prompt_used ?? false,
          },
          cost: imageEditCost(body.num_images),
          reason: `${TOOLS.imageEdit.creditReason} ×${body.num_images}`,
          history: {
            originalKey: inputKeys[0]!,
            prompt: body.prompt,
            seed: body.seed <= INT32_MAX ? body.seed : null,
          },
          userPrompt: body.prompt,
        };
      });
      return {
        success: true,
        status: "processing",
        seedream_task_id: accepted.jobId,
        urls: [],
        error: null,
        cost: accepted.cost,
      };
    },

    /**
     * GET /api/seedream/history: the caller's image-edit runs, newest first; `grouped=1` (the page)
     * gives one item per run with every image, `grouped=0` one item per image; `status` filters.
     */
    async history(
      user: Pick<UserRow, "id">,
      query: TImageEditHistoryQuery,
    ): Promise<TImageEditHistoryResponse> {
      const page = await images.history(user, user.id, {
        source: TOOLS.imageEdit.historySource,
        limit: query.limit,
        offset: query.offset,
        ...(query.q ? { q: query.q } : {}),
        ...(query.status ? { status: query.status } : {}),
      });
      const grouped = query.grouped !== "0";
      const items = page.images.flatMap((row) => {
        const all = row.all_image_urls ?? (row.image_url ? [row.image_url] : []);
        const item = {
          id: row.id,
          seedream_task_id: row.seedream_task_id,
          prompt: row.prompt,
          status: row.status,
          seed: row.seed,
          image_url: row.image_url,
          all_image_urls: all,
          original_image_url: row.original_image_url,
          created_at: row.created_at,
          run_inputs: row.run_inputs ?? null,
        };
        return grouped || all.length <= 1
          ? [item]
          : all.map((url) => ({ ...item, image_url: url, all_image_urls: [url] }));
      });
      return { success: true, items, pagination: page.pagination };
    },
  };
}
