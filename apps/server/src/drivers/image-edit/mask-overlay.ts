/**
 * The tile a vendor without a mask input (Seedream) is sent (spec 02 §5, §9; issue 25): the
 * user's mask drawn onto the picture in the colour they chose (blue or red) at 35 % opacity —
 * what the mask editor shows — then re-encoded as JPEG at 0.92, lowered in the spec's 0.1 steps
 * (compositeQualities) until it is at most 9,437,184 bytes. The prompt then says what the colour
 * means (shared/image-edit.ts promptWithMaskOverlay).
 */
import { compositeQualities, IMAGE_EDIT_COMPOSITE_MAX_BYTES } from "@gyeol/shared/image-edit";
import { MASK_COLOR_RGB, MASK_OVERLAY_OPACITY, type TMaskColor } from "@gyeol/shared/mask";
import sharp from "sharp";

/** A masked tile that stays over the limit at the lowest quality step (refunded, before any vendor call). */
export class MaskedImageTooLargeError extends Error {
  override name = "MaskedImageTooLargeError";
  readonly code = "EDIT_MASKED_IMAGE_TOO_LARGE";
  constructor(
    readonly bytes: number,
    readonly quality: number,
    readonly maxBytes: number,
  ) {
    super(
      `with its mask overlay the image is ${bytes} bytes at JPEG quality ${quality}, over ${maxBytes} bytes`,
    );
  }
}

/**
 * Blends `colour` over raw pixels by the mask: out = pixel × (1 − a) + colour × a with
 * a = opacity × mask/255, so a fully painted pixel takes the colour at `opacity`, an unpainted one
 * stays exactly as it was and the editor's soft brush edges get a partial tint. `pixels` has
 * `channels` (3 or 4; a fourth is kept as it is), `mask` one byte per pixel.
 */
export function blendOverlay(
  pixels: Buffer,
  channels: number,
  mask: Buffer,
  colour: readonly [number, number, number],
  opacity = MASK_OVERLAY_OPACITY,
): Buffer {
  const out = Buffer.from(pixels);
  for (let p = 0; p < mask.length; p++) {
    const m = mask[p]!;
    if (m === 0) continue;
    const a = (opacity * m) / 255;
    const i = p * channels;
    for (let c = 0; c < 3; c++) out[i + c] = Math.round(pixels[i + c]! * (1 - a) + colour[c]! * a);
  }
  return out;
}

export interface TOverlaidTile {
  bytes: Buffer;
  width: number;
  height: number;
  /** The JPEG quality that met the limit (0.92, 0.82, …). */
  quality: number;
  /** How many encodings it took (1 when 0.92 was small enough). */
  tries: number;
}

/**
 * `tile` (JPEG or PNG, upright after its EXIF orientation; transparency on white) with `mask` (the
 * editor's white-where-painted greyscale PNG, stretched to the tile's size) drawn on it in `color`,
 * as a JPEG of at most `maxBytes`. Throws MaskedImageTooLargeError when even the last quality
 * step is larger.
 */
export async function overlayMaskOnTile(
  tile: Buffer,
  mask: Buffer,
  color: TMaskColor,
  { maxBytes = IMAGE_EDIT_COMPOSITE_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<TOverlaidTile> {
  const picture = await sharp(tile)
    .rotate()
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = picture.info;
  const weights = await sharp(mask)
    .rotate()
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .greyscale()
    .resize(width, height, { fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const blended = blendOverlay(picture.data, channels, weights, MASK_COLOR_RGB[color]);
  const raw = sharp(blended, { raw: { width, height, channels } });
  const qualities = compositeQualities();
  let last = { bytes: 0, quality: qualities[0]! };
  for (const [i, quality] of qualities.entries()) {
    const bytes = await raw
      .clone()
      .jpeg({ quality: Math.round(quality * 100) })
      .toBuffer();
    if (bytes.length <= maxBytes) return { bytes, width, height, quality, tries: i + 1 };
    last = { bytes: bytes.length, quality };
  }
  throw new MaskedImageTooLargeError(last.bytes, last.quality, maxBytes);
}
