/**
 * Recognises an image from its first bytes (ARCHITECTURE "Uploads are untrusted: the type is read
 * from the bytes, not the name"). Only the formats browsers show everywhere: JPEG, PNG, GIF, WebP.
 * SVG is deliberately absent: it is a document that can carry script.
 */

export type TImageType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

export interface ImageTypeInfo {
  mime: TImageType;
  /** The extension our storage keys use; never taken from the uploaded name. */
  extension: "jpg" | "png" | "gif" | "webp";
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/** How many leading bytes `detectImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

export function detectImageType(bytes: Uint8Array): ImageTypeInfo | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, PNG_SIGNATURE)) return { mime: "image/png", extension: "png" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")))
    return { mime: "image/gif", extension: "gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { mime: "image/webp", extension: "webp" };
  return null;
}

const MIME_BY_EXTENSION: Record<ImageTypeInfo["extension"], TImageType> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

/** The content type for one of our own keys (they end in an extension we chose). */
export function mimeForExtension(extension: string): TImageType | null {
  return MIME_BY_EXTENSION[extension as ImageTypeInfo["extension"]] ?? null;
}
