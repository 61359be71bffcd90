import type { PlanInfo } from "@gyeol/shared/plans";
import { localizePath } from "@gyeol/shared/routes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlanCardDetails } from "../../../components/plan-card-details.tsx";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { usePageLocale } from "../../../lib/locale.ts";

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
      <PlanCardDetails
        plan={plan}
        isFeatured={isFeatured}
        tagline={t(`landing.plans.taglines.${plan.id}`)}
        perMonth={t("landing.plans.perMonth")}
        creditsLabel={(value) => t("landing.plans.credits", { value })}
      />
      <Link
        to={localizePath("/pricing", locale)}
        data-testid={`plan-card-${plan.id}-cta`}
        className={buttonStyles({ variant: isFeatured ? "primary" : "secondary", className: "mt-8 w-full" })}
      >
        {t("landing.plans.cta", { plan: t(`plans.names.${plan.id}`) })}
      </Link>
    </article>
  );
}
