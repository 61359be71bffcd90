import { localizePath } from "@gyeol/shared/routes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageLocale } from "../../lib/locale.ts";

/** spec 02 §8: "toast asking to top up credits", with the way to do it. */
export function InsufficientCreditsToast() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <span data-testid="insufficient-credits-toast" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {t("tool.toast.insufficient")}
      <Link
        to={localizePath("/pricing", locale)}
        className="font-bold text-accent-200 underline underline-offset-2 hover:text-white"
      >
        {t("tool.toast.topUp")}
      </Link>
    </span>
  );
}
