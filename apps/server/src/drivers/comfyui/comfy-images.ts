/**
 * The pictures the ComfyUI engine sends and gets back (issue 25). Inputs go at the models' working
 * size — about one megapixel, what SDXL and Qwen-Image-Edit work at — as upright JPEGs (masks as
 * greyscale PNGs), which also keeps a RunPod `/run` body under its 10 MB (vendors CONTRACTS §7.4):
 * eight references of 1 MP JPEG are ~3–4 MB of base64. Results are brought back to the user's
 * full-size photo where only a painted part was meant to change (face edit, a masked image edit),
 * so the untouched pixels stay the original ones rather than an upscaled copy.
 */
import sharp from "sharp";

/** The working size of SDXL and Qwen-Image-Edit (1024²). */
export const WORKING_PIXELS = 1024 * 1024;
const JPEG_QUALITY = 92;
/** Pixels a decoded input may have (the upload limits are far below; this guards a hostile file). */
const LIMIT_INPUT_PIXELS = 100_000_000;

export interface TWorkingImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The size an image of w×h is sent at: at most `maxPixels`, both sides a multiple of `multiple`. */
export function workingSize(
  width: number,
  height: number,
  maxPixels = WORKING_PIXELS,
  multiple = 8,
): { width: number; height: number } {
  const factor = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  const snap = (v: number) => Math.max(multiple, Math.floor((v * factor) / multiple) * multiple);
  return { width: snap(width), height: snap(height) };
}

/** Width and height once the EXIF orientation is applied. */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** An upright, opaque JPEG at the working size (sides snapped to `multiple`: the latent's grid). */
export async function toWorkingJpeg(
  bytes: Buffer,
  options: { maxPixels?: number; multiple?: number } = {},
): Promise<TWorkingImage> {
  const upright = sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).rotate();
  const info = await uprightSize(bytes);
  const size = workingSize(info.width, info.height, options.maxPixels, options.multiple);
  const out = await upright
    .flatten({ background: "#ffffff" })
    .resize(size.width, size.height, { fit: "fill", kernel: "lanczos3" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return { bytes: out, ...size };
}

/** A mask as ComfyUI's LoadImageMask reads it (channel red): greyscale PNG, white = change. */
export async function toMaskPng(mask: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(mask, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .flatten({ background: "#000000" })
    .greyscale()
    .resize(width, height, { fit: "fill" })
    .png()
    .toBuffer();
}

/** A mask that lets the model change everything (an image edit without a painted area). */
export function wholeMaskPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .greyscale()
    .png()
    .toBuffer();
}

export interface TBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The painted part of a mask laid over a w×h image, grown by `margin` of its size on each side
 * (at least `minSide` px a side, within the image); null when nothing is painted.
 */
export async function paintedBox(
  mask: Buffer,
  width: number,
  height: number,
  options: { margin?: number; minSide?: number } = {},
): Promise<TBox | null> {
  const grey = await sharp(mask, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .flatten({ background: "#000000" })
    .greyscale()
    .resize(width, height, { fit: "fill" })
    .raw()
    .toBuffer();
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (grey[y * width + x]! > 127) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0) return null;
  const margin = options.margin ?? 0.5;
  const minSide = Math.min(options.minSide ?? 0, width, height);
  const grow = (lo: number, hi: number, limit: number) => {
    const size = hi - lo + 1;
    const pad = Math.round(size * margin);
    let start = lo - pad;
    let end = hi + pad + 1;
    const short = minSide - (end - start);
    if (short > 0) {
      start -= Math.ceil(short / 2);
      end += Math.floor(short / 2);
    }
    if (start < 0) {
      end -= start;
      start = 0;
    }
    if (end > limit) {
      start = Math.max(0, start - (end - limit));
      end = limit;
    }
    return [start, end - start] as const;
  };
  const [left, boxWidth] = grow(minX, maxX, width);
  const [top, boxHeight] = grow(minY, maxY, height);
  return { left, top, width: boxWidth, height: boxHeight };
}

/** The part of a reference its owner painted (with a margin), so the model sees what was meant. */
export async function cropToPainted(bytes: Buffer, mask: Buffer): Promise<Buffer> {
  const upright = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).rotate().toBuffer();
  const size = await uprightSize(upright);
  const box = await paintedBox(mask, size.width, size.height, { margin: 0.15, minSide: 64 });
  if (!box) return upright;
  return sharp(upright).extract(box).toBuffer();
}

/**
 * Several pictures as one (the last image slot of a model that reads fewer pictures than the tool
 * allows): a grid of equal cells on white, each picture whole inside its cell, about `maxPixels`.
 */
export async function collage(pictures: readonly Buffer[], maxPixels = WORKING_PIXELS): Promise<Buffer> {
  const count = pictures.length;
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const cell = Math.floor(Math.sqrt(maxPixels / (columns * rows)) / 8) * 8;
  const tiles = await Promise.all(
    pictures.map((picture) =>
      sharp(picture, { limitInputPixels: LIMIT_INPUT_PIXELS })
        .rotate()
        .flatten({ background: "#ffffff" })
        .resize(cell, cell, { fit: "contain", background: "#ffffff" })
        .toBuffer(),
    ),
  );
  return sharp({
    create: { width: columns * cell, height: rows * cell, channels: 3, background: "#ffffff" },
  })
    .composite(
      tiles.map((input, i) => ({ input, left: (i % columns) * cell, top: Math.floor(i / columns) * cell })),
    )
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/**
 * `patch` (the model's result for `box` of `base`) put back into `base` through `mask` (the whole
 * image's mask, feathered 2 px): outside the painted area the base's own pixels stay. Upright RGB
 * JPEG at the base's size.
 */
export async function compositeInto(
  base: Buffer,
  patch: Buffer,
  mask: Buffer,
  box: TBox | null,
): Promise<Buffer> {
  const upright = sharp(base, { limitInputPixels: LIMIT_INPUT_PIXELS }).rotate().removeAlpha();
  const under = await upright.clone().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = under.info;
  const area = box ?? { left: 0, top: 0, width, height };
  const top = await sharp(patch, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .removeAlpha()
    .resize(area.width, area.height, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const weight = await sharp(mask, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .flatten({ background: "#000000" })
    .greyscale()
    .resize(width, height, { fit: "fill" })
    .blur(2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * height * 3);
  const topChannels = top.info.channels;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const inside =
        x >= area.left && x < area.left + area.width && y >= area.top && y < area.top + area.height;
      const w = inside ? weight[p]! / 255 : 0;
      const q = inside ? (y - area.top) * area.width + (x - area.left) : 0;
      for (let c = 0; c < 3; c++) {
        const b = under.data[p * channels + Math.min(c, channels - 1)]!;
        const a = inside ? top.data[q * topChannels + Math.min(c, topChannels - 1)]! : b;
        out[p * 3 + c] = Math.round(a * w + b * (1 - w));
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A result as we store every engine's: upright JPEG (metadata dropped), its size. */
export async function toResultJpeg(
  bytes: Buffer,
  options: { width?: number; height?: number; quality?: number } = {},
): Promise<TWorkingImage> {
  let image = sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).rotate();
  if (options.width && options.height)
    image = image.resize(options.width, options.height, { fit: "fill", kernel: "lanczos3" });
  const { data, info } = await image
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: options.quality ?? 95 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
