import type { PlanInfo } from "@gyeol/shared/plans";
import { Check, Coins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../lib/dates.ts";
import type { en } from "../lib/i18n/en.ts";
import { usePageLocale } from "../lib/locale.ts";
import { cn } from "./ui/cn.ts";

type TPlanFeatureKey = keyof typeof en.plans.features;

interface PlanCardDetailsProps {
  plan: PlanInfo;
  isFeatured: boolean;
  /** The page's own wording: landing and pricing say these in their own voice. */
  tagline: string;
  perMonth: string;
  creditsLabel: (formattedCredits: string) => string;
  creditsTestId?: string;
}

/**
 * What every plan card shows, from PLAN_CATALOG (spec 01 §3): name, tagline, price, monthly
 * credits and features. The landing and pricing cards wrap it with their own badge and button.
 */
export function PlanCardDetails({
  plan,
  isFeatured,
  tagline,
  perMonth,
  creditsLabel,
  creditsTestId,
}: PlanCardDetailsProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const muted = isFeatured ? "text-white/65" : "text-muted";
  return (
    <>
      <h3 className="text-xl font-bold">{t(`plans.names.${plan.id}`)}</h3>
      <p className={cn("mt-1 text-sm", muted)}>{tagline}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight">${plan.priceUsd}</span>
        <span className={cn("text-[15px] font-medium", muted)}>{perMonth}</span>
      </p>
      <p
        data-testid={creditsTestId}
        className={cn(
          "mt-4 inline-flex items-center gap-2 self-start rounded-full px-3 py-1.5 text-sm font-semibold",
          isFeatured ? "bg-white/10 text-white" : "bg-accent-50 text-accent-800",
        )}
      >
        <Coins aria-hidden="true" className="size-4" />
        {creditsLabel(formatNumber(plan.monthlyCredits, locale))}
      </p>
      <ul
        className={cn(
          "mt-6 flex flex-1 flex-col gap-3 border-t pt-6",
          isFeatured ? "border-white/15" : "border-line",
        )}
      >
        {plan.featureKeys.map((key) => (
          <li key={key} className="flex items-start gap-2.5 text-[15px]">
            <Check
              aria-hidden="true"
              strokeWidth={2.5}
              className={cn("mt-0.5 size-4.5 shrink-0", isFeatured ? "text-accent-300" : "text-accent-600")}
            />
            {t(`plans.features.${key as TPlanFeatureKey}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
