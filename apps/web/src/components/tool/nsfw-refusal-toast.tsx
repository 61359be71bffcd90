import { useTranslation } from "react-i18next";
import { env } from "../../lib/env.ts";

/** Long enough to read the two sentences and reach the link (react-hot-toast's error default is 4 s). */
export const NSFW_TOAST_MS = 12_000;

/**
 * spec 02 §8 NSFW_CONTENT_DETECTED: what was refused and why, and what the user can do about an
 * ordinary photo that was refused (a different crop, or support, with the way to reach it).
 */
export function NsfwRefusalToast() {
  const { t } = useTranslation();
  return (
    <span data-testid="nsfw-refusal-toast" className="flex flex-col gap-1">
      <span>{t("tool.toast.nsfw")}</span>
      <a
        href={`mailto:${env.supportEmail}`}
        className="self-start font-bold text-accent-200 underline underline-offset-2 hover:text-white"
      >
        {t("tool.toast.nsfwSupport")}
      </a>
    </span>
  );
}
