import { ZLoginLimitDetails } from "@gyeol/shared/contracts/rate-limit";
import type { TFunction } from "i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";

/**
 * A login limit's 429 (details.scope account or network): which limit, how long to wait and
 * what else works (signin.limits). Null for any other failure.
 */
function describeLoginLimit(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || error.code !== "RATE_LIMITED") return null;
  const parsed = ZLoginLimitDetails.safeParse(error.details);
  if (!parsed.success) return null;
  const { scope, retryAfterSeconds } = parsed.data;
  const wait =
    retryAfterSeconds < 60
      ? t("signin.limits.seconds", { count: retryAfterSeconds })
      : t("signin.limits.minutes", { count: Math.ceil(retryAfterSeconds / 60) });
  return t(`signin.limits.${scope}`, { wait });
}

/** Our translation of the sign-in codes (signin.codes), else the shared catalogue (api-errors.ts). */
export function describeAuthError(error: unknown, t: TFunction, fallback: string): string {
  const limit = describeLoginLimit(error, t);
  if (limit) return limit;
  if (isApiError(error)) {
    const key = `signin.codes.${error.code}`;
    if (i18n.exists(key)) return t(key as "errors.generic");
  }
  return describeError(error, t, fallback);
}

/** The purge date of a 409 ACCOUNT_PENDING_DELETION, or null for any other failure. */
export function pendingDeletionDate(error: unknown): string | null {
  if (!isApiError(error) || error.code !== "ACCOUNT_PENDING_DELETION") return null;
  const details = error.details as { purgeAt?: unknown } | undefined;
  return typeof details?.purgeAt === "string" ? details.purgeAt : "";
}
