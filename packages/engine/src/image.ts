import os from "node:os";
import sharp, { type Metadata, type Sharp } from "sharp";
import { EngineError } from "./errors.ts";

/** sharp uses one libvips thread here unless told otherwise; the engine owns the machine's cores. */
sharp.concurrency(Math.max(1, os.availableParallelism()));

/** Interleaved 8-bit sRGB pixels, no alpha. Every engine function works on this. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A single-channel mask, 0..1, at some image's size. */
export interface Mask {
  data: Float32Array;
  width: number;
  height: number;
}

/** 50 megapixels: larger inputs are refused before decoding (uploads are untrusted). */
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;

export interface DecodeOptions {
  maxPixels?: number;
}

/**
 * Decodes JPEG/PNG/WebP bytes to sRGB, honouring EXIF orientation and flattening alpha on white.
 * Truncated or corrupt files raise INVALID_IMAGE (sharp's failOn "truncated" would accept some
 * damaged JPEGs; "warning" rejects them).
 */
export async function decodeImage(
  input: Buffer | Uint8Array,
  options: DecodeOptions = {},
): Promise<RgbImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  if (!input || input.length < 16) throw new EngineError("INVALID_IMAGE", "The image is empty or too short.");
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: "warning", limitInputPixels: false }).metadata();
  } catch (error) {
    throw new EngineError("INVALID_IMAGE", "The file is not a readable image.", { cause: error });
  }
  if (!meta.width || !meta.height || !["jpeg", "png", "webp"].includes(meta.format ?? "")) {
    throw new EngineError("INVALID_IMAGE", `Unsupported image format: ${meta.format ?? "unknown"}.`);
  }
  if (meta.width * meta.height > maxPixels) {
    throw new EngineError(
      "IMAGE_TOO_LARGE",
      `The image has ${meta.width}×${meta.height} pixels; the limit is ${maxPixels} pixels.`,
    );
  }
  try {
    const { data, info } = await sharp(input, { failOn: "warning", limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw new EngineError("INVALID_IMAGE", "The image is truncated or corrupt.", { cause: error });
  }
}

function toSharp(image: RgbImage): Sharp {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
    limitInputPixels: false,
  });
}

/** spec 02 §3: output_format jpg, output_quality 100 (no chroma subsampling at that quality). */
export async function encodeJpeg(image: RgbImage, quality = 100): Promise<Buffer> {
  return toSharp(image).jpeg({ quality, chromaSubsampling: "4:4:4", mozjpeg: false }).toBuffer();
}

export async function encodePng(image: RgbImage): Promise<Buffer> {
  return toSharp(image).png({ compressionLevel: 6 }).toBuffer();
}

/** Lanczos3 resampling (libvips) to an exact size. */
export async function resizeLanczos(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  if (width === image.width && height === image.height) return image;
  const { data, info } = await toSharp(image)
    .resize(width, height, { kernel: "lanczos3", fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

export function createMask(width: number, height: number): Mask {
  return { data: new Float32Array(width * height), width, height };
}

/** Resizes a mask (bilinear through libvips; 8-bit precision is plenty for a soft mask, and 1 stays 1). */
export async function resizeMask(mask: Mask, width: number, height: number): Promise<Mask> {
  if (mask.width === width && mask.height === height) return mask;
  const bytes = new Uint8Array(mask.data.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(Math.min(1, Math.max(0, mask.data[i]!)) * 255);
  const out = await sharp(Buffer.from(bytes.buffer), {
    raw: { width: mask.width, height: mask.height, channels: 1 },
  })
    .resize(width, height, { kernel: "linear", fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  if (out.length !== width * height) throw new Error(`mask resize returned ${out.length} bytes`);
  const result = createMask(width, height);
  const scale = 1 / 255;
  for (let i = 0; i < result.data.length; i++) result.data[i] = out[i]! * scale;
  return result;
}
