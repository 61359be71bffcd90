import type { PlanInfo } from "@gyeol/shared/plans";
import { localizePath } from "@gyeol/shared/routes";
import { Check, Coins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { formatNumber } from "../../../lib/dates.ts";
import type { en } from "../../../lib/i18n/en.ts";
import { usePageLocale } from "../../../lib/locale.ts";

type TPlanFeatureKey = keyof typeof en.plans.features;

export function PlanCard({ plan, isFeatured }: { plan: PlanInfo; isFeatured: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();

  return (
    <article
      data-testid={`plan-card-${plan.id}`}
      className={cn(
        "relative flex flex-col rounded-[1.75rem] p-7 sm:p-8",
        isFeatured
          ? "bg-ink text-white shadow-float lg:-my-4 lg:py-12"
          : "border border-line bg-surface text-ink shadow-soft",
      )}
    >
      {isFeatured && (
        <span className="absolute top-6 right-6 rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-white">
          {t("landing.plans.popular")}
        </span>
      )}
      <h3 className="text-xl font-bold">{t(`plans.names.${plan.id}`)}</h3>
      <p className={cn("mt-1 text-sm", isFeatured ? "text-white/65" : "text-muted")}>
        {t(`landing.plans.taglines.${plan.id}`)}
      </p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight">${plan.priceUsd}</span>
        <span className={cn("text-[15px] font-medium", isFeatured ? "text-white/65" : "text-muted")}>
          {t("landing.plans.perMonth")}
        </span>
      </p>
      <p
        className={cn(
          "mt-4 inline-flex items-center gap-2 self-start rounded-full px-3 py-1.5 text-sm font-semibold",
          isFeatured ? "bg-white/10 text-white" : "bg-accent-50 text-accent-800",
        )}
      >
        <Coins aria-hidden="true" className="size-4" />
        {t("landing.plans.credits", { value: formatNumber(plan.monthlyCredits, locale) })}
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
      <Link
        to={localizePath("/pricing", locale)}
        data-testid={`plan-card-${plan.id}-cta`}
        className={buttonStyles({ variant: isFeatured ? "primary" : "secondary", className: "mt-8 w-full" })}
      >
        {t("landing.plans.cta")}
      </Link>
    </article>
  );
}
