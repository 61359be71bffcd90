/**
 * Image edit's business rules (spec 02 §2.2, §3, §5, §8, §9 "Image edit"), shared by the web page,
 * the server's intake and the provider drivers. Pure functions, no I/O.
 */
import type { TMaskColor } from "./mask.ts";

/** §9: 15 credits per output image; auto-prompt adds 5 (charged by POST /api/seedream/auto-prompt). */
export const IMAGE_EDIT_CREDITS_PER_IMAGE = 15;
export const IMAGE_EDIT_AUTO_PROMPT_CREDITS = 5;
/** §5/§9: at most 8 input images (tiles), 1 to 4 outputs. */
export const IMAGE_EDIT_MAX_INPUTS = 8;
export const IMAGE_EDIT_MIN_OUTPUTS = 1;
export const IMAGE_EDIT_MAX_OUTPUTS = 4;
/** §5: width and height clamped 1..4096, default 2048. */
export const IMAGE_EDIT_MIN_SIDE = 1;
export const IMAGE_EDIT_MAX_SIDE = 4096;
export const IMAGE_EDIT_DEFAULT_SIDE = 2048;
/** §5: seed 1..9999999999. */
export const IMAGE_EDIT_SEED_MIN = 1;
export const IMAGE_EDIT_SEED_MAX = 9_999_999_999;
/** §5: the scale slider, −2..2 step 0.05, multiplies the size by 2^value. */
export const IMAGE_EDIT_SCALE_MIN = -2;
export const IMAGE_EDIT_SCALE_MAX = 2;
export const IMAGE_EDIT_SCALE_STEP = 0.05;
/** §5: uploads jpeg/png, ≤ 50 MB, ≥ 921,600 px; after mask compositing ≤ 9,437,184 bytes. */
export const IMAGE_EDIT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_EDIT_MIN_PIXELS = 921_600;
export const IMAGE_EDIT_COMPOSITE_MAX_BYTES = 9_437_184;
/** §5: re-encode at 0.92, then 0.1 lower down to 0.5, at most 5 times. */
export const IMAGE_EDIT_JPEG_QUALITY = 0.92;
export const IMAGE_EDIT_JPEG_QUALITY_STEP = 0.1;
export const IMAGE_EDIT_JPEG_QUALITY_MIN = 0.5;
export const IMAGE_EDIT_JPEG_MAX_RETRIES = 5;
/** §4.3: auto-prompt tries 3 times, 1.5 s apart. */
export const IMAGE_EDIT_AUTO_PROMPT_TRIES = 3;
export const IMAGE_EDIT_AUTO_PROMPT_GAP_MS = 1500;
/** §9: history 9 items first, 5 after; at most 4 URLs per item; 300 ms click debounce. */
export const IMAGE_EDIT_HISTORY_FIRST_PAGE = 9;
export const IMAGE_EDIT_HISTORY_NEXT_PAGE = 5;
export const IMAGE_EDIT_HISTORY_URLS_PER_ITEM = 4;
export const IMAGE_EDIT_HISTORY_CLICK_DEBOUNCE_MS = 300;
/** §9: results shown at most 8. */
export const IMAGE_EDIT_MAX_RESULTS_SHOWN = 8;

export interface TSizePreset {
  ratio: string;
  width: number;
  height: number;
}

/** §9: the size presets, widest first. */
export const IMAGE_EDIT_SIZE_PRESETS: readonly TSizePreset[] = [
  { ratio: "21:9", width: 3024, height: 1296 },
  { ratio: "16:9", width: 2560, height: 1440 },
  { ratio: "3:2", width: 2496, height: 1664 },
  { ratio: "4:3", width: 2304, height: 1728 },
  { ratio: "1:1", width: 2048, height: 2048 },
  { ratio: "3:4", width: 1728, height: 2304 },
  { ratio: "2:3", width: 1664, height: 2496 },
  { ratio: "9:16", width: 1440, height: 2560 },
];

/** A side typed by the person: whole pixels inside 1..4096 (not a number: the default). */
export function clampSide(value: number): number {
  if (!Number.isFinite(value)) return IMAGE_EDIT_DEFAULT_SIDE;
  return Math.min(IMAGE_EDIT_MAX_SIDE, Math.max(IMAGE_EDIT_MIN_SIDE, Math.round(value)));
}

/** The scale slider's value snapped onto its 0.05 grid inside −2..2. */
export function roundScale(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const clamped = Math.min(IMAGE_EDIT_SCALE_MAX, Math.max(IMAGE_EDIT_SCALE_MIN, value));
  return Math.round(clamped / IMAGE_EDIT_SCALE_STEP) * IMAGE_EDIT_SCALE_STEP;
}

/** The size sent: width and height × 2^scale, each clamped 1..4096. */
export function scaledEditSize(
  width: number,
  height: number,
  scale: number,
): { width: number; height: number } {
  const factor = 2 ** roundScale(scale);
  return { width: clampSide(clampSide(width) * factor), height: clampSide(clampSide(height) * factor) };
}

