import { localizePath, type TRouteId } from "@gyeol/shared/routes";
import type { LucideIcon } from "lucide-react";
import {
  ArrowLeft,
  CircleUserRound,
  CreditCard,
  FileText,
  Gem,
  ImagePlus,
  Megaphone,
  MessagesSquare,
  PenLine,
  ReceiptText,
  ScanFace,
  ShieldCheck,
  Sparkles,
  WandSparkles,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";

const ICONS: Record<TRouteId, LucideIcon> = {
  landing: Sparkles,
  login: CircleUserRound,
  signup: CircleUserRound,
  socialSignup: CircleUserRound,
  forgotPassword: CircleUserRound,
  resetPassword: CircleUserRound,
  pricing: Gem,
  paymentSuccess: CreditCard,
  paymentFailed: CreditCard,
  paymentReturn: CreditCard,
  upscale: Sparkles,
  imageEdit: WandSparkles,
  faceEdit: ScanFace,
  chat: MessagesSquare,
  mypage: CircleUserRound,
  imageGeneration: ImagePlus,
  consistency: ImagePlus,
  noticeList: Megaphone,
  noticeDetail: Megaphone,
  noticeEdit: PenLine,
  noticeWrite: PenLine,
  terms: FileText,
  privacy: ShieldCheck,
  refund: ReceiptText,
};

/** A page that a later issue builds: named, in both languages, inside the shell. */
export function ComingSoonPage({ routeId }: { routeId: TRouteId }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const Icon = ICONS[routeId];
  const title = t(`pages.${routeId}.title`);
  useDocumentTitle(title);

  return (
    <section
      data-testid="coming-soon"
      data-page={routeId}
      className="relative flex flex-1 items-center justify-center overflow-hidden px-5 py-16 sm:py-24"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 size-[36rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(circle,var(--color-accent-100)_0%,transparent_65%)] opacity-70"
      />
      <div className="relative w-full max-w-xl rounded-[2rem] border border-line bg-surface/90 p-8 text-center shadow-card backdrop-blur sm:p-12">
        <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-accent-400 to-accent-700 text-white shadow-soft">
          <Icon aria-hidden="true" className="size-8" />
        </span>
        <span className="mt-6 inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-3 py-1 text-xs font-bold tracking-wide text-accent-700 ring-1 ring-accent-100">
          <span className="size-1.5 animate-pulse rounded-full bg-accent-500" />
          {t("comingSoon.badge")}
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-md leading-relaxed text-ink-soft">
          {t(`pages.${routeId}.description`)}
        </p>
        <p className="mx-auto mt-2 max-w-md text-sm text-muted">{t("comingSoon.lead")}</p>
        <div className="mt-8 flex justify-center">
          <Link
            to={localizePath("/", locale)}
            data-testid="coming-soon-home"
            className={buttonStyles({ variant: "dark" })}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("comingSoon.home")}
          </Link>
        </div>
      </div>
    </section>
  );
}

export default ComingSoonPage;
