import { CircleCheck, X } from "lucide-react";
import { useTranslation } from "react-i18next";

/** ?payment=success (spec 02 §2.5). */
export function PaymentSuccessBanner({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="mypage-payment-banner"
      className="mb-6 flex animate-pop-in items-start gap-3 rounded-3xl bg-accent-50 px-5 py-4 ring-1 ring-accent-200"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
      <div className="min-w-0 flex-1">
        <p className="font-bold text-accent-900">{t("mypage.banner.title")}</p>
        <p className="mt-0.5 text-sm text-accent-800">{t("mypage.banner.text")}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("mypage.banner.close")}
        className="grid size-8 shrink-0 place-items-center rounded-full text-accent-700 hover:bg-accent-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