/** The wire form of a size: "{w}x{h}" (lowercase x). */
export function formatEditSize(size: { width: number; height: number }): string {
  return `${size.width}x${size.height}`;
}

/** Parses "{w}x{h}"; null when it is not two whole numbers inside 1..4096. */
export function parseEditSize(text: string): { width: number; height: number } | null {
  const match = /^(\d{1,4})x(\d{1,4})$/.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < IMAGE_EDIT_MIN_SIDE || width > IMAGE_EDIT_MAX_SIDE) return null;
  if (height < IMAGE_EDIT_MIN_SIDE || height > IMAGE_EDIT_MAX_SIDE) return null;
  return { width, height };
}

export function randomEditSeed(random: () => number = Math.random): number {
  const span = IMAGE_EDIT_SEED_MAX - IMAGE_EDIT_SEED_MIN + 1;
  return IMAGE_EDIT_SEED_MIN + Math.min(span - 1, Math.floor(random() * span));
}

export function clampOutputs(count: number): number {
  if (!Number.isFinite(count)) return IMAGE_EDIT_MIN_OUTPUTS;
  return Math.min(IMAGE_EDIT_MAX_OUTPUTS, Math.max(IMAGE_EDIT_MIN_OUTPUTS, Math.round(count)));
}

/** §9: what a run costs before any refund. */
export function imageEditCost(numImages: number): number {
  return clampOutputs(numImages) * IMAGE_EDIT_CREDITS_PER_IMAGE;
}

/** What is given back when the provider delivered `delivered` of `requested` images. */
export function imageEditRefund(requested: number, delivered: number): number {
  const missing = Math.max(0, clampOutputs(requested) - Math.max(0, Math.floor(delivered)));
  return missing * IMAGE_EDIT_CREDITS_PER_IMAGE;
}

/**
 * §5: the JPEG qualities a composited tile is tried at, in order: 0.92, then 0.1 lower each time
 * down to 0.5, at most 5 retries after the first.
 */
export function compositeQualities(): number[] {
  const qualities = [IMAGE_EDIT_JPEG_QUALITY];
  for (let i = 1; i <= IMAGE_EDIT_JPEG_MAX_RETRIES; i++) {
    const next = Math.round((IMAGE_EDIT_JPEG_QUALITY - i * IMAGE_EDIT_JPEG_QUALITY_STEP) * 100) / 100;
    if (next < IMAGE_EDIT_JPEG_QUALITY_MIN) break;
    qualities.push(next);
  }
  return qualities;
}

/**
 * What a provider without a mask input (Seedream) is told about the mask overlay composited onto
 * the tiles (spec 02 §5, issue 25), appended after the user's own prompt, which stays as it is.
 * `masked` lists the tiles that carry an overlay (0-based index, the colour the user chose);
 * `imageCount` is how many images are sent, so a single image is "the image", not "image 1".
 */
export function maskOverlayInstruction(
  masked: ReadonlyArray<{ index: number; color: TMaskColor }>,
  imageCount: number,
): string {
  if (masked.length === 0) return "";
  const where = (index: number) => (imageCount <= 1 ? "the image" : `image ${index + 1}`);
  const colours = [...new Set(masked.map((tile) => tile.color))];
  const tint = `${colours.join(" or ")} tint`;
  if (masked.length === 1) {
    const { index, color } = masked[0]!;
    return (
      `The translucent ${color} overlay on ${where(index)} marks the area to edit. ` +
      "Change only that area and keep everything outside it exactly as it is. " +
      `The overlay is only a marker, not part of the picture: no ${tint} may remain in the result.`
    );
  }
  const list = masked.map((tile) => `${tile.color} on ${where(tile.index)}`).join(", ");
  return (
    `The translucent overlays mark the areas to edit (${list}). ` +
    "Change only those areas and keep everything outside them exactly as it is. " +
    `The overlays are only markers, not part of the pictures: no ${tint} may remain in the result.`
  );
}

/** The prompt sent to a provider without a mask input: the user's prompt, then the overlay's meaning. */
export function promptWithMaskOverlay(
  prompt: string,
  masked: ReadonlyArray<{ index: number; color: TMaskColor }>,
  imageCount: number,
): string {
  const instruction = maskOverlayInstruction(masked, imageCount);
  return instruction ? `${prompt}\n\n${instruction}` : prompt;
}

/**
 * The failure codes of an image-edit job (GET /api/seedream/status error.gyeolCode), one per row of
 * spec 02 §8's error modal. Vendor codes (Seedream's InvalidParameter.OversizeImage …, OpenAI's
 * moderation_blocked …) map onto them in the drivers (imageEditCodeOfVendor).
 */
