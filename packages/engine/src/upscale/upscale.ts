import { EngineError } from "../errors.ts";
import { type BoxMask, boxMaskAt, decodeImage, encodeJpeg, type RgbImage, resizeLanczos } from "../image.ts";
import { getSrPool, SR_MODEL_PAD, type TSrModel } from "./pool.ts";
import { captureSkinTexture } from "./texture.ts";

/** spec 02 §2.1/§9: the resize slider runs 0..2 in steps of 0.1. */
export const MAX_SCALE_FACTOR = 2;

export type TUpscaleMode = "auto" | "ai" | "lanczos";

export interface UpscaleOptions {
  /** "auto" (default): AI on tiles with detail, Lanczos3 on flat ones; "ai": every tile; "lanczos": no AI. */
  mode?: TUpscaleMode;
  model?: TSrModel;
  /** Core tile size in input pixels. */
  tileSize?: number;
  /** Tiles whose mean |Laplacian| of luma is below this go to Lanczos3 in "auto" mode. */
  detailThreshold?: number;
  /**
   * The skin weight at the input's size (the retouch plan's): there the AI result's finest band is
   * replaced by the Lanczos enlargement's, so the skin keeps its texture at ×2 (texture.ts).
   */
  skinTexture?: BoxMask;
}

export interface UpscaleStats {
  width: number;
  height: number;
  scale: number;
  engine: "esrgan" | "lanczos3" | "none";
  model: TSrModel | null;
  tiles: number;
  aiTiles: number;
  ms: number;
}

export const DEFAULT_TILE_SIZE = 192;
export const DEFAULT_DETAIL_THRESHOLD = 3;

/**
 * The output size for a scale factor. 0 means "keep the original size" (the slider's left end is
 * not a zero-pixel image); anything else is input × factor, at least 1 px.
 */
export function outputSize(
  width: number,
  height: number,
  scaleFactor: number,
): { width: number; height: number; scale: number } {
  if (!Number.isFinite(scaleFactor) || scaleFactor < 0 || scaleFactor > MAX_SCALE_FACTOR + 1e-9) {
    throw new EngineError(
      "INVALID_ARGUMENT",
      `scale_factor must be between 0 and ${MAX_SCALE_FACTOR}; got ${scaleFactor}.`,
    );
  }
  const scale = scaleFactor === 0 ? 1 : scaleFactor;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scale,
  };
}

/** Mean |4-neighbour Laplacian| of luma over a rectangle: high where edges and texture are. */
export function tileDetail(image: RgbImage, x0: number, y0: number, x1: number, y1: number): number {
  const { width, height, data } = image;
  const luma = (x: number, y: number) => {
    const o = (Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3;
    return 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
  };
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      sum += Math.abs(4 * luma(x, y) - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1));
      n++;
    }
  }
  return n ? sum / n : 0;
}

/**
 * A tile that is all retouched skin (the skin weight at least 0.85 on 97% of it): there the AI
 * result's finest band would be replaced by the Lanczos enlargement's anyway (texture.ts) and the
 * retouch has just smoothed the middle band, so Lanczos3 alone gives the same skin; the AI's time
 * goes to the tiles with eyes, hair and edges.
 */
export function isSkinOnly(skin: BoxMask, x0: number, y0: number, x1: number, y1: number): boolean {
  let n = 0;
  let sure = 0;
  for (let y = y0; y < y1; y += 3)
    for (let x = x0; x < x1; x += 3) {
      n++;
      if (boxMaskAt(skin, x, y) >= 0.85) sure++;
    }
  return n > 0 && sure >= 0.97 * n;
}

function extract(image: RgbImage, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const w = x1 - x0;
  const out = new Uint8Array(w * (y1 - y0) * 3);
  for (let y = y0; y < y1; y++)
    out.set(image.data.subarray((y * image.width + x0) * 3, (y * image.width + x1) * 3), (y - y0) * w * 3);
  return out;
}

/** Blend weight along one axis at input coordinate u for a tile core [c0, c1) of an axis of length n. */
function axisWeight(u: number, c0: number, c1: number, n: number, ramp: number): number {
  const left = c0 <= 0 ? 1 : Math.min(1, Math.max(0, (u - (c0 - ramp)) / (2 * ramp)));
  const right = c1 >= n ? 1 : Math.min(1, Math.max(0, (c1 + ramp - u) / (2 * ramp)));
  return Math.min(left, right);
}

/**
 * ×2 super-resolution: ESRGAN on overlapping tiles across the worker pool, blended with linear
 * ramps over the overlaps; tiles without detail take Lanczos3, which is as good there and free.
 */
