import { PAYMENT_SUCCESS_COUNTDOWN_S } from "@gyeol/shared/constants";
import { localizePath } from "@gyeol/shared/routes";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Sparkles, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuthActions, useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { billingKeys } from "../../../lib/billing/subscription-api.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useCountdown } from "../hooks/use-countdown.ts";
import { AccountFacts } from "./account-facts.tsx";
import { CountdownNote } from "./countdown-note.tsx";
import { PaymentResultFrame } from "./payment-result-frame.tsx";
import { ResultActions } from "./result-actions.tsx";

/** /payment-success (spec 01 §2): sync the user, show the account, then home after 5 s. */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const { forceSync } = useAuthActions();
  const queryClient = useQueryClient();
  const [isSyncing, setIsSyncing] = useState(true);
  const hasSynced = useRef(false);
  useDocumentTitle(t("pages.paymentSuccess.title"));

  useEffect(() => {
    if (hasSynced.current) return;
    hasSynced.current = true;
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    void forceSync().finally(() => setIsSyncing(false));
  }, [forceSync, queryClient]);

  const [isCounting, setIsCounting] = useState(true);
  const remaining = useCountdown(
    PAYMENT_SUCCESS_COUNTDOWN_S,
    () => navigate(localizePath("/", locale)),
    isCounting,
  );

  return (
    <PaymentResultFrame
      testId="payment-success"
      tone="success"
      icon={CircleCheck}
      eyebrow={t("payment.success.eyebrow")}
      title={t("payment.success.title")}
      description={isSyncing ? t("payment.success.syncing") : t("payment.success.description")}
    >
      <AccountFacts user={user} hasPlan />
      <ResultActions
        primary={{
          to: localizePath("/upscale", locale),
          testId: "payment-to-upscale",
          icon: Sparkles,
          label: t("payment.success.toUpscale"),
        }}
        secondary={{
          to: localizePath("/mypage", locale),
          testId: "payment-to-mypage",
          icon: UserRound,
          label: t("payment.success.toMypage"),
        }}
      />
      <CountdownNote
        remaining={remaining}
        total={PAYMENT_SUCCESS_COUNTDOWN_S}
        isRunning={isCounting}
        onStay={() => setIsCounting(false)}
      />
    </PaymentResultFrame>
  );
}
