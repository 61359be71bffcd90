import { MASK_COLOR_RGB, type TMaskColor } from "@gyeol/shared/mask";
import { maskFromPixels, type TImportedMask } from "./model.ts";
import { PAINTED, type TDirtyRect, type TRaster } from "./raster.ts";

/**
 * The thin part that needs a real browser: painting the mask on screen, reading an imported
 * mask picture and handing a file to the user. Everything it is given was computed elsewhere.
 */

/** Paints the changed part of the raster in the mask colour (the canvas element carries the 35%). */
export function paintOverlay(
  canvas: HTMLCanvasElement,
  raster: TRaster,
  color: TMaskColor,
  dirty: TDirtyRect | null,
): void {
  if (canvas.width !== raster.width || canvas.height !== raster.height) {
    canvas.width = raster.width;
    canvas.height = raster.height;
    dirty = { x0: 0, y0: 0, x1: raster.width, y1: raster.height };
  }
  if (!dirty) return;
  const context = canvas.getContext("2d");
  if (!context) return;
  const width = dirty.x1 - dirty.x0;
  const height = dirty.y1 - dirty.y0;
  if (width <= 0 || height <= 0) return;
  const image = context.createImageData(width, height);
  const [red, green, blue] = MASK_COLOR_RGB[color];
  for (let y = 0; y < height; y += 1) {
    const source = (dirty.y0 + y) * raster.width + dirty.x0;
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 4;
      const isPainted = raster.alpha[source + x] === PAINTED;
      image.data[o] = red;
      image.data[o + 1] = green;
      image.data[o + 2] = blue;
      image.data[o + 3] = isPainted ? 255 : 0;
    }
  }
  context.putImageData(image, dirty.x0, dirty.y0);
}

export class MaskImageError extends Error {}

/**
 * Reads a mask picture the user brought, drawn at the image's size (nearest pixel, so edges stay
 * hard). isStretched says its shape differed from the photo's by more than 1%.
 */
export async function loadMaskFile(
  file: Blob,
  width: number,
  height: number,
): Promise<{ mask: TImportedMask; isStretched: boolean }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (error) {
    throw new MaskImageError("The file is not a picture this browser can read.", { cause: error });
  }
  try {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new MaskImageError("No 2D canvas.");
    context.imageSmoothingEnabled = false;
    context.drawImage(bitmap, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height).data;
    const isStretched = Math.abs(bitmap.width / bitmap.height / (width / height) - 1) > 0.01;
    return { mask: maskFromPixels(pixels, width, height), isStretched };
  } finally {
    bitmap.close();
  }
}

/** Hands a file to the user as a download (a blob URL is same-origin, so `download` is honoured). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a moment later the URL may go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
