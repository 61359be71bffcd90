import type { TFunction } from "i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";

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
