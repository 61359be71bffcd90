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
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-accent-100 bg-accent-50 px-3 text-sm font-bold text-accent-800"
    >
      <Coins aria-hidden="true" className="hidden size-4 text-accent-500 min-[400px]:block" />
      <span className="sr-only">{t("header.creditsLabel")}</span>
      <span data-testid={testId} className="tabular-nums">
        {formatNumber(displayCredits(user), locale)}
      </span>
      <span aria-hidden="true" className="hidden text-xs font-semibold text-accent-700 sm:inline">
        {t("header.creditsUnit")}
      </span>
    </span>
  );
}
