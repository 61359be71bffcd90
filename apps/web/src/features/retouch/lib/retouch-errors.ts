import { POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import type { TFunction } from "i18next";
import { describeCode, describeError } from "../../../lib/api-errors.ts";
import { describeToolError } from "../../../lib/tool-errors.ts";

/** The client's own code for a job it stopped following after the polling cap (spec 02 §4.1). */
export { POLL_TIMEOUT_CODE };

/** The sentence for a start or upload error: the platform's for credits/NSFW/maintenance, else ours. */
export function describeRetouchError(error: unknown, t: TFunction): string {
  const known = describeToolError(error, t);
  if (known) return known;
  const detail = describeError(error, t, "");
  return detail ? t("retouch.errors.withMessage", { message: detail }) : t("retouch.errors.generic");
}

/**
 * Why a job failed, in the page's language: the status answer's `code` (ENGINE_FAILED,
 * JOB_ABANDONED, an engine or provider code …) translated, never its English `error`.
 */
export function describeJobFailure(code: string | null, t: TFunction): string {
  if (code === POLL_TIMEOUT_CODE) return t("retouch.errors.timeout");
  return describeCode(code, t) ?? t("retouch.errors.generic");
}
