import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { localizePath } from "@gyeol/shared/routes";
import { ArrowRight, Coins, Gem } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";

const KNOWN_PLANS = new Set(["free", "basic", "deluxe", "premium"]);

/** Current plan and credit balance of a signed-in user (spec 01 §2 Pricing). */
export function AccountSummary({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const plan = KNOWN_PLANS.has(user.plan) ? t(`plans.names.${user.plan as "free"}`) : user.plan;
  return (
    <section
      aria-label={t("pricing.summary.label")}
      data-testid="pricing-summary"
      className="mx-auto mt-8 flex max-w-3xl flex-col gap-3 rounded-3xl border border-line bg-surface/80 px-5 py-4 shadow-soft backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      {/* Each pair's icon sits inside its <dt>, so the list holds only dt/dd groups (axe: definition-list). */}
      <dl className="flex flex-wrap items-center gap-x-8 gap-y-2">
        <div className="relative py-0.5 pl-11.5">
          <dt className="text-xs font-medium text-muted">
            <span className="absolute top-1/2 left-0 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-accent-50 text-accent-700">
              <Gem aria-hidden="true" className="size-4.5" />
            </span>
            {t("pricing.summary.plan")}
          </dt>
          <dd data-testid="pricing-summary-plan" className="font-bold text-ink">
            {plan}
          </dd>
        </div>
        <div className="relative py-0.5 pl-11.5">
          <dt className="text-xs font-medium text-muted">
            <span className="absolute top-1/2 left-0 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-accent-50 text-accent-700">
              <Coins aria-hidden="true" className="size-4.5" />
            </span>
            {t("pricing.summary.credits")}
          </dt>
          <dd data-testid="pricing-summary-credits" className="font-bold text-ink tabular-nums">
            {t("pricing.summary.creditsValue", { value: formatNumber(user.credits, locale) })}
          </dd>
        </div>
      </dl>
      <Link
        to={localizePath("/mypage", locale)}
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-accent-700 hover:underline sm:self-auto"
      >
        {t("pricing.summary.manage")}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
