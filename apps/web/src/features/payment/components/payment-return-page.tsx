import { localizePath } from "@gyeol/shared/routes";
import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { resolvePaymentReturn } from "../lib/payment-return.ts";

/** /payment/{plan}: reads ?payment and moves on at once with a message (spec 01 §2). */
export function PaymentReturnPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const payment = params.get("payment");
  const hasRun = useRef(false);
  useDocumentTitle(t("pages.paymentReturn.title"));

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    const target = resolvePaymentReturn(payment);
    const message = t(`payment.return.${target.message}`);
    if (target.tone === "success") toast.success(message);
    else if (target.tone === "error") toast.error(message);
    else toast(message);
    navigate(localizePath(target.path, locale), { replace: true });
  }, [payment, locale, navigate, t]);

  return (
    <section
      data-testid="payment-return"
      className="flex flex-1 flex-col items-center justify-center gap-4 px-5 py-24"
    >
      <Spinner className="size-7 text-accent-600" />
      <p className="text-ink-soft">{t("payment.return.title")}</p>
    </section>
  );
}
