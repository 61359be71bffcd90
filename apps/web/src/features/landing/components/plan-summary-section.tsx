import { PAID_PLANS, PLAN_CATALOG } from "@gyeol/shared/plans";
import { localizePath } from "@gyeol/shared/routes";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageLocale } from "../../../lib/locale.ts";
import { PlanCard } from "./plan-card.tsx";
import { SectionHeading } from "./section-heading.tsx";

/** Three plan cards linking to the pricing page (spec 01 §1); figures from PLAN_CATALOG. */
export function PlanSummarySection() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <section
      data-testid="plan-summary"
      className="below-fold mx-auto max-w-6xl px-5 py-20 [contain-intrinsic-size:auto_1600px] sm:px-6 lg:py-28"
    >
      <SectionHeading
        eyebrow={t("landing.plans.eyebrow")}
        title={t("landing.plans.title")}
        description={t("landing.plans.description")}
      />
      <div className="mt-12 grid items-stretch gap-5 lg:mt-16 lg:grid-cols-3 lg:items-center">
        {PAID_PLANS.map((id) => (
          <PlanCard key={id} plan={PLAN_CATALOG[id]} isFeatured={id === "deluxe"} />
        ))}
      </div>
      <p className="mt-10 text-center">
        <Link
          to={localizePath("/pricing", locale)}
          className="inline-flex items-center gap-1.5 text-[15px] font-semibold text-accent-700 hover:underline"
        >
          {t("landing.plans.allPlans")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </section>
  );
}
