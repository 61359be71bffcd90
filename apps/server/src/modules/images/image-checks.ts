/**
 * The checks every uploaded image passes (ARCHITECTURE "Uploads are untrusted"), in this order:
 * the type from the bytes, the size from the header (nothing is decoded before the pixel limit
 * holds), then a real decode. Tool uploads must also be an image the engine can process
 * (packages/shared retouch.ts ENGINE_*) and are decoded by the content classifier (spec 02 §8
 * NSFW_CONTENT_DETECTED), at 224 px (and, for the few the first classifier would refuse, at most
 * 1024 px for the second); public pictures (notice attachments, the notice editor's
 * images) are decoded and encoded again, which also drops their metadata (camera, GPS).
 */

import { createHash } from "node:crypto";
import {
  ENGINE_MAX_ASPECT_RATIO,
  ENGINE_MAX_INPUT_PIXELS,
  ENGINE_MIN_SIDE_PX,
  findEngineInputProblem,
} from "@gyeol/shared/retouch";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { ModerationDriver, ModerationResult } from "../../drivers/engines/moderation.ts";
import { AppError } from "../../lib/app-error.ts";
import { detectImageType, type ImageTypeInfo } from "../../lib/image-type.ts";

/** What a refused upload is told (the web app words it per language from the code). */
export const NSFW_MESSAGE =
  "This photo looks like it contains nudity or sexual content, which this service does not process. If it is an ordinary photo, try a crop that shows the whole face (face and shoulders), upload the colour original of a black-and-white photo, or contact support.";
const DAMAGED_MESSAGE = "The image could not be read; it may be damaged.";
/**
 * Refused while decoding (sharp's failOn "warning"): a truncated or corrupt file. "truncated" would
 * let some damaged JPEGs through (the engine decodes with the same setting, image.ts).
 */
const FAIL_ON = "warning" as const;

export interface ImageHeader {
  type: ImageTypeInfo;
  /** As a viewer shows it: EXIF orientations 5–8 swap the stored sides. */
  width: number;
  height: number;
  /** Frames of an animated GIF or WebP (1 for a still image). */
  pages: number;
  orientation: number;
}

export interface CheckedImage {
  type: ImageTypeInfo;
  width: number;
  height: number;
}

/** spec 02 §5 "Retouch": "only jpg and png can be uploaded". */
export const UNSUPPORTED_TYPE_MESSAGE = "Only JPG and PNG images can be uploaded.";
const JPEG: ImageTypeInfo = { mime: "image/jpeg", extension: "jpg" };
/** Quality of the JPEG a WebP or AVIF upload becomes (the spec's own resize uses 0.9). */
const CONVERTED_JPEG_QUALITY = 92;

/** An ISO-BMFF file whose brand is AVIF (still or sequence): `....ftypavif` / `....ftypavis`. */
function isAvif(bytes: Uint8Array): boolean {
  const box = Buffer.from(bytes.subarray(4, 12)).toString("latin1");
  return box === "ftypavif" || box === "ftypavis";
}

export function assertJpegOrPng(bytes: Uint8Array): ImageTypeInfo {
  const type = detectImageType(bytes);
  if (!type || (type.mime !== "image/jpeg" && type.mime !== "image/png")) {
    throw new AppError(400, "UNSUPPORTED_IMAGE_TYPE", UNSUPPORTED_TYPE_MESSAGE);
  }
  return type;
}

/**
 * The size from the header, refused above `maxPixels` (every frame of an animation counts). sharp
 * reads only the header here, and its own pixel limit is off so a bomb's claimed size is reported
 * as too large rather than as unreadable.
 */
export async function readImageHeader(
  bytes: Uint8Array,
  type: ImageTypeInfo,
  maxPixels: number,
): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, "INVALID_IMAGE", DAMAGED_MESSAGE);
  }
  const orientation = meta.orientation ?? 1;
  const pages = Math.max(1, meta.pages ?? 1);
  const frameHeight = pages > 1 ? (meta.pageHeight ?? meta.height) : meta.height;
  if (!meta.width || !frameHeight) throw new AppError(400, "INVALID_IMAGE", DAMAGED_MESSAGE);
  const isTurned = orientation >= 5;
  const width = isTurned ? frameHeight : meta.width;
  const height = isTurned ? meta.width : frameHeight;
  if (width * height * pages > maxPixels) {
    const frames = pages > 1 ? ` in ${pages} frames` : "";
    throw new AppError(
      400,
      "IMAGE_TOO_LARGE",
      `The image has ${width}×${height} pixels${frames}; the limit is ${Math.floor(maxPixels / 1e6)} megapixels.`,
      { width, height, maxPixels },
    );
  }
  return { type, width, height, pages, orientation };
}

