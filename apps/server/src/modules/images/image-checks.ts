/**
 * The checks every tool upload passes (ARCHITECTURE "Uploads are untrusted"): the type from the
 * bytes (JPEG or PNG only), the pixel count from the header before anything is decoded, then the
 * content classifier (spec 02 §8 NSFW_CONTENT_DETECTED).
 */
import sharp from "sharp";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import { AppError } from "../../lib/app-error.ts";
import { detectImageType, type ImageTypeInfo } from "../../lib/image-type.ts";

export const NSFW_MESSAGE = "This image can't be processed under our content policy.";

export interface CheckedImage {
  type: ImageTypeInfo;
  width: number;
  height: number;
}

export function assertJpegOrPng(bytes: Uint8Array): ImageTypeInfo {
  const type = detectImageType(bytes);
  if (!type || (type.mime !== "image/jpeg" && type.mime !== "image/png")) {
    throw new AppError(400, "INVALID_IMAGE", "Only JPG and PNG images can be uploaded.");
  }
  return type;
}

/** Width and height from the header (sharp reads it without decoding the pixels). */
export async function readImageSize(bytes: Uint8Array, maxPixels: number) {
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes).metadata();
    // EXIF orientations 5–8 swap the sides the viewer (and the engine) see.
    const isTurned = (meta.orientation ?? 1) >= 5;
    width = isTurned ? meta.height : meta.width;
    height = isTurned ? meta.width : meta.height;
  } catch {
    throw new AppError(400, "INVALID_IMAGE", "The image could not be read; it may be damaged.");
  }
  if (!width || !height)
    throw new AppError(400, "INVALID_IMAGE", "The image could not be read; it may be damaged.");
  if (width * height > maxPixels) {
    throw new AppError(
      400,
      "IMAGE_TOO_LARGE",
      `The image has ${width}×${height} pixels; the limit is ${Math.round(maxPixels / 1e6)} megapixels.`,
    );
  }
  return { width, height };
}

export async function checkToolImage(
  bytes: Uint8Array,
  { moderation, maxPixels }: { moderation: ModerationDriver; maxPixels: number },
): Promise<CheckedImage> {
  const type = assertJpegOrPng(bytes);
  const size = await readImageSize(bytes, maxPixels);
  let verdict: "allow" | "block";
  try {
    ({ verdict } = await moderation.classify(bytes));
  } catch (error) {
    if ((error as { code?: unknown }).code === "INVALID_IMAGE")
      throw new AppError(400, "INVALID_IMAGE", "The image could not be read; it may be damaged.");
    throw error;
  }
  if (verdict === "block") throw new AppError(400, "NSFW_CONTENT_DETECTED", NSFW_MESSAGE);
  return { type, ...size };
}
