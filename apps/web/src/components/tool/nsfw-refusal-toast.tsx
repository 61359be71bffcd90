import { useTranslation } from "react-i18next";
import { useOperator } from "../../lib/operator.ts";

/** Long enough to read the two sentences and reach the link (react-hot-toast's error default is 4 s). */
export const NSFW_TOAST_MS = 12_000;

/**
 * spec 02 §8 NSFW_CONTENT_DETECTED: what was refused and why, and what the user can do about an
 * ordinary photo that was refused (a different crop, or support, with the way to reach it).
 */
export function NsfwRefusalToast() {
  const { t, i18n } = useTranslation();
  // The toast lives beside the routes, so the language comes from the translator, not the path.
  const { supportEmail } = useOperator(i18n.language === "en" ? "en" : "ko");
  return (
    <span data-testid="nsfw-refusal-toast" className="flex flex-col gap-1">
      <span>{t("tool.toast.nsfw")}</span>
      {supportEmail !== undefined && (
        <a
          href={`mailto:${supportEmail}`}
          className="self-start font-bold text-accent-200 underline underline-offset-2 hover:text-white"
        >
          {t("tool.toast.nsfwSupport")}
        </a>
      )}
    </span>
  );
}
