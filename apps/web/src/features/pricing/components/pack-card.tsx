import type { CreditPackInfo } from "@gyeol/shared/plans";
import { Coins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";

interface PackCardProps {
  pack: CreditPackInfo;
  isBestValue: boolean;
  isLoading: boolean;
  isDisabled: boolean;
  onBuy: () => void;
}

/** A one-time credit pack (spec 01 §3); figures from CREDIT_PACK_CATALOG. */
export function PackCard({ pack, isBestValue, isLoading, isDisabled, onBuy }: PackCardProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const per100 = `$${((pack.priceUsd / pack.credits) * 100).toFixed(2)}`;
  return (
    <article
      data-testid={`pricing-pack-${pack.id}`}
      className={cn(
        "relative flex flex-col rounded-3xl border bg-surface p-6 shadow-soft",
        isBestValue ? "border-accent-300 ring-1 ring-accent-200" : "border-line",
      )}
    >
      {isBestValue && (
        <span className="absolute -top-3 left-6 rounded-full bg-accent-600 px-3 py-1 text-xs font-bold text-white shadow-soft">
          {t("pricing.packs.bestValue")}
        </span>
      )}
      <h3 className="text-lg font-bold text-ink">{pack.name}</h3>
      <p className="mt-1 text-xs font-medium text-muted">{t("pricing.packs.oneTime")}</p>
      <p className="mt-5 flex items-center gap-2 text-2xl font-extrabold tracking-tight text-ink">
        <Coins aria-hidden="true" className="size-5 text-accent-600" />
        {t("pricing.packs.credits", { value: formatNumber(pack.credits, locale) })}
      </p>
      <p className="mt-1 text-sm text-muted">{t("pricing.packs.perCredit", { value: per100 })}</p>
      <p className="mt-5 text-3xl font-extrabold tracking-tight text-ink">${pack.priceUsd}</p>
      <Button
        data-testid={`pack-button-${pack.id}`}
        variant={isBestValue ? "primary" : "dark"}
        className="mt-6 w-full"
        disabled={isDisabled}
        isLoading={isLoading}
        onClick={onBuy}
      >
        {t("pricing.packs.buy")}
      </Button>
    </article>
  );
}
