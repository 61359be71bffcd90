import { localizePath } from "@gyeol/shared/routes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/dates.ts";
import { usePageLocale } from "../../lib/locale.ts";

/**
 * Said under any paid tool's Run button while the credits held are below the cost (issue 26):
 * how many are needed and held, and the way to top up, before the click rather than after it.
 */
export function CreditsShortNote({
  cost,
  credits,
  isFree = false,
  testId,
}: {
  cost: number;
  credits: number;
  /** Demo mode: tools cost nothing, so nothing is short. */
  isFree?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  if (isFree || credits >= cost) return null;
  return (
    <p
      role="note"
      data-testid={testId}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-amber-50 px-3 py-2 text-[13px] text-amber-950"
    >
      {t("toolLimits.creditsShort", {
        cost: formatNumber(cost, locale),
        credits: formatNumber(credits, locale),
      })}
      <Link
        to={localizePath("/pricing", locale)}
        data-testid={`${testId}-top-up`}
        className="font-bold text-accent-700 underline underline-offset-2"
      >
        {t("toolLimits.topUp")}
      </Link>
    </p>
  );
}
