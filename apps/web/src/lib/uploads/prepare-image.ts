import type { TAutoResize } from "@gyeol/shared/retouch";
import {
  findImagePolicyProblem,
  planImageResize,
  type TImagePolicy,
  type TImagePolicyProblem,
} from "@gyeol/shared/uploads";

/**
 * What happens to a picked image before it is uploaded, for any tool (spec 02 §5): its size is
 * read, the tool's policy (shared/uploads) is checked and its resize rule applied, and the pixels
 * are redrawn on a canvas and encoded as JPEG, stepping the quality down where the policy caps the
 * encoded size. Hand-written on purpose: no compression library is installed, and what one would
 * do here is this one loop over `canvas.toBlob` (issue 26, item 7).
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

/** The browser could not read the picked file as a picture (a resize error too, for older callers). */
export class ImageUnreadableError extends ResizeError {
  override name = "ImageUnreadableError";
}

/**
 * A picked file the tool's policy refuses: too many bytes, too few pixels, or still over the
 * policy's encoded-size cap at its lowest JPEG quality. `file` is what was measured, for the
 * sentence ("this image is 800×600").
 */
export class ImagePolicyError extends Error {
  override name = "ImagePolicyError";
  constructor(
    readonly code: TImagePolicyProblem | "ENCODED_TOO_LARGE",
    readonly file: { bytes: number; width: number; height: number } = { bytes: 0, width: 0, height: 0 },
  ) {
    super(`The image does not meet the tool's limits (${code}).`);
  }
}

export async function decodeWithBitmap(file: Blob): Promise<TDecodedImage> {
  // Upright as the camera meant it (the EXIF orientation applied), as the picture is shown.
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
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

export interface TPrepareOptions {
  decode?: (file: Blob) => Promise<TDecodedImage>;
  /** The tool's own refusals on the decoded and planned sizes (throw to refuse). */
  check?: (original: { width: number; height: number }, planned: TAutoResize) => void;
}

/** Reads the size, checks the policy, resizes and re-encodes where it asks, and returns what to upload. */
export async function prepareImage(
  file: File,
  policy: TImagePolicy,
  { decode = decodeWithBitmap, check }: TPrepareOptions = {},
): Promise<TPreparedUpload> {
  let image: TDecodedImage;
  try {
    image = await decode(file);
  } catch (error) {
    throw new ImageUnreadableError(error instanceof Error ? error.message : "The image could not be read.");
  }
  try {
    const original = { width: image.width, height: image.height };
    const measured = { bytes: file.size, ...original };
    const problem = findImagePolicyProblem(policy, measured);
    if (problem) throw new ImagePolicyError(problem, measured);
    const resize = planImageResize(policy, image.width, image.height);
    check?.(original, resize);
    const isTooHeavy = policy.reencodeMaxBytes !== null && file.size > policy.reencodeMaxBytes;
    if (!resize.isResized && !isTooHeavy && !policy.alwaysReencode) {
      return { blob: file, filename: file.name, width: image.width, height: image.height, original, resize };
    }
    let blob: Blob | null = null;
    for (const quality of policy.jpegQualities) {
      blob = await image.encodeJpeg(resize.width, resize.height, quality);
      if (policy.reencodeMaxBytes === null || blob.size <= policy.reencodeMaxBytes) break;
    }
    if (!blob) throw new ResizeError("The policy names no JPEG quality.");
    if (policy.reencodeMaxBytes !== null && blob.size > policy.reencodeMaxBytes)
      throw new ImagePolicyError("ENCODED_TOO_LARGE", { bytes: blob.size, ...original });
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
