/**
 * Reference-image generation on Kling (spec 02 §2.3 "Consistency generation", §5 "Consistency",
 * §9 "Consistency"): one copy of its rules for the page, the intake and the driver.
 */
import { IMAGE_POLICIES, isAllowedFileName, isAllowedFileType } from "./uploads.ts";

/** §9: 15 credits per image; the button shows 15 × the count. */
export const GENERATION_CREDITS_PER_IMAGE = 15;
/** §9: the edit tab's rewrite costs 3 credits. */
export const GENERATION_REWRITE_CREDITS = 3;
/** §5, §9: 1 to 4 images; the result grid has 4 cells. */
export const GENERATION_MIN_IMAGES = 1;
export const GENERATION_MAX_IMAGES = 4;
/** Kling's prompt limit (vendors CONTRACTS §2.3). */
export const GENERATION_PROMPT_MAX = 2500;
/** §7: the history card reads 25 groups first, then 10 per Load more; the local cache keeps 50. */
export const GENERATION_HISTORY_FIRST_PAGE = 25;
export const GENERATION_HISTORY_NEXT_PAGE = 10;
export const GENERATION_LOCAL_HISTORY_MAX = 50;
/** Reference and character images a run takes at most (Kling's multi-reference takes 1–4 subjects). */
export const GENERATION_MAX_CHARACTER_IMAGES = 4;
export const GENERATION_MAX_REFERENCE_IMAGES = 1;

/** §5: aspect ratios as the page names them, 1x1 first (the default). */
export const GENERATION_ASPECT_RATIOS = ["1x1", "3x4", "9x16", "4x3", "16x9", "2x3", "3x2"] as const;
export type TGenerationAspectRatio = (typeof GENERATION_ASPECT_RATIOS)[number];
export const DEFAULT_GENERATION_ASPECT_RATIO: TGenerationAspectRatio = "1x1";

/** Kling's spelling of an aspect ratio (`16:9`). */
export function klingAspectRatio(ratio: TGenerationAspectRatio): string {
  return ratio.replace("x", ":");
}

/** §5: uploads end in jpg, jpeg, png or webp. */
/** A picked character or reference file: the consistency image policy's types (uploads.ts). */
export function isAllowedGenerationFile(file: { name: string; type: string }): boolean {
  const policy = IMAGE_POLICIES.consistency;
  return isAllowedFileName(policy, file.name) && (file.type === "" || isAllowedFileType(policy, file.type));
}

/** Kling's reference modes for the character image (CONTRACTS §2.3 `image_reference`). */
export const CHARACTER_MODES = ["subject", "face"] as const;
export type TCharacterMode = (typeof CHARACTER_MODES)[number];

export function generationCost(numImages: number): number {
  return GENERATION_CREDITS_PER_IMAGE * numImages;
}

/** §5: a run needs a reference image or a prompt that is not blank. */
export function canGenerate(input: { prompt: string; hasReference: boolean }): boolean {
  return input.hasReference || input.prompt.trim().length > 0;
}
