import {
  AUTO_RESIZE_JPEG_QUALITY,
  computeAutoResize,
  ENGINE_MAX_ASPECT_RATIO,
  findEngineInputProblem,
  type TAutoResize,
  type TEngineInputProblem,
} from "@gyeol/shared/retouch";

/**
 * Client-side auto-resize before upload (spec 02 §5 "Retouch"): the tier comes from the shared
 * computeAutoResize; the pixels are redrawn on a canvas and encoded as JPEG at quality 0.9.
 */

export interface TDecodedImage {
  width: number;
  height: number;
  /** Draws the image scaled to the given size and encodes it as JPEG. */
  encodeJpeg: (width: number, height: number, quality: number) => Promise<Blob>;
  close: () => void;
}

export interface TPreparedUpload {
  blob: Blob;
  filename: string;
  width: number;
  height: number;
  original: { width: number; height: number };
  resize: TAutoResize;
}

export class ResizeError extends Error {
  override name = "ResizeError";
}

/**
 * An image the engine cannot process (packages/shared ENGINE_*), found before uploading; `code`
 * is the server's error code for it, so the page says the same thing either way.
 */
export class ImageLimitError extends Error {
  override name = "ImageLimitError";
  constructor(readonly code: TEngineInputProblem) {
    super(`The engine cannot process this image (${code}).`);
  }
}

async function decodeWithBitmap(file: Blob): Promise<TDecodedImage> {
  const bitmap = await createImageBitmap(file);
  return {
    width: bitmap.width,
    height: bitmap.height,
    close: () => bitmap.close(),
    encodeJpeg: (width, height, quality) =>
      new Promise<Blob>((resolve, reject) => {
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext("2d");
        if (!context) {
          reject(new ResizeError("Canvas 2D is not available."));
          return;
        }
        context.imageSmoothingQuality = "high";
        context.drawImage(bitmap, 0, 0, width, height);
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new ResizeError("The image could not be encoded."))),
          "image/jpeg",
          quality,
        );
      }),
  };
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot === -1 ? name : name.slice(0, dot)}.jpg`;
}

/** Reads the size, applies the resize tier when one applies, and returns what to upload. */
export async function prepareRetouchUpload(
  file: File,
  decode: (file: Blob) => Promise<TDecodedImage> = decodeWithBitmap,
): Promise<TPreparedUpload> {
  let image: TDecodedImage;
  try {
    image = await decode(file);
  } catch (error) {
    throw new ResizeError(error instanceof Error ? error.message : "The image could not be read.");
  }
  try {
    const original = { width: image.width, height: image.height };
    // The shape survives the resize, and raising the short side of a 20000×2 strip to 1000 px
    // would ask the canvas for ten million pixels a row: refused before anything is drawn.
    const longer = Math.max(image.width, image.height);
    if (longer > ENGINE_MAX_ASPECT_RATIO * Math.min(image.width, image.height))
      throw new ImageLimitError("IMAGE_ASPECT_RATIO_UNSUPPORTED");
    const resize = computeAutoResize(image.width, image.height);
    const problem = findEngineInputProblem(resize.width, resize.height);
    if (problem) throw new ImageLimitError(problem);
    if (!resize.isResized) {
      return { blob: file, filename: file.name, width: image.width, height: image.height, original, resize };
    }
    const blob = await image.encodeJpeg(resize.width, resize.height, AUTO_RESIZE_JPEG_QUALITY);
    return {
      blob,
      filename: jpegName(file.name),
      width: resize.width,
      height: resize.height,
      original,
      resize,
    };
  } finally {
    image.close();
  }
}

/** The natural size of an image already on the server (handoff from another page). */
export function readImageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new ResizeError("The image could not be loaded."));
    img.src = url;
  });
}
