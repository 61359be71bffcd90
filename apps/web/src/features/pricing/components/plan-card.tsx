import type { PlanInfo } from "@gyeol/shared/plans";
import { Check, Coins } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { formatNumber } from "../../../lib/dates.ts";
import type { en } from "../../../lib/i18n/en.ts";
import { usePageLocale } from "../../../lib/locale.ts";

type TPlanFeatureKey = keyof typeof en.plans.features;

interface PlanCardProps {
  plan: PlanInfo;
  isFeatured: boolean;
  isCurrent: boolean;
  action: ReactNode;
}

/** A subscription card of the pricing page; figures from PLAN_CATALOG (spec 01 §3). */
export function PlanCard({ plan, isFeatured, isCurrent, action }: PlanCardProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const badge = isCurrent ? t("pricing.plans.current") : isFeatured ? t("pricing.plans.popular") : null;
  return (
    <article
      data-testid={`pricing-plan-${plan.id}`}
      className={cn(
        "relative flex flex-col rounded-[1.75rem] p-7 sm:p-8",
        isFeatured ? "bg-ink text-white shadow-float" : "border border-line bg-surface text-ink shadow-soft",
        isCurrent && !isFeatured && "ring-2 ring-accent-400",
        isCurrent && isFeatured && "ring-2 ring-accent-300 ring-offset-2 ring-offset-canvas",
      )}
    >
      {badge && (
        <span
          className={cn(
            "absolute top-6 right-6 rounded-full px-3 py-1 text-xs font-bold",
            isCurrent ? "bg-accent-100 text-accent-800" : "bg-accent-500 text-white",
          )}
        >
          {badge}
        </span>
      )}
      <h3 className="text-xl font-bold">{t(`plans.names.${plan.id}`)}</h3>
      <p className={cn("mt-1 text-sm", isFeatured ? "text-white/65" : "text-muted")}>
        {t(`pricing.plans.taglines.${plan.id}`)}
      </p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight">${plan.priceUsd}</span>
        <span className={cn("text-[15px] font-medium", isFeatured ? "text-white/65" : "text-muted")}>
          {t("pricing.plans.perMonth")}
        </span>
      </p>
      <p
        data-testid={`pricing-plan-${plan.id}-credits`}
        className={cn(
          "mt-4 inline-flex items-center gap-2 self-start rounded-full px-3 py-1.5 text-sm font-semibold",
          isFeatured ? "bg-white/10 text-white" : "bg-accent-50 text-accent-800",
        )}
      >
        <Coins aria-hidden="true" className="size-4" />
        {t("pricing.plans.credits", { value: formatNumber(plan.monthlyCredits, locale) })}
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
      <div className="mt-8">{action}</div>
    </article>
  );
}