export const IMAGE_EDIT_FAILURE_CODES = [
  "EDIT_OVERSIZE_IMAGE",
  /** Ours, before any vendor call: a tile with its mask overlay is over 9,437,184 bytes even at 0.52. */
  "EDIT_MASKED_IMAGE_TOO_LARGE",
  "EDIT_ASPECT_RATIO",
  "EDIT_INVALID_PARAMETER",
  "EDIT_SENSITIVE_CONTENT",
  "EDIT_PROVIDER_INTERNAL",
  "EDIT_PROVIDER_TIMEOUT",
  "EDIT_FAILED",
] as const;
export type TImageEditFailureCode = (typeof IMAGE_EDIT_FAILURE_CODES)[number];

/** The modal row of a vendor's error code (Seedream §1.6, OpenAI §5.4 of the vendor contracts). */
export function imageEditCodeOfVendor(vendorCode: string | null | undefined): TImageEditFailureCode {
  const code = vendorCode ?? "";
  // Already ours (the status answer's gyeolCode, or error.code of a failure no vendor named).
  if ((IMAGE_EDIT_FAILURE_CODES as readonly string[]).includes(code)) return code as TImageEditFailureCode;
  if (code === "InvalidParameter.OversizeImage") return "EDIT_OVERSIZE_IMAGE";
  // Spec's InvalidParameter.AspectRatio and the real AspectRatioTooSmall / AspectRatioTooLarge.
  if (/^InvalidParameter\.AspectRatio/.test(code)) return "EDIT_ASPECT_RATIO";
  if (code === "InvalidParameter" || code.startsWith("InvalidParameter.") || code === "MissingParameter")
    return "EDIT_INVALID_PARAMETER";
  if (code === "invalid_image_size" || code === "invalid_image" || code === "invalid_request_error")
    return "EDIT_INVALID_PARAMETER";
  if (/SensitiveContentDetected/.test(code) || code === "moderation_blocked") return "EDIT_SENSITIVE_CONTENT";
  if (code === "InternalServiceError" || code === "server_error") return "EDIT_PROVIDER_INTERNAL";
  if (code === "GatewayTimeout") return "EDIT_PROVIDER_TIMEOUT";
  return "EDIT_FAILED";
}

/**
 * §4.3: a history item is hidden unless its status is completed, success or done, it has results,
 * no error sits in its prompt, and its status does not look like a failure.
 */
export function isVisibleEditHistoryItem(item: {
  status?: string | null;
  prompt?: string | null;
  urls: readonly string[];
}): boolean {
  const status = (item.status ?? "").toLowerCase();
  if (/fail|error|denied|blocked|sensitive|invalid/.test(status)) return false;
  if (!["completed", "success", "done"].includes(status)) return false;
  if (item.urls.length === 0) return false;
  const prompt = item.prompt ?? "";
  if (prompt.startsWith("{")) {
    try {
      const parsed = JSON.parse(prompt) as Record<string, unknown>;
      if (parsed.error || parsed.error_code || parsed.errorCode) return false;
    } catch {
      // a plain prompt that starts with a brace
    }
  }
  return true;
}

/** The prompt shown for a history item: a plain string, or the `prompt` of a JSON string. */
export function editHistoryPrompt(prompt: string | null | undefined): string {
  if (!prompt) return "";
  if (prompt.startsWith("{")) {
    try {
      const parsed = JSON.parse(prompt) as { prompt?: unknown };
      if (typeof parsed.prompt === "string") return parsed.prompt;
    } catch {
      // plain text
    }
  }
  return prompt;
}

/**
 * What the vendor refuses, checked before a run so it never starts charged and then refunded
 * (issue 26; vendors/CONTRACTS.md §1 Seedream 4.0): an input image's width-to-height ratio must lie
 * in [1/3, 3], and the output must have at least 1280×720 = 921,600 pixels.
 */
export const IMAGE_EDIT_MAX_INPUT_RATIO = 3;
export const IMAGE_EDIT_MIN_OUTPUT_PIXELS = 1280 * 720;

/** The ratio limits as people read them: "1:3" and "3:1". */
export const IMAGE_EDIT_INPUT_RATIO_TEXT = {
  min: `1:${IMAGE_EDIT_MAX_INPUT_RATIO}`,
  max: `${IMAGE_EDIT_MAX_INPUT_RATIO}:1`,
} as const;

export function isEditInputRatioAllowed(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  const ratio = width / height;
  return ratio >= 1 / IMAGE_EDIT_MAX_INPUT_RATIO && ratio <= IMAGE_EDIT_MAX_INPUT_RATIO;
}

/** The output's size and pixels when it is under the vendor's minimum, else null. */
export function editOutputTooSmall(
  width: number,
  height: number,
  scale: number,
): { width: number; height: number; pixels: number } | null {
  const size = scaledEditSize(width, height, scale);
  const pixels = size.width * size.height;
  return pixels < IMAGE_EDIT_MIN_OUTPUT_PIXELS ? { ...size, pixels } : null;
}