/** Refuses a size the retouch engine cannot process (shared rule), before anything is decoded or charged. */
export function assertEngineCanTake(
  width: number,
  height: number,
  maxPixels = ENGINE_MAX_INPUT_PIXELS,
): void {
  const problem = findEngineInputProblem(width, height, maxPixels);
  if (!problem) return;
  const limit = Math.min(maxPixels, ENGINE_MAX_INPUT_PIXELS);
  const details = {
    width,
    height,
    minSide: ENGINE_MIN_SIDE_PX,
    maxAspectRatio: ENGINE_MAX_ASPECT_RATIO,
    maxPixels: limit,
  };
  const messages = {
    IMAGE_TOO_SMALL: `The image is ${width}×${height} pixels; its shorter side must be at least ${ENGINE_MIN_SIDE_PX} px.`,
    IMAGE_ASPECT_RATIO_UNSUPPORTED: `The image is ${width}×${height} pixels; its longer side may be at most ${ENGINE_MAX_ASPECT_RATIO} times its shorter side.`,
    IMAGE_TOO_LARGE: `The image has ${width}×${height} pixels; the limit is ${Math.floor(limit / 1e6)} megapixels.`,
  } as const;
  throw new AppError(400, problem, messages[problem], details);
}

/**
 * A tool upload: JPEG or PNG, a size the engine takes (read from the header), then the
 * classifier, whose decode (shrunk on load to its 224 px) also refuses a truncated file.
 * With `canConvert`, a WebP or AVIF (a phone's or a browser's "Save image as…", often named .jpg)
 * becomes a JPEG here, upright and without its metadata, instead of failing every job later;
 * anything else (GIF, HEIC, …) is refused at once with the spec's message.
 */
export async function checkToolImage(
  bytes: Uint8Array,
  {
    moderation,
    maxPixels,
    canConvert = false,
  }: { moderation: ModerationDriver; maxPixels: number; canConvert?: boolean },
): Promise<CheckedImage & { bytes: Uint8Array }> {
  const limit = Math.min(maxPixels, ENGINE_MAX_INPUT_PIXELS);
  const detected = detectImageType(bytes);
  const isConvertible = canConvert && (detected?.mime === "image/webp" || isAvif(bytes));
  if (isConvertible) {
    const { width, height } = await readImageHeader(bytes, JPEG, limit);
    assertEngineCanTake(width, height, limit);
    let jpeg: Buffer;
    try {
      jpeg = await sharp(bytes, { limitInputPixels: limit, failOn: FAIL_ON })
        .rotate()
        .jpeg({ quality: CONVERTED_JPEG_QUALITY })
        .toBuffer();
    } catch {
      throw new AppError(400, "INVALID_IMAGE", DAMAGED_MESSAGE);
    }
    await assertAllowedContent(jpeg, moderation);
    return { type: JPEG, width, height, bytes: jpeg };
  }
  const type = assertJpegOrPng(bytes);
  const { width, height } = await readImageHeader(bytes, type, limit);
  assertEngineCanTake(width, height, limit);
  await assertAllowedContent(bytes, moderation);
  return { type, width, height, bytes };
}

/**
 * A mask from the mask editor (spec 02 §4.4: "the server handles transparency"): JPEG or PNG,
 * size from the header first, then decoded upright and reduced to what the engines read — painted
 * where the mask has transparency and a pixel is more than half opaque, else where a pixel is
 * bright or coloured (the engine's decodeUserMask rule) — as a one-channel 0/255 PNG.
 */
