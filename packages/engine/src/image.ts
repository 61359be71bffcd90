import os from "node:os";
import { findEngineInputProblem } from "@gyeol/shared/retouch";
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

/**
 * 50 megapixels: larger inputs are refused before decoding (uploads are untrusted). The retouch
 * takes less (ENGINE_MAX_INPUT_PIXELS, packages/shared retouch.ts); a check that only needs a small
 * copy (NSFW, the regions overlay) decodes one, shrunk on load.
 */
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;

export interface DecodeOptions {
  maxPixels?: number;
  /**
   * Refuse what the retouch cannot process (shared findEngineInputProblem: too small a side, too
   * long a shape, too many pixels) from the header, before decoding.
   */
  isEngineInput?: boolean;
  /**
   * Decode straight to this size: libvips shrinks a JPEG while decoding it and streams the rest,
   * so a large photo never exists at full size. "inside" never enlarges.
   */
  resize?: { width: number; height: number; fit: "fill" | "inside" };
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
  const problem = options.isEngineInput ? findEngineInputProblem(meta.width, meta.height, maxPixels) : null;
  if (problem) {
    throw new EngineError(
      problem,
      `The engine cannot process a ${meta.width}×${meta.height} image (${problem}).`,
    );
  }
  if (meta.width * meta.height > maxPixels) {
    throw new EngineError(
      "IMAGE_TOO_LARGE",
      `The image has ${meta.width}×${meta.height} pixels; the limit is ${maxPixels} pixels.`,
    );
  }
  try {
    let pipeline = sharp(input, {
      failOn: "warning",
      limitInputPixels: maxPixels,
      sequentialRead: true,
    }).rotate();
    if (options.resize) {
      const { width, height, fit } = options.resize;
      pipeline = pipeline.resize(width, height, {
        fit,
        kernel: "lanczos3",
        withoutEnlargement: fit === "inside",
      });
    }
    const { data, info } = await pipeline
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

/**
 * Resizes a mask. Enlarging (the retouch's masks go from the mask size to the photo's) is bilinear
 * in place, only over the area the mask's non-zero pixels reach: the rest stays 0, and the masks
 * of lips or brows cover a few percent of a photo. Shrinking goes through libvips, which filters
 * (8-bit precision is plenty for a soft mask, and 1 stays 1).
 */
export async function resizeMask(mask: Mask, width: number, height: number): Promise<Mask> {
  if (mask.width === width && mask.height === height) return mask;
  if (width >= mask.width && height >= mask.height) return enlargeMask(mask, width, height);
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

/**
 * A mask of width × height whose non-zero values all lie in one box: only the box is stored.
 * The retouch's region weights cover a face or a head, so at full size they need a fraction of a
 * whole-image mask (five of those were 20 bytes a pixel of a 49 MP photo).
 */
export interface BoxMask {
  width: number;
  height: number;
  x0: number;
  y0: number;
  /** The values inside the box (box.width × box.height, possibly 0 × 0). */
  box: Mask;
}

/** The value at (x, y); 0 outside the box. */
export function boxMaskAt(mask: BoxMask, x: number, y: number): number {
  const bx = x - mask.x0;
  const by = y - mask.y0;
  if (bx < 0 || by < 0 || bx >= mask.box.width || by >= mask.box.height) return 0;
  return mask.box.data[by * mask.box.width + bx]!;
}

/** Copies row `y` of the mask (zeros outside the box) into `out` (width values). */
export function readBoxMaskRow(mask: BoxMask, y: number, out: Float32Array): void {
  out.fill(0);
  const by = y - mask.y0;
  if (by < 0 || by >= mask.box.height) return;
  const start = by * mask.box.width;
  out.set(mask.box.data.subarray(start, start + mask.box.width), mask.x0);
}

/** resizeMask's values at width × height, kept as a box (only enlarging stays bounded; the rest is whole). */
export async function resizeMaskToBox(mask: Mask, width: number, height: number): Promise<BoxMask> {
  if (width >= mask.width && height >= mask.height && (width > mask.width || height > mask.height))
    return enlargeMaskToBox(mask, width, height);
  return { width, height, x0: 0, y0: 0, box: await resizeMask(mask, width, height) };
}

/**
 * The destination box enlargeMask fills: the pixels whose bilinear samples reach a non-zero
 * source pixel (each reads source pixels within one of its centre's position). Null when the
 * mask is all zero.
 */
function enlargedBox(mask: Mask, width: number, height: number) {
  const { width: sw, height: sh, data } = mask;
  // Source rows and columns holding any non-zero value.
  let bx0 = sw;
  let by0 = sh;
  let bx1 = -1;
  let by1 = -1;
  for (let y = 0; y < sh; y++) {
    const row = y * sw;
    for (let x = 0; x < sw; x++) {
      if (data[row + x]! !== 0) {
        if (x < bx0) bx0 = x;
        if (x > bx1) bx1 = x;
        if (y < by0) by0 = y;
        by1 = y;
      }
    }
  }
  if (bx1 < 0) return null;
  const kx = sw / width;
  const ky = sh / height;
  return {
    dx0: Math.max(0, Math.floor((bx0 - 1 + 0.5) / kx - 0.5)),
    dx1: Math.min(width, Math.ceil((bx1 + 1 + 0.5) / kx + 0.5)),
    dy0: Math.max(0, Math.floor((by0 - 1 + 0.5) / ky - 0.5)),
    dy1: Math.min(height, Math.ceil((by1 + 1 + 0.5) / ky + 0.5)),
  };
}

/**
 * Bilinear enlargement (pixel centres aligned, edges clamped) of the rows and columns
 * [x0, x1) × [y0, y1) of the width × height result, written to `out` at `outX0`, `outY0` with
 * row stride `outWidth`.
 */
function enlargeInto(
  mask: Mask,
  width: number,
  height: number,
  area: { dx0: number; dx1: number; dy0: number; dy1: number },
  out: Float32Array,
  outWidth: number,
  outX0: number,
  outY0: number,
): void {
  const { width: sw, height: sh, data } = mask;
  const kx = sw / width;
  const ky = sh / height;
  const { dx0, dx1, dy0, dy1 } = area;
  const span = dx1 - dx0;
  const xa = new Int32Array(span);
  const xb = new Int32Array(span);
  const fxs = new Float32Array(span);
  for (let i = 0; i < span; i++) {
    const sx = Math.min(sw - 1, Math.max(0, (dx0 + i + 0.5) * kx - 0.5));
    xa[i] = Math.floor(sx);
    xb[i] = Math.min(sw - 1, xa[i]! + 1);
    fxs[i] = sx - xa[i]!;
  }
  for (let y = dy0; y < dy1; y++) {
    const sy = Math.min(sh - 1, Math.max(0, (y + 0.5) * ky - 0.5));
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const r0 = y0 * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    const o = (y - outY0) * outWidth + (dx0 - outX0);
    for (let i = 0; i < span; i++) {
      const a = xa[i]!;
      const b = xb[i]!;
      const fx = fxs[i]!;
      const top = data[r0 + a]! + fx * (data[r0 + b]! - data[r0 + a]!);
      const bottom = data[r1 + a]! + fx * (data[r1 + b]! - data[r1 + a]!);
      out[o + i] = top + fy * (bottom - top);
    }
  }
}

/** enlargeMask's values, holding only the box they can be non-zero in. */
export function enlargeMaskToBox(mask: Mask, width: number, height: number): BoxMask {
  const area = enlargedBox(mask, width, height);
  if (!area) return { width, height, x0: 0, y0: 0, box: createMask(0, 0) };
  const box = createMask(area.dx1 - area.dx0, area.dy1 - area.dy0);
  enlargeInto(mask, width, height, area, box.data, box.width, area.dx0, area.dy0);
  return { width, height, x0: area.dx0, y0: area.dy0, box };
}

/**
 * Row by row, the values of `mask` enlarged to width × height (exactly enlargeMask's), for a
 * caller that needs one row at a time instead of a whole-image mask.
 */
export function createEnlargedRowReader(mask: Mask, width: number, height: number) {
  if (width < mask.width || height < mask.height)
    throw new EngineError("INVALID_ARGUMENT", "A row reader only enlarges; resize the mask down first.");
  if (mask.width === width && mask.height === height) {
    return (y: number, out: Float32Array) => out.set(mask.data.subarray(y * width, (y + 1) * width));
  }
  const area = enlargedBox(mask, width, height);
  return (y: number, out: Float32Array) => {
    out.fill(0);
    if (!area || y < area.dy0 || y >= area.dy1) return;
    enlargeInto(mask, width, height, { ...area, dy0: y, dy1: y + 1 }, out, width, 0, y);
  };
}

/** Bilinear enlargement (pixel centres aligned, edges clamped) over the non-zero area only. */
export function enlargeMask(mask: Mask, width: number, height: number): Mask {
  const out = createMask(width, height);
  const area = enlargedBox(mask, width, height);
  if (area) enlargeInto(mask, width, height, area, out.data, width, 0, 0);
  return out;
}
