import { type BoxMask, enlargeMask, type RgbImage } from "../image.ts";
import { blurPlane } from "../masks.ts";

/**
 * The band the skin texture is carried in at the ×2 output: detail finer than about this many
 * output pixels (pores and grain; the super-resolution model smooths them into wax).
 */
export const TEXTURE_BAND_RADIUS = 3;

/** The skin weight, given at the ×1 size, at the ×2 size over its box (bilinear). */
function weightAt2x(skin: BoxMask): {
  x0: number;
  y0: number;
  width: number;
  height: number;
  data: Float32Array;
} {
  const { box } = skin;
  const big = enlargeMask(box, box.width * 2, box.height * 2);
  return { x0: skin.x0 * 2, y0: skin.y0 * 2, width: big.width, height: big.height, data: big.data };
}

/** The fine band of one channel of a crop of `image`: value − its blur of TEXTURE_BAND_RADIUS. */
function bandOf(image: RgbImage, c: number, x0: number, y0: number, w: number, h: number): Float32Array {
  const plane = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    let s = ((y + y0) * image.width + x0) * 3 + c;
    for (let x = 0; x < w; x++, s += 3) plane[y * w + x] = image.data[s]!;
  }
  const low = blurPlane(plane, w, h, TEXTURE_BAND_RADIUS);
  for (let i = 0; i < plane.length; i++) plane[i] = plane[i]! - low[i]!;
  return plane;
}

/**
 * Skin texture at the output resolution: inside the skin weight, the ×2 result's finest band is
 * replaced by the Lanczos enlargement's (`lanczos`, of the same retouched image), so the skin keeps
 * the grain the retouch left at ×1, as a plain enlargement shows it, while the AI result keeps its
 * shapes and edges everywhere and all of its detail outside the skin. Returns a function that
 * applies it to the ×2 result (in place); the Lanczos band is taken now, before the merge writes
 * over that buffer. `skin` is at the ×1 size.
 */
export function captureSkinTexture(lanczos: RgbImage, skin: BoxMask): (result: RgbImage) => void {
  const weight = weightAt2x(skin);
  const x0 = Math.max(0, weight.x0);
  const y0 = Math.max(0, weight.y0);
  const x1 = Math.min(lanczos.width, weight.x0 + weight.width);
  const y1 = Math.min(lanczos.height, weight.y0 + weight.height);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return () => {};
  const bands = [0, 1, 2].map((c) => bandOf(lanczos, c, x0, y0, w, h));
  return (result) => {
    const clamped = new Uint8ClampedArray(result.data.buffer, result.data.byteOffset, result.data.length);
    for (let c = 0; c < 3; c++) {
      const own = bandOf(result, c, x0, y0, w, h);
      const band = bands[c]!;
      for (let y = 0; y < h; y++) {
        const wRow = (y + y0 - weight.y0) * weight.width + (x0 - weight.x0);
        for (let x = 0; x < w; x++) {
          const k = weight.data[wRow + x]!;
          if (k <= 0) continue;
          const i = y * w + x;
          const o = ((y + y0) * result.width + x + x0) * 3 + c;
          clamped[o] = result.data[o]! + k * (band[i]! - own[i]!);
        }
      }
    }
  };
}