export async function readMaskImage(
  bytes: Uint8Array,
  maxPixels: number,
): Promise<{ png: Buffer; width: number; height: number; painted: number }> {
  const limit = Math.min(maxPixels, ENGINE_MAX_INPUT_PIXELS);
  const type = assertJpegOrPng(bytes);
  await readImageHeader(bytes, type, limit);
  let raw: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    raw = await sharp(bytes, { limitInputPixels: limit, failOn: FAIL_ON })
      .rotate()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(400, "INVALID_IMAGE", DAMAGED_MESSAGE);
  }
  const { data, info } = raw;
  const pixels = info.width * info.height;
  let hasTransparency = false;
  for (let i = 0; i < pixels && !hasTransparency; i++)
    if (data[i * info.channels + 3]! < 250) hasTransparency = true;
  const out = Buffer.alloc(pixels);
  let painted = 0;
  for (let i = 0; i < pixels; i++) {
    const o = i * info.channels;
    const on = hasTransparency ? data[o + 3]! > 127 : Math.max(data[o]!, data[o + 1]!, data[o + 2]!) > 40;
    if (on) {
      out[i] = 255;
      painted++;
    }
  }
  const png = await sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .toColourspace("b-w")
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, width: info.width, height: info.height, painted };
}

/** The line an operator searches the log for; each carries the scores, the user's id and the bytes' SHA-256. */
export const NSFW_REVIEW_LOG_MESSAGE = "upload refused by moderation";

/**
 * The content classifier's verdict (spec 02 §8); what it cannot decode is a damaged image. A
 * refusal carries the class scores and the SHA-256 of the bytes (never the image) for the
 * error handler's warn line, so an operator can review it and find the same file again.
 */
export async function assertAllowedContent(bytes: Uint8Array, moderation: ModerationDriver): Promise<void> {
  let result: ModerationResult;
  try {
    result = await moderation.classify(bytes);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "INVALID_IMAGE") throw new AppError(400, "INVALID_IMAGE", DAMAGED_MESSAGE);
    if (code === "IMAGE_TOO_LARGE") throw new AppError(400, "IMAGE_TOO_LARGE", (error as Error).message);
    throw error;
  }
  if (result.verdict === "allow") return;
  const refusal = new AppError(400, "NSFW_CONTENT_DETECTED", NSFW_MESSAGE);
  refusal.review = {
    message: NSFW_REVIEW_LOG_MESSAGE,
    fields: {
      scores: result.scores,
      ...(result.second ? { second: result.second } : {}),
      ...(result.closeUp ? { closeUp: result.closeUp } : {}),
      ...(result.monochrome ? { monochrome: true } : {}),
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes: bytes.length,
    },
  };
  throw refusal;
}

function encodeAs(pipeline: Sharp, type: ImageTypeInfo): Sharp {
  switch (type.mime) {
    case "image/jpeg":
      return pipeline.jpeg({ quality: 90 });
    case "image/png":
      return pipeline.png({ compressionLevel: 6 });
    case "image/gif":
      return pipeline.gif();
    case "image/webp":
      return pipeline.webp({ quality: 90 });
  }
}

/**
 * A picture everyone can see (notice attachments and editor images): its header within
 * `maxPixels`, then decoded in full and encoded again in the same format, turned upright, without
 * its metadata. What is stored is what we encoded, never the bytes as uploaded.
 */
export async function reencodePublicImage(
  bytes: Uint8Array,
  type: ImageTypeInfo,
  maxPixels: number,
): Promise<CheckedImage & { bytes: Buffer }> {
  const header = await readImageHeader(bytes, type, maxPixels);
  const isAnimated = header.pages > 1;
  try {
    let pipeline = sharp(bytes, {
      failOn: FAIL_ON,
      limitInputPixels: maxPixels,
      sequentialRead: true,
      animated: isAnimated,
    });
    // Stored sides as the viewer sees them: the orientation tag goes with the rest of the metadata.
    if (!isAnimated && header.orientation > 1) pipeline = pipeline.rotate();
    const { data, info } = await encodeAs(pipeline, type).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      type,
      width: info.width,
      height: isAnimated ? (info.pageHeight ?? info.height) : info.height,
    };
  } catch {
    throw new AppError(400, "INVALID_IMAGE", DAMAGED_MESSAGE);
  }
}
