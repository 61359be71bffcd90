import type { PlanInfo } from "@gyeol/shared/plans";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PlanCardDetails } from "../../../components/plan-card-details.tsx";
import { cn } from "../../../components/ui/cn.ts";

interface PlanCardProps {
  plan: PlanInfo;
  isFeatured: boolean;
  isCurrent: boolean;
  action: ReactNode;
}

/** A subscription card of the pricing page; figures from PLAN_CATALOG (spec 01 §3). */
export function PlanCard({ plan, isFeatured, isCurrent, action }: PlanCardProps) {
  const { t } = useTranslation();
  // The same element while the plan and language stay: the card re-renders when its button's state
  // changes (the first auth check settling, a purchase starting), its figures and features do not.
  const details = useMemo(
    () => (
      <PlanCardDetails
        plan={plan}
        isFeatured={isFeatured}
        tagline={t(`pricing.plans.taglines.${plan.id}`)}
        perMonth={t("pricing.plans.perMonth")}
        creditsLabel={(value) => t("pricing.plans.credits", { value })}
        creditsTestId={`pricing-plan-${plan.id}-credits`}
      />
    ),
    [plan, isFeatured, t],
  );
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
      {details}
      <div className="mt-8">{action}</div>
    </article>
  );
}
