import { POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import type { TFunction } from "i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeCode, describeError } from "../../../lib/api-errors.ts";

/** The retouch error catalogue of spec 02 §8 "Retouch". */
export type TRetouchErrorKind = "insufficientCredits" | "nsfw" | "maintenance" | "other";

export function classifyRetouchError(error: unknown): TRetouchErrorKind {
  if (!isApiError(error)) return "other";
  if (error.code === "INSUFFICIENT_CREDITS") return "insufficientCredits";
  if (error.code === "NSFW_CONTENT_DETECTED") return "nsfw";
  if (error.status === 503 || error.code === "MAINTENANCE") return "maintenance";
  return "other";
}

/** The sentence for an error that has no special toast: ours for known codes, else the server's. */
export function describeRetouchError(error: unknown, t: TFunction): string {
  switch (classifyRetouchError(error)) {
    case "insufficientCredits":
      return t("retouch.toast.insufficient");
    case "nsfw":
      return t("retouch.toast.nsfw");
    case "maintenance":
      return t("retouch.toast.maintenance");
    default: {
      const detail = describeError(error, t, "");
      return detail ? t("retouch.errors.withMessage", { message: detail }) : t("retouch.errors.generic");
    }
  }
}

/** The client's own code for a job it stopped following after the polling cap (spec 02 §4.1). */
export { POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";

/**
 * Why a job failed, in the page's language: the status answer's `code` (ENGINE_FAILED,
 * JOB_ABANDONED, an engine or provider code …) translated, never its English `error`.
 */
export function describeJobFailure(code: string | null, t: TFunction): string {
  if (code === POLL_TIMEOUT_CODE) return t("retouch.errors.timeout");
  return describeCode(code, t) ?? t("retouch.errors.generic");
}
