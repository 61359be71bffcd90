/**
 * One mask pipeline (issue 26): a mask reaches a tool either as a multipart upload with
 * purpose=mask or as a presigned upload announced with kind "mask"; both are stored under
 * masksFolder as a one-channel PNG (images.service.ts), never passed to the photo classifier. Every
 * tool that takes a mask checks here that the key it was given is such a mask and that it has the
 * proportions of the photo it belongs to.
 */
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import { isMaskKey } from "./image-files.ts";

/** How far a mask's proportions may differ from its photo's (the editor saves at the photo's size). */
export const MASK_RATIO_TOLERANCE = 0.02;

export const NOT_A_MASK_MESSAGE =
  "This file is not a mask: save the area from the mask editor (upload it with purpose=mask or kind mask) first.";

/**
 * The mask upload behind `maskKey` (a key this user owns: images.ownedKeyOf), checked to be a mask
 * (400 NOT_A_MASK for a photo or anything else given as one) and, when the photo is known, of its
 * proportions (400 MASK_RATIO_MISMATCH).
 */
export async function assertMaskFor(
  store: Pick<Store, "images">,
  userId: number,
  maskKey: string,
  photo?: { width: number; height: number },
): Promise<{ width: number; height: number }> {
  const mask = await store.images.findUpload(maskKey);
  if (!mask?.width || !mask.height || !isMaskKey(userId, maskKey))
    throw new AppError(400, "NOT_A_MASK", NOT_A_MASK_MESSAGE);
  if (photo) {
    const ratio = photo.width / photo.height / (mask.width / mask.height);
    if (Math.abs(ratio - 1) > MASK_RATIO_TOLERANCE)
      throw new AppError(
        400,
        "MASK_RATIO_MISMATCH",
        `The mask must have its photo's proportions: the mask is ${mask.width}x${mask.height}, the photo ${photo.width}x${photo.height}.`,
        {
          mask: { width: mask.width, height: mask.height },
          photo: { width: photo.width, height: photo.height },
        },
      );
  }
  return { width: mask.width, height: mask.height };
}
