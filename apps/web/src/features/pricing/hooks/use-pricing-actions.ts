import type { TCreditPackage, TPaidPlan } from "@gyeol/shared/plans";
import { localizePath } from "@gyeol/shared/routes";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuth, useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import {
  billingKeys,
  postChangePlan,
  subscriptionStatusQuery,
} from "../../../lib/billing/subscription-api.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { postCheckout, postCreditCheckout } from "../api/checkout.ts";
import { leaveForCheckout } from "../lib/leave-for-checkout.ts";
import type { TPlanButtonKind } from "../lib/plan-button.ts";
import { decidePlanChange, type TPlanChangeDecision } from "../lib/plan-change.ts";
import { planChangedMessage } from "../lib/plan-change-message.ts";

export type TPendingPlanChange = Extract<TPlanChangeDecision, { kind: "confirm" }>;

/** The English page moves on to My Page this long after a plan change (spec 01 §4). */
export const EN_AFTER_CHANGE_REDIRECT_MS = 2000;

/**
 * What the pricing page's buttons do (spec 01 §4 plan change and new checkout, §5 login rules,
 * §8 payment errors). `busyItem` is the plan or pack whose request is running: every button is
 * disabled meanwhile.
 */
export function usePricingActions() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { status, user } = useAuth();
  const { forceSync } = useAuthActions();
  const queryClient = useQueryClient();
  const [busyItem, setBusyItem] = useState<TPaidPlan | TCreditPackage | null>(null);
  const [pendingChange, setPendingChange] = useState<TPendingPlanChange | null>(null);
  const [isChanging, setIsChanging] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const reportException = useCallback(
    (error: unknown, failedKey: "pricing.errors.checkoutFailed" | "pricing.errors.changeFailed") => {
      if (isApiError(error)) {
        toast.error(t(failedKey, { reason: describeError(error, t, t("errors.generic")) }));
      } else {
        // Not an API answer: a bug of ours, whose message is English and means nothing to the reader.
        toast.error(t("pricing.errors.processing", { reason: t("errors.generic") }));
      }
    },
    [t],
  );

  const startCheckout = useCallback(
    async (item: TPaidPlan | TCreditPackage, request: () => Promise<{ checkout_url?: string }>) => {
      setBusyItem(item);
      try {
        const response = await request();
        if (!response.checkout_url) {
          toast.error(t("pricing.errors.noCheckoutUrl"));
          setBusyItem(null);
          return;
        }
        // Stay busy: the page is about to unload.
        leaveForCheckout(response.checkout_url);
      } catch (error) {
        reportException(error, "pricing.errors.checkoutFailed");
        setBusyItem(null);
      }
    },
    [reportException, t],
  );

  const isAuthReady = status !== "loading";

  const choosePlan = useCallback(
    async (plan: TPaidPlan, kind: TPlanButtonKind) => {
      if (!isAuthReady) {
        toast.error(t("pricing.errors.authNotReady"));
        return;
      }
      if (!user) {
        navigate(`${localizePath("/login", locale)}?next=${encodeURIComponent(pathname + search)}`);
        return;
      }
      if (kind === "start") {
        await startCheckout(plan, () => postCheckout(plan));
        return;
      }
      setBusyItem(plan);
      try {
        const subscription = await queryClient.fetchQuery({ ...subscriptionStatusQuery(), staleTime: 0 });
        const decision = decidePlanChange(subscription, plan);
        if (decision.kind === "refuse") toast.error(t(`pricing.errors.${decision.reason}`));
        else if (decision.kind === "checkout") {
          await startCheckout(plan, () => postCheckout(plan));
          return;
        } else setPendingChange(decision);
      } catch (error) {
        reportException(error, "pricing.errors.changeFailed");
      }
      setBusyItem(null);
    },
    [isAuthReady, user, navigate, locale, pathname, search, startCheckout, queryClient, t, reportException],
  );

  const buyPack = useCallback(
    async (pack: TCreditPackage) => {
      if (!isAuthReady) {
        toast.error(t("pricing.errors.authNotReady"));
        return;
      }
      if (!user) {
        toast.error(t("pricing.errors.loginRequired"));
        navigate(localizePath("/", locale));
        return;
      }
      await startCheckout(pack, () => postCreditCheckout(pack));
    },
    [isAuthReady, user, navigate, locale, startCheckout, t],
  );

  const confirmChange = useCallback(async () => {
    if (!pendingChange) return;
    setIsChanging(true);
    setBusyItem(pendingChange.target);
    try {
      const response = await postChangePlan(pendingChange.target);
      toast.success(planChangedMessage(response, locale, t));
      setPendingChange(null);
      await forceSync();
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      if (locale === "en") {
        redirectTimer.current = setTimeout(
          () => navigate(`${localizePath("/mypage", locale)}?refresh=${Date.now()}`),
          EN_AFTER_CHANGE_REDIRECT_MS,
        );
      }
    } catch (error) {
      reportException(error, "pricing.errors.changeFailed");
    } finally {
      setIsChanging(false);
      setBusyItem(null);
    }
  }, [pendingChange, locale, t, forceSync, queryClient, navigate, reportException]);

  const dismissChange = useCallback(() => {
    if (!isChanging) setPendingChange(null);
  }, [isChanging]);

  return { busyItem, pendingChange, isChanging, choosePlan, buyPack, confirmChange, dismissChange };
}
