/**
 * An image on its way to the language model (chat attachments, extract-prompt, auto-prompt): any
 * image the browser can show (JPEG, PNG, WebP, GIF: the type read from the bytes), its header
 * within the pixel limit before decoding, then turned upright and encoded again as a JPEG of at
 * most MODEL_IMAGE_MAX_SIDE px without its metadata (vision models see ~1.5k px at most, and a
 * smaller image costs fewer tokens), and passed through the content classifier (spec 02 §8).
 */
import sharp, { type OutputInfo } from "sharp";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import { AppError } from "../../lib/app-error.ts";
import { detectImageType } from "../../lib/image-type.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import { assertAllowedContent, readImageHeader } from "../images/image-checks.ts";

export const MODEL_IMAGE_MAX_SIDE = 1536;
/** spec 02 §5 "Chat": only image files. */
export const ONLY_IMAGES_MESSAGE = "Only image files can be uploaded.";

export interface ModelImage {
  bytes: Buffer;
  mediaType: "image/jpeg";
  width: number;
  height: number;
}

export async function prepareModelImage(
  input: Uint8Array,
  { field, maxPixels, moderation }: { field: string; maxPixels: number; moderation: ModerationDriver },
): Promise<ModelImage> {
  const type = detectImageType(input);
  if (!type) throw fieldError(field, "not_image", ONLY_IMAGES_MESSAGE);
  await readImageHeader(input, type, maxPixels);
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    encoded = await sharp(input, { failOn: "warning", limitInputPixels: false, pages: 1 })
      .rotate()
      .resize({
        width: MODEL_IMAGE_MAX_SIDE,
        height: MODEL_IMAGE_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(400, "INVALID_IMAGE", "The image could not be read; it may be damaged.");
  }
  await assertAllowedContent(encoded.data, moderation);
  return {
    bytes: encoded.data,
    mediaType: "image/jpeg",
    width: encoded.info.width,
    height: encoded.info.height,
  };
}
