import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { localizePath } from "@gyeol/shared/routes";
import { type ComponentType, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ScheduledPlanChange } from "../../../components/scheduled-plan-change.tsx";
import { useAuthActions, useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { useSubscriptionStatus } from "../../../lib/billing/subscription-api.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useMyPageQuery } from "../hooks/use-mypage-query.ts";
import type { SubscriptionView } from "../lib/display-status.ts";
import { AppearanceCard } from "./appearance-card.tsx";
import { CreditHistoryCard } from "./credit-history-card.tsx";
import { MyPageHistorySlot } from "./history-slot.tsx";
import { InviteCard } from "./invite-card.tsx";
import { PaymentSuccessBanner } from "./payment-success-banner.tsx";
import { ProfileCard, type ProfileFacts } from "./profile-card.tsx";
import { SubscriptionCard } from "./subscription-card.tsx";

/**
 * /mypage (spec 02 §2.5, §4.5): profile, subscription, credit history; the route's sign-in guard
 * sends visitors to /login.
 * `AccountSettings` (sign-in methods, account deletion) comes from features/account through the
 * route table, so the two features do not import each other.
 */
export function MyPage({ AccountSettings }: { AccountSettings?: ComponentType<{ user: TPublicUser }> } = {}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const { signOut } = useAuthActions();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const subscription = useSubscriptionStatus(true);
  const { isPaymentSuccess, dismissPaymentBanner } = useMyPageQuery(true);
  useDocumentTitle(t("mypage.title"));

  const data = subscription.data;
  // The status call is the fresh source; the signed-in user covers the moment before it answers.
  const view: SubscriptionView = data
    ? { ...data.user, providerStatus: data.subscription?.data.attributes.status ?? null }
    : {
        plan: user.plan,
        cancelled_at: user.cancelled_at,
        subscription_end_date: user.subscription_end_date,
        next_renewal_date: user.next_renewal_date,
        subscriptionId: user.subscriptionId,
        providerStatus: null,
      };
  const facts: ProfileFacts = {
    name: user.name || user.nickname || "",
    email: user.email,
    credits: data?.credits ?? user.credits,
    bonusCredits: data?.bonus_credits ?? user.bonus_credits,
    plan: data?.plan ?? user.plan,
    nextPlan: data?.nextPlan ?? null,
    isCreditsLookupFailed: subscription.isError,
  };

  const logout = async () => {
    setIsLoggingOut(true);
    await signOut();
    navigate(localizePath("/login", locale), { replace: true });
  };

  return (
    <section
      data-testid="mypage"
      className="mx-auto w-full max-w-6xl flex-1 px-4 pt-10 pb-20 sm:px-6 sm:pt-14"
    >
      <header className="mb-8">
        <p className="text-xs font-bold tracking-[0.18em] text-accent-600 uppercase">{t("mypage.eyebrow")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("mypage.title")}</h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-ink-soft">{t("mypage.subtitle")}</p>
      </header>

      {isPaymentSuccess && <PaymentSuccessBanner onDismiss={dismissPaymentBanner} />}

      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <ProfileCard facts={facts} onLogout={() => void logout()} isLoggingOut={isLoggingOut} />
          <AppearanceCard />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <ScheduledPlanChange status={data} />
          <SubscriptionCard
            view={view}
            startedAt={data?.subscription?.data.created_at ?? null}
            periodEnd={data?.subscription?.data.attributes.current_period_end ?? null}
          />
          <InviteCard />
          <CreditHistoryCard />
        </div>
      </div>

      {/* SLOT: image history tabs (spec 02 §2.5), built by a later issue. */}
      <MyPageHistorySlot userId={user.id} />

      {AccountSettings && (
        <div data-testid="mypage-account" className="mt-5 grid grid-cols-1 items-start gap-5 lg:grid-cols-2">
          <Suspense fallback={null}>
            <AccountSettings user={user} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
