import { DEFAULT_DISPLAY_CREDITS } from "@gyeol/shared/constants";
import { Coins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * What the header shows: everything the user can spend, bonus credits included (they are spent
 * last, CREDIT_SPENDING_ORDER, but they are spendable). spec 01 §2: a user without a credits value
 * is shown 1000.
 */
export function displayCredits(user: { credits?: unknown; bonus_credits?: unknown }): number {
  if (!isCount(user.credits)) return DEFAULT_DISPLAY_CREDITS;
  return user.credits + (isCount(user.bonus_credits) ? user.bonus_credits : 0);
}

interface CreditsChipProps {
  user: { credits?: unknown; bonus_credits?: unknown };
  /** header-credits in the header bar; another id where a second copy is on screen. */
  testId?: string;
}

export function CreditsChip({ user, testId = "header-credits" }: CreditsChipProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <span
      title={t("header.creditsLabel")}
      data-testid={`${testId}-chip`}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-accent-100 bg-accent-50 px-2 text-sm font-bold text-accent-800 sm:px-3"
    >
      <Coins aria-hidden="true" className="hidden size-4 text-accent-500 sm:block" />
      <span className="sr-only">{t("header.creditsLabel")}</span>
      {/* A phone's header has room for the figure with its unit stacked under it, not beside it
          (issue 30: the unit went missing at 390 px); from sm up, side by side with the coin. */}
      <span className="flex flex-col items-center leading-none sm:flex-row sm:items-baseline sm:gap-1.5">
        <span data-testid={testId} className="text-[13px] tabular-nums sm:text-sm">
          {formatNumber(displayCredits(user), locale)}
        </span>
        <span
          aria-hidden="true"
          data-testid={`${testId}-unit`}
          className="mt-0.5 text-[9.5px] font-semibold text-accent-700 sm:mt-0 sm:text-xs"
        >
          {t("header.creditsUnit")}
        </span>
      </span>
    </span>
  );
}
