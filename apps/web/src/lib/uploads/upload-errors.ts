/**
 * Why a picked image was not uploaded, in the page's language (issue 26): the policy's own
 * refusals with the limit and the file's figure in the sentence, the presigned steps' codes, a
 * tool's own check, and the server's code for anything it answered. "Couldn't upload, try again"
 * is said only when nothing says more.
 */
import type { TLocale } from "@gyeol/shared/constants";
import { fileExtension, type TImagePolicy } from "@gyeol/shared/uploads";
import type { TFunction } from "i18next";
import { isApiError } from "../api-client.ts";
import { describeCode } from "../api-errors.ts";
import { formatNumber } from "../dates.ts";
import { describeUploadError } from "../tool-errors.ts";
import { ImagePolicyError, ImageUnreadableError, ResizeError } from "./prepare-image.ts";
import { isUploadStepCode } from "./presigned-upload.ts";

const MB = 1024 * 1024;

/** A picked file whose name or declared type the policy does not take. */
export class ImageTypeError extends Error {
  override name = "ImageTypeError";
  constructor(readonly file: { name: string; type: string }) {
    super(`The policy does not take ${file.type || file.name}.`);
  }
}

/**
 * A tool's own refusal of a picture (retouch's engine limits, image edit's ratio): `code` is the
 * server's code for it (errors.codes.*, so the page says what the server would), or `sentence`
 * when the tool words it itself.
 */
export class ImageRefusedError extends Error {
  override name = "ImageRefusedError";
  constructor(
    readonly code: string,
    readonly sentence: string | null = null,
  ) {
    super(`The tool refuses this image (${code}).`);
  }
}

/** "50" for 50 MiB, "9" for 9,437,184 bytes. */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / MB) * 10) / 10);
}

/** A policy's limits as its sentences state them ("50" MB, "960×960", "921,600" pixels). */
export function policyLimitValues(policy: TImagePolicy, locale: TLocale) {
  const side = policy.minPixels === null ? 0 : Math.ceil(Math.sqrt(policy.minPixels));
  return {
    maxMb: policy.maxBytes === null ? "" : megabytes(policy.maxBytes),
    composedMaxMb: policy.reencodeMaxBytes === null ? "" : megabytes(policy.reencodeMaxBytes),
    minSize: `${side}×${side}`,
    minPixels: policy.minPixels === null ? "" : formatNumber(policy.minPixels, locale),
  };
}

/** "JPG, PNG" for the policy's types (the extensions people know). */
export function policyTypesText(policy: TImagePolicy): string {
  return policy.types.map((type) => (type === "jpeg" ? "JPG" : type.toUpperCase())).join(", ");
}

function fileTypeText(file: { name: string; type: string }): string {
  const extension = fileExtension(file.name);
  if (extension) return extension.toUpperCase();
  return file.type || "?";
}

export function describeImageUploadError(
  error: unknown,
  policy: TImagePolicy,
  t: TFunction,
  locale: TLocale,
): string {
  if (error instanceof ImageTypeError)
    return t("tool.upload.invalidType", { types: policyTypesText(policy), type: fileTypeText(error.file) });
  if (error instanceof ImageRefusedError)
    return error.sentence ?? describeCode(error.code, t) ?? t("tool.upload.failed");
  if (error instanceof ImagePolicyError) {
    const limits = policyLimitValues(policy, locale);
    switch (error.code) {
      case "FILE_TOO_LARGE":
        return t("tool.upload.tooLarge", { size: megabytes(error.file.bytes), maxMb: limits.maxMb });
      case "IMAGE_TOO_FEW_PIXELS":
        return t("tool.upload.tooSmall", { ...limits, width: error.file.width, height: error.file.height });
      case "ENCODED_TOO_LARGE":
        return t("tool.upload.encodedTooLarge", { maxMb: limits.composedMaxMb });
    }
  }
  if (error instanceof ImageUnreadableError) return t("tool.upload.unreadable");
  if (error instanceof ResizeError) return t("tool.upload.resizeFailed");
  if (isApiError(error) && isUploadStepCode(error.code)) return t(`tool.upload.steps.${error.code}`);
  return describeUploadError(error, t);
}
