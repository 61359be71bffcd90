import type { TFunction } from "i18next";
import { isApiError } from "./api-client.ts";
import { i18n } from "./i18n/i18n.ts";

/**
 * What the user reads for a failed call: our translation of a known code, else the server's
 * own `error` sentence, else the screen's fallback (ARCHITECTURE "Rules", spec 01 §8).
 */
export function describeError(error: unknown, t: TFunction, fallback: string): string {
  if (isApiError(error)) {
    const key = `errors.codes.${error.code}`;
    if (i18n.exists(key)) return t(key as "errors.generic");
    if (error.message) return error.message;
  }
  return fallback;
}
