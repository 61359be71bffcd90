import { PAYMENT_FAILED_COUNTDOWN_S } from "@gyeol/shared/constants";
import { localizePath } from "@gyeol/shared/routes";
import { CircleAlert, CircleX, RotateCcw, UserRound } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useOperator } from "../../../lib/operator.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useCountdown } from "../hooks/use-countdown.ts";
import { AccountFacts } from "./account-facts.tsx";
import { CountdownNote } from "./countdown-note.tsx";
import { PaymentResultFrame } from "./payment-result-frame.tsx";
import { ResultActions } from "./result-actions.tsx";

const CAUSES = ["cardInfo", "balance", "overseas", "temporary"] as const;

/** /payment-failed (spec 01 §2): the likely causes, where to go, support, then home after 10 s. */
export function PaymentFailedPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { supportEmail, phone } = useOperator(locale);
  const navigate = useNavigate();
  const user = useRequiredUser();
  useDocumentTitle(t("pages.paymentFailed.title"));
  const [isCounting, setIsCounting] = useState(true);
  const remaining = useCountdown(
    PAYMENT_FAILED_COUNTDOWN_S,
    () => navigate(localizePath("/", locale)),
    isCounting,
  );

  return (
    <PaymentResultFrame
      testId="payment-failed"
      tone="failure"
      icon={CircleX}
      eyebrow={t("payment.failed.eyebrow")}
      title={t("payment.failed.title")}
      description={t("payment.failed.description")}
    >
      <AccountFacts user={user} hasPlan={false} />
      <div className="mt-6 rounded-2xl border border-line px-5 py-4 text-left">
        <p className="text-sm font-semibold text-ink">{t("payment.failed.causesTitle")}</p>
        <ul data-testid="payment-failed-causes" className="mt-2.5 flex flex-col gap-2">
          {CAUSES.map((cause) => (
            <li key={cause} className="flex items-start gap-2 text-sm leading-relaxed text-ink-soft">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
              {t(`payment.failed.causes.${cause}`)}
            </li>
          ))}
        </ul>
      </div>
      <ResultActions
        primary={{
          to: localizePath("/pricing", locale),
          testId: "payment-to-pricing",
          icon: RotateCcw,
          label: t("payment.failed.toPricing"),
        }}
        secondary={{
          to: localizePath("/mypage", locale),
          testId: "payment-to-mypage",
          icon: UserRound,
          label: t("payment.failed.toMypage"),
        }}
      />
      {/* The operator's contact (server configuration): the e-mail, else the phone, else none. */}
      {(supportEmail ?? phone) !== undefined && (
        <p data-testid="payment-support" className="mt-6 text-sm text-muted">
          <Trans
            i18nKey={supportEmail ? "payment.failed.support" : "payment.failed.supportPhone"}
            values={{ email: supportEmail, phone }}
            components={{
              mail: (
                // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with the address.
                <a
                  href={supportEmail ? `mailto:${supportEmail}` : `tel:${phone}`}
                  className="font-semibold text-accent-700 hover:underline"
                />
              ),
            }}
          />
        </p>
      )}
      <CountdownNote
        remaining={remaining}
        total={PAYMENT_FAILED_COUNTDOWN_S}
        isRunning={isCounting}
        onStay={() => setIsCounting(false)}
      />
    </PaymentResultFrame>
  );
}
