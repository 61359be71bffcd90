import { PAID_PLANS, planRank } from "@gyeol/shared/plans";
import { localizePath } from "@gyeol/shared/routes";
import { ArrowUpRight, LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonStyles } from "../../../components/ui/button.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { usePlanName } from "../hooks/use-plan-name.ts";

export interface ProfileFacts {
  /** The name given at sign-up (or by the sign-in provider); empty when there is none. */
  name: string;
  email: string;
  credits: number | null;
  bonusCredits: number;
  plan: string;
  nextPlan: string | null;
  isCreditsLookupFailed: boolean;
}

interface ProfileCardProps {
  facts: ProfileFacts;
  onLogout: () => void;
  isLoggingOut: boolean;
}

/** Avatar letter, name and e-mail, credits, bonus credits, plan and next-cycle plan (spec 02 §2.5). */
export function ProfileCard({ facts, onLogout, isLoggingOut }: ProfileCardProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const planName = usePlanName();
  const name = facts.name.trim();
  const letter = Array.from(name || facts.email.trim())[0]?.toUpperCase() ?? "?";
  const hasScheduledPlan = facts.nextPlan !== null && facts.nextPlan !== facts.plan;
  // Nothing is above the top plan: offer the plans page, not an "upgrade".
  const isTopPlan = planRank(facts.plan) === Math.max(...PAID_PLANS.map(planRank));

  return (
    <section
      aria-label={t("mypage.profile.label")}
      data-testid="mypage-profile"
      className="rounded-[1.75rem] border border-line bg-surface p-6 shadow-soft sm:p-7"
    >
      <div className="flex items-center gap-4">
        <span
          data-testid="mypage-avatar"
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent-400 to-accent-700 text-2xl font-bold text-white shadow-soft"
        >
          {letter}
        </span>
        <div className="min-w-0">
          {name && (
            <p data-testid="mypage-name" className="truncate text-lg font-bold text-ink">
              {name}
            </p>
          )}
          {facts.email && (
            <p
              data-testid="mypage-email"
              className={name ? "truncate text-sm text-muted" : "truncate text-lg font-bold text-ink"}
            >
              {facts.email}
            </p>
          )}
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-canvas px-4 py-3.5 ring-1 ring-line">
          <dt className="text-xs font-medium text-muted">{t("mypage.profile.credits")}</dt>
          <dd data-testid="mypage-credits" className="mt-1 text-xl font-extrabold text-ink tabular-nums">
            {facts.isCreditsLookupFailed ? (
              <span className="text-base font-semibold text-danger">{t("mypage.profile.lookupFailed")}</span>
            ) : facts.credits === null ? (
              "—"
            ) : (
              formatNumber(facts.credits, locale)
            )}
          </dd>
        </div>
        <div className="rounded-2xl bg-canvas px-4 py-3.5 ring-1 ring-line">
          <dt className="text-xs font-medium text-muted">{t("mypage.profile.plan")}</dt>
          <dd data-testid="mypage-plan" className="mt-1 text-xl font-extrabold text-ink">
            {planName(facts.plan)}
          </dd>
        </div>
        {facts.bonusCredits > 0 && (
          <div className="rounded-2xl bg-canvas px-4 py-3.5 ring-1 ring-line">
            <dt className="text-xs font-medium text-muted">{t("mypage.profile.bonusCredits")}</dt>
            <dd
              data-testid="mypage-bonus-credits"
              className="mt-1 text-xl font-extrabold text-ink tabular-nums"
            >
              {formatNumber(facts.bonusCredits, locale)}
            </dd>
          </div>
        )}
        {hasScheduledPlan && (
          <div className="rounded-2xl bg-accent-50 px-4 py-3.5 ring-1 ring-accent-200">
            <dt className="text-xs font-medium text-accent-800">{t("mypage.profile.nextPlan")}</dt>
            <dd
              data-testid="mypage-next-plan"
              className="mt-1 flex flex-wrap items-center gap-2 text-xl font-extrabold text-ink"
            >
              {planName(facts.nextPlan ?? "")}
              <span className="rounded-full bg-accent-600 px-2 py-0.5 text-[11px] font-bold text-white">
                {t("mypage.profile.scheduled")}
              </span>
            </dd>
          </div>
        )}
      </dl>

      <div className="mt-6 flex flex-col gap-2.5">
        <Link
          to={localizePath("/pricing", locale)}
          data-testid={isTopPlan ? "mypage-view-plans" : "mypage-upgrade"}
          className={buttonStyles({ variant: isTopPlan ? "secondary" : "primary", className: "w-full" })}
        >
          {t(isTopPlan ? "mypage.profile.viewPlans" : "mypage.profile.upgrade")}
          <ArrowUpRight aria-hidden="true" className="size-4" />
        </Link>
        <Button
          variant="ghost"
          className="w-full"
          onClick={onLogout}
          isLoading={isLoggingOut}
          data-testid="mypage-logout"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {t("mypage.profile.logout")}
        </Button>
      </div>
    </section>
  );
}
