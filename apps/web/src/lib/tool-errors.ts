import type { TFunction } from "i18next";
import { isApiError } from "./api-client.ts";
import { describeError } from "./api-errors.ts";

/** The start and upload refusals every paid tool answers alike (spec 02 §8). */
export type TToolErrorKind = "insufficientCredits" | "nsfw" | "maintenance" | "other";

export function classifyToolError(error: unknown): TToolErrorKind {
  if (!isApiError(error)) return "other";
  if (error.code === "INSUFFICIENT_CREDITS") return "insufficientCredits";
  if (error.code === "NSFW_CONTENT_DETECTED") return "nsfw";
  if (error.status === 503 || error.code === "MAINTENANCE") return "maintenance";
  return "other";
}

/** The sentence for one of those refusals; null for any other error (the tool words it). */
export function describeToolError(error: unknown, t: TFunction): string | null {
  switch (classifyToolError(error)) {
    case "insufficientCredits":
      return t("tool.toast.insufficient");
    case "nsfw":
      return t("tool.toast.nsfw");
    case "maintenance":
      return t("tool.toast.maintenance");
    default:
      return null;
  }
}

/** What failed, as a dialog's title or a toast's first words (issue 26). */
export type TFailedStep = "upload" | "run" | "download";

/**
 * Why an upload failed, from the server's code (a GIF named .jpg: UNSUPPORTED_IMAGE_TYPE's
 * sentence), "couldn't upload, try again" only when nothing says more.
 */
export function describeUploadError(error: unknown, t: TFunction): string {
  return describeToolError(error, t) ?? describeError(error, t, t("tool.upload.failed"));
}

/** A toast's sentence headed by what failed: "Upload failed — Only …". */
export function titledFailure(step: TFailedStep, reason: string, t: TFunction): string {
  return t("toolLimits.titled", { title: t(`toolLimits.errorTitles.${step}`), reason });
}
