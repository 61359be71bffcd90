/**
 * Image edit's limits as its sentences state them, from shared/uploads.ts and shared/image-edit.ts
 * (issue 26: the numbers are never copied into a string).
 */
import type { TLocale } from "@gyeol/shared/constants";
import { IMAGE_EDIT_INPUT_RATIO_TEXT } from "@gyeol/shared/image-edit";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { formatNumber } from "../../../lib/dates.ts";

const MB = 1024 * 1024;
const POLICY = IMAGE_POLICIES.imageEdit;

/** "50" for 50 MiB, "9" for 9,437,184 bytes. */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / MB) * 10) / 10);
}

export function imageEditLimitValues(locale: TLocale) {
  const side = Math.ceil(Math.sqrt(POLICY.minPixels));
  return {
    maxMb: megabytes(POLICY.maxBytes),
    composedMaxMb: megabytes(POLICY.reencodeMaxBytes),
    minSize: `${side}×${side}`,
    minPixels: formatNumber(POLICY.minPixels, locale),
    minRatio: IMAGE_EDIT_INPUT_RATIO_TEXT.min,
    maxRatio: IMAGE_EDIT_INPUT_RATIO_TEXT.max,
  };
}
