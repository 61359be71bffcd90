/**
 * What each tool accepts as an uploaded image and what the page does to it before uploading
 * (spec 02 §5, §9): types, bytes, minimum pixels, the resize rule and the re-encode steps. The web's
 * lib/uploads reads a tool's policy; the server checks the same limits again.
 */
import {
  compositeQualities,
  IMAGE_EDIT_COMPOSITE_MAX_BYTES,
  IMAGE_EDIT_MIN_PIXELS,
  IMAGE_EDIT_UPLOAD_MAX_BYTES,
} from "./image-edit.ts";
import { computeAutoResize, type TAutoResize } from "./retouch.ts";

export type TImageType = "jpeg" | "png" | "webp" | "gif";

export type TResizeRule =
  | { kind: "none" }
  /** spec 02 §5 Retouch: the tier by width + height, then the shorter side raised to 1000 px. */
  | { kind: "retouch-tiers" }
  /** Downscaled so width + height is about `sumPx`, never enlarged (spec 02 §5/§9 Face edit: 3000). */
  | { kind: "sum-target"; sumPx: number };

export interface TImagePolicy {
  types: readonly TImageType[];
  /** File-name extensions the picker and the drop zone take (the server reads the real type). */
  extensions: readonly string[];
  /** Largest file accepted as it is picked; null: no client-side limit. */
  maxBytes: number | null;
  /** Fewest pixels (width × height) accepted; null: none. */
  minPixels: number | null;
  resize: TResizeRule;
  /**
   * JPEG qualities tried in order when the page re-encodes, until the file is at most
   * `reencodeMaxBytes` (the first one alone when there is no such limit).
   */
  jpegQualities: readonly number[];
  reencodeMaxBytes: number | null;
  /**
   * Re-encode every picked image as JPEG (drawn upright), not only a resized or too heavy one:
   * image edit's tiles are all composited and capped after encoding (spec 02 §5).
   */
  alwaysReencode?: boolean;
}

const MIME: Record<TImageType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

export const IMAGE_POLICIES = {
  /** spec 02 §5 Retouch: jpg, jpeg and png; the resize tiers; JPEG quality 0.9. */
  retouch: {
    types: ["jpeg", "png"],
    extensions: ["jpg", "jpeg", "png"],
    maxBytes: null,
    minPixels: null,
    resize: { kind: "retouch-tiers" },
    jpegQualities: [0.9],
    reencodeMaxBytes: null,
  },
  /** spec 02 §2.4, §5, §9 Face edit: JPG/PNG, downscaled so width + height ≈ 3000. */
  faceEdit: {
    types: ["jpeg", "png"],
    extensions: ["jpg", "jpeg", "png"],
    maxBytes: null,
    minPixels: null,
    resize: { kind: "sum-target", sumPx: 3000 },
    jpegQualities: [0.9],
    reencodeMaxBytes: null,
  },
  /**
   * spec 02 §5, §9 Image edit: jpeg and png only (the vendor's own types), up to 50 MB, at least
   * 921,600 pixels, and at most 9 MB (9,437,184 bytes) after compositing; the quality steps down
   * 0.92, 0.82 … 0.52 until the file fits. The numbers are image-edit.ts's, the page reads them here.
   */
  imageEdit: {
    types: ["jpeg", "png"],
    extensions: ["jpg", "jpeg", "png"],
    maxBytes: IMAGE_EDIT_UPLOAD_MAX_BYTES,
    minPixels: IMAGE_EDIT_MIN_PIXELS,
    resize: { kind: "none" },
    jpegQualities: compositeQualities(),
    reencodeMaxBytes: IMAGE_EDIT_COMPOSITE_MAX_BYTES,
    alwaysReencode: true,
  },
  /** spec 02 §9 Consistency: a reference image in png, webp or jpg. */
  consistency: {
    types: ["jpeg", "png", "webp"],
    extensions: ["jpg", "jpeg", "png", "webp"],
    maxBytes: null,
    minPixels: null,
    resize: { kind: "none" },
    jpegQualities: [0.9],
    reencodeMaxBytes: null,
  },
  /**
   * spec 02 §5 Chat: only image files, sent with the message; the server reads the type from the
   * bytes (JPEG, PNG, WebP, GIF: what the browser shows) and scales them for the model itself.
   */
  chat: {
    types: ["jpeg", "png", "webp", "gif"],
    extensions: ["jpg", "jpeg", "png", "webp", "gif"],
    maxBytes: null,
    minPixels: null,
    resize: { kind: "none" },
    jpegQualities: [0.9],
    reencodeMaxBytes: null,
  },
} as const satisfies Record<string, TImagePolicy>;

export type TImagePolicyName = keyof typeof IMAGE_POLICIES;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** True when the file's name has one of the policy's extensions. */
export function isAllowedFileName(policy: TImagePolicy, name: string): boolean {
  return policy.extensions.includes(fileExtension(name));
}

/** True when the file's declared type is one of the policy's ("image/jpeg" for jpeg …). */
export function isAllowedFileType(policy: TImagePolicy, mime: string): boolean {
  return policy.types.some((type) => MIME[type] === mime);
}

/** The file input's `accept`: the MIME types, then the extensions ("image/jpeg,…,.jpg,…"). */
export function acceptAttribute(policy: TImagePolicy): string {
  return [...policy.types.map((type) => MIME[type]), ...policy.extensions.map((ext) => `.${ext}`)].join(",");
}

/** The size the page uploads an image of this size at. */
export function planImageResize(policy: TImagePolicy, width: number, height: number): TAutoResize {
  const rule = policy.resize;
  switch (rule.kind) {
    case "none":
      return { width, height, isResized: false, isMinSideApplied: false };
    case "retouch-tiers":
      return computeAutoResize(width, height);
    case "sum-target": {
      if (width + height <= rule.sumPx) return { width, height, isResized: false, isMinSideApplied: false };
      const factor = rule.sumPx / (width + height);
      return {
        width: Math.max(1, Math.round(width * factor)),
        height: Math.max(1, Math.round(height * factor)),
        isResized: true,
        isMinSideApplied: false,
      };
    }
  }
}

export type TImagePolicyProblem = "FILE_TOO_LARGE" | "IMAGE_TOO_FEW_PIXELS";

/** Why the policy refuses a picked file of this size, or null when it takes it. */
export function findImagePolicyProblem(
  policy: TImagePolicy,
  file: { bytes: number; width: number; height: number },
): TImagePolicyProblem | null {
  if (policy.maxBytes !== null && file.bytes > policy.maxBytes) return "FILE_TOO_LARGE";
  if (policy.minPixels !== null && file.width * file.height < policy.minPixels) return "IMAGE_TOO_FEW_PIXELS";
  return null;
}
