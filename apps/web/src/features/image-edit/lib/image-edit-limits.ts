/**
 * Image edit's limits as its sentences state them, from shared/uploads.ts and shared/image-edit.ts
 * (issue 26: the numbers are never copied into a string).
 */
import type { TLocale } from "@gyeol/shared/constants";
import { IMAGE_EDIT_INPUT_RATIO_TEXT } from "@gyeol/shared/image-edit";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { policyLimitValues } from "../../../lib/uploads/upload-errors.ts";

export function imageEditLimitValues(locale: TLocale) {
  return {
    ...policyLimitValues(IMAGE_POLICIES.imageEdit, locale),
    minRatio: IMAGE_EDIT_INPUT_RATIO_TEXT.min,
    maxRatio: IMAGE_EDIT_INPUT_RATIO_TEXT.max,
  };
}