export async function upscaleX2(
  image: RgbImage,
  options: UpscaleOptions = {},
): Promise<{ image: RgbImage; tiles: number; aiTiles: number }> {
  const mode = options.mode ?? "auto";
  const model = options.model ?? "esrgan-slim";
  const tile = options.tileSize ?? DEFAULT_TILE_SIZE;
  const threshold = options.detailThreshold ?? DEFAULT_DETAIL_THRESHOLD;
  const { width: W, height: H } = image;
  // The Lanczos base is made while the workers start on the AI tiles; it is needed only to merge.
  const baseReady = resizeLanczos(image, W * 2, H * 2);
  if (mode === "lanczos") return { image: await baseReady, tiles: 0, aiTiles: 0 };
  const pad = SR_MODEL_PAD[model];
  const ramp = pad / 3;
  const cores: Array<[number, number, number, number]> = [];
  for (let y = 0; y < H; y += tile)
    for (let x = 0; x < W; x += tile) cores.push([x, y, Math.min(W, x + tile), Math.min(H, y + tile)]);
  const skin = options.skinTexture;
  const chosen =
    mode === "ai"
      ? cores
      : cores.filter(
          ([x0, y0, x1, y1]) =>
            tileDetail(image, x0, y0, x1, y1) >= threshold && !(skin && isSkinOnly(skin, x0, y0, x1, y1)),
        );
  if (chosen.length === 0) return { image: await baseReady, tiles: cores.length, aiTiles: 0 };

  const OW = W * 2;
  const acc = new Float32Array(OW * H * 2 * 3);
  const wsum = new Float32Array(OW * H * 2);
  const pool = getSrPool(model);
  const tilesDone = Promise.all(
    chosen.map(async ([cx0, cy0, cx1, cy1]) => {
      const px0 = Math.max(0, cx0 - pad);
      const py0 = Math.max(0, cy0 - pad);
      const px1 = Math.min(W, cx1 + pad);
      const py1 = Math.min(H, cy1 + pad);
      const tw = px1 - px0;
      const th = py1 - py0;
      const out = await pool.run(extract(image, px0, py0, px1, py1), tw, th);
      if (out.length !== tw * th * 12)
        throw new EngineError("ENGINE_FAILED", "Upscale tile came back the wrong size.");
      // Only the core plus the ramp is used; the outer context pixels are discarded.
      const ox0 = Math.max(px0, Math.floor(cx0 - ramp)) * 2;
      const ox1 = Math.min(px1, Math.ceil(cx1 + ramp)) * 2;
      const oy0 = Math.max(py0, Math.floor(cy0 - ramp)) * 2;
      const oy1 = Math.min(py1, Math.ceil(cy1 + ramp)) * 2;
      const wx = new Float32Array(ox1 - ox0);
      for (let X = ox0; X < ox1; X++) wx[X - ox0] = axisWeight((X + 0.5) / 2, cx0, cx1, W, ramp);
      for (let Y = oy0; Y < oy1; Y++) {
        const wy = axisWeight((Y + 0.5) / 2, cy0, cy1, H, ramp);
        if (wy === 0) continue;
        const srcRow = (Y - py0 * 2) * tw * 2;
        for (let X = ox0; X < ox1; X++) {
          const w = wx[X - ox0]! * wy;
          if (w === 0) continue;
          const o = Y * OW + X;
          const s = (srcRow + (X - px0 * 2)) * 3;
          wsum[o] = wsum[o]! + w;
          acc[o * 3] = acc[o * 3]! + w * out[s]!;
          acc[o * 3 + 1] = acc[o * 3 + 1]! + w * out[s + 1]!;
          acc[o * 3 + 2] = acc[o * 3 + 2]! + w * out[s + 2]!;
        }
      }
    }),
  );
  // The Lanczos skin band is taken while the workers still run tiles, before the merge overwrites it.
  let restoreTexture: ((result: RgbImage) => void) | null = null;
  const [base] = await Promise.all([
    baseReady.then((lanczos) => {
      if (options.skinTexture) restoreTexture = captureSkinTexture(lanczos, options.skinTexture);
      return lanczos;
    }),
    tilesDone,
  ]);
  const data = base.data;
  for (let o = 0; o < wsum.length; o++) {
    const w = wsum[o]!;
    if (w === 0) continue;
    const k = Math.max(0, 1 - w);
    for (let c = 0; c < 3; c++) data[o * 3 + c] = Math.round(acc[o * 3 + c]! + k * data[o * 3 + c]!);
  }
  (restoreTexture as ((result: RgbImage) => void) | null)?.(base);
  return { image: base, tiles: cores.length, aiTiles: chosen.length };
}

/** Resizes to input × scale: AI ×2 then Lanczos3 to the exact size when enlarging, Lanczos3 otherwise. */
export async function upscaleImage(
  image: RgbImage,
  scaleFactor: number,
  options: UpscaleOptions = {},
): Promise<{ image: RgbImage; stats: UpscaleStats }> {
  const started = performance.now();
  const target = outputSize(image.width, image.height, scaleFactor);
  const model = options.model ?? "esrgan-slim";
  if (target.width === image.width && target.height === image.height) {
    return {
      image,
      stats: {
        ...target,
        engine: "none",
        model: null,
        tiles: 0,
        aiTiles: 0,
        ms: performance.now() - started,
      },
    };
  }
  if (target.scale <= 1 || options.mode === "lanczos") {
    const out = await resizeLanczos(image, target.width, target.height);
    return {
      image: out,
      stats: {
        ...target,
        engine: "lanczos3",
        model: null,
        tiles: 0,
        aiTiles: 0,
        ms: performance.now() - started,
      },
    };
  }
  const x2 = await upscaleX2(image, options);
  // At exactly ×2 the AI result is already the size asked for.
  const out =
    x2.image.width === target.width && x2.image.height === target.height
      ? x2.image
      : await resizeLanczos(x2.image, target.width, target.height);
  return {
    image: out,
    stats: {
      ...target,
      engine: x2.aiTiles > 0 ? "esrgan" : "lanczos3",
      model: x2.aiTiles > 0 ? model : null,
      tiles: x2.tiles,
      aiTiles: x2.aiTiles,
      ms: performance.now() - started,
    },
  };
}

/** Public entry: bytes in, JPEG (quality 100, spec 02 §3) of input × scale out. */
export async function upscale(
  input: Buffer | Uint8Array,
  scaleFactor: number,
  options: UpscaleOptions = {},
): Promise<{ jpeg: Buffer; width: number; height: number; stats: UpscaleStats }> {
  const image = await decodeImage(input);
  const { image: out, stats } = await upscaleImage(image, scaleFactor, options);
  return { jpeg: await encodeJpeg(out, 100), width: out.width, height: out.height, stats };
}
