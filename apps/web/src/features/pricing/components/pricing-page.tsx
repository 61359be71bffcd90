import { CREDIT_PACK_CATALOG, CREDIT_PACKAGES, PAID_PLANS, PLAN_CATALOG } from "@gyeol/shared/plans";
import { ONE_TIME_CREDIT_VALIDITY_DAYS } from "@gyeol/shared/policy";
import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ScheduledPlanChange } from "../../../components/scheduled-plan-change.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { useSubscriptionStatus } from "../../../lib/billing/subscription-api.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { usePricingActions } from "../hooks/use-pricing-actions.ts";
import { resolvePlanButton } from "../lib/plan-button.ts";
import { PRICING_TAB_PARAM, PRICING_TABS, parsePricingTab, type TPricingTab } from "../lib/pricing-tab.ts";
import { AccountSummary } from "./account-summary.tsx";
import { FaqSection } from "./faq-section.tsx";
import { PackCard } from "./pack-card.tsx";
import { PlanActionButton } from "./plan-action-button.tsx";
import { PlanCard } from "./plan-card.tsx";
import { PlanChangeDialog } from "./plan-change-dialog.tsx";

const BEST_VALUE_PACK = CREDIT_PACKAGES.reduce((best, id) =>
  CREDIT_PACK_CATALOG[id].credits / CREDIT_PACK_CATALOG[id].priceUsd >
  CREDIT_PACK_CATALOG[best].credits / CREDIT_PACK_CATALOG[best].priceUsd
    ? id
    : best,
);

/** /pricing, /pricing/kr, /pricing/en and their /en mirrors (spec 01 §2 Pricing, §4, §5). */
export function PricingPage() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parsePricingTab(searchParams.get(PRICING_TAB_PARAM));
  const actions = usePricingActions();
  useDocumentTitle(t("pages.pricing.title"));

  const selectTab = (next: string) => {
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === "packs") copy.set(PRICING_TAB_PARAM, next);
        else copy.delete(PRICING_TAB_PARAM);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // The stored user is refreshed only when credits, plan or balance change (spec 01 §4 session
  // sync), so a cancel or resume would leave its subscription dates stale: the buttons read the
  // subscription status, and wait for it.
  const subscription = useSubscriptionStatus(user !== null);
  const buttonUser =
    user && subscription.data
      ? { ...user, ...subscription.data.user, nextPlan: subscription.data.nextPlan }
      : user;
  const isBusy = actions.busyItem !== null || (user !== null && subscription.isPending);
  const isAuthLoading = status === "loading";

  return (
    <section data-testid="pricing-page" className="relative flex-1 overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-1/2 h-[28rem] w-[60rem] -translate-x-1/2 bg-[radial-gradient(ellipse_at_top,var(--color-accent-100)_0%,transparent_65%)] opacity-80"
      />
      <div className="relative mx-auto max-w-6xl px-5 pt-14 pb-24 sm:px-6 sm:pt-20">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold tracking-wide text-accent-600">{t("pricing.eyebrow")}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            {t("pricing.title")}
          </h1>
          <p className="mt-4 text-[17px] leading-relaxed text-ink-soft">{t("pricing.description")}</p>
        </header>

        {user && <AccountSummary user={user} />}
        {user && (
          <div className="mx-auto mt-4 max-w-3xl">
            <ScheduledPlanChange status={subscription.data} />
          </div>
        )}

        <Tabs.Root value={tab} onValueChange={selectTab} className="mt-10">
          <Tabs.List
            aria-label={t("pricing.tabs.label")}
            className="mx-auto grid w-full max-w-sm grid-cols-2 rounded-full border border-line bg-surface p-1 shadow-soft sm:flex sm:w-fit sm:max-w-none"
          >
            {PRICING_TABS.map((id: TPricingTab) => (
              <Tabs.Trigger
                key={id}
                value={id}
                data-testid={`pricing-tab-${id}`}
                className={cn(
                  "h-10 rounded-full px-3 text-[14px] font-semibold whitespace-nowrap text-ink-soft transition-colors sm:px-6 sm:text-[15px]",
                  "hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-white data-[state=active]:shadow-soft",
                )}
              >
                {t(`pricing.tabs.${id}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>

          <Tabs.Content value="monthly" data-testid="pricing-monthly" className="mt-12">
            {/* The cards' names are h3s: each tab's content is a section of the page under the h1. */}
            <h2 className="sr-only">{t("pricing.tabs.monthly")}</h2>
            <div className="grid items-stretch gap-5 lg:grid-cols-3">
              {PAID_PLANS.map((id) => {
                const state = resolvePlanButton({ target: id, user: buttonUser, isAuthLoading, isBusy });
                return (
                  <PlanCard
                    key={id}
                    plan={PLAN_CATALOG[id]}
                    isFeatured={id === "deluxe"}
                    isCurrent={state.kind === "active"}
                    action={
                      <PlanActionButton
                        plan={id}
                        state={state}
                        isFeatured={id === "deluxe"}
                        isLoading={actions.busyItem === id}
                        onChoose={() => void actions.choosePlan(id, state.kind)}
                      />
                    }
                  />
                );
              })}
            </div>
            <p className="mt-8 text-center text-sm text-muted">{t("pricing.plans.note")}</p>
          </Tabs.Content>

          <Tabs.Content value="packs" data-testid="pricing-packs" className="mt-12">
            <h2 className="sr-only">{t("pricing.tabs.packs")}</h2>
            <div className="grid gap-5 pt-3 sm:grid-cols-2 lg:grid-cols-5">
              {CREDIT_PACKAGES.map((id) => (
                <PackCard
                  key={id}
                  pack={CREDIT_PACK_CATALOG[id]}
                  isBestValue={id === BEST_VALUE_PACK}
                  isLoading={actions.busyItem === id}
                  isDisabled={isAuthLoading || isBusy}
                  onBuy={() => void actions.buyPack(id)}
                />
              ))}
            </div>
            <p className="mt-8 text-center text-sm text-muted">
              {ONE_TIME_CREDIT_VALIDITY_DAYS === null
                ? t("pricing.packs.noteNever")
                : t("pricing.packs.noteDays", { days: ONE_TIME_CREDIT_VALIDITY_DAYS })}
            </p>
          </Tabs.Content>
        </Tabs.Root>

        {/* Wider than the FAQ by its padding, so the list's shadow stays inside the painted box. */}
        <div className="below-fold -mx-4 px-4 pb-6 [contain-intrinsic-size:auto_1000px]">
          <FaqSection />
        </div>
      </div>

      <PlanChangeDialog
        change={actions.pendingChange}
        isPending={actions.isChanging}
        onConfirm={() => void actions.confirmChange()}
        onDismiss={actions.dismissChange}
      />
    </section>
  );
}
