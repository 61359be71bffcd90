import type { TLocale } from "@gyeol/shared/constants";
import { localizePath } from "@gyeol/shared/routes";
import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "../../../components/brand/logo-mark.tsx";
import { OperatorDetails } from "../../../components/operator-details.tsx";
import { ThemeSwitch } from "../../../components/theme-switch.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useOperator } from "../../../lib/operator.ts";
import { AI_TOOLS } from "../hooks/use-ai-tools.ts";

/** Legal pages in the page's language: /terms/kr in Korean, the short /en/terms in English. */
export function legalPath(page: "terms" | "privacy" | "refund", locale: TLocale): string {
  return locale === "ko" ? `/${page}/kr` : `/en/${page}`;
}

const LEGAL_PAGES = ["terms", "privacy", "refund"] as const;

export function Footer() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { supportEmail } = useOperator(locale);
  const linkClass = "text-[15px] text-ink-soft transition-colors hover:text-accent-700";

  return (
    <footer
      data-testid="footer"
      className="below-fold mt-auto border-t border-line bg-canvas-deep/60 [contain-intrinsic-size:auto_560px]"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-5 pt-14 pb-24 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 flex flex-col gap-4 md:col-span-1">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-8" />
            <span className="text-lg font-extrabold tracking-tight">{t("common.productName")}</span>
          </div>
          <p className="max-w-xs text-sm leading-relaxed text-muted">{t("footer.description")}</p>
        </div>

        <div>
          <h2 className="mb-3 text-xs font-bold tracking-wider text-muted uppercase">
            {t("footer.productHeading")}
          </h2>
          <ul className="flex flex-col gap-2.5">
            {AI_TOOLS.filter((tool) => tool.id !== "imageGeneration").map((tool) => (
              <li key={tool.id}>
                <Link to={localizePath(tool.path, locale)} className={linkClass}>
                  {t(`aiSuite.tools.${tool.id}.name`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={localizePath("/pricing", locale)} className={linkClass}>
                {t("nav.pricing")}
              </Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="mb-3 text-xs font-bold tracking-wider text-muted uppercase">
            {t("footer.companyHeading")}
          </h2>
          <ul className="flex flex-col gap-2.5">
            {supportEmail !== undefined && (
              // Marked: the server takes it out of a prerendered page when no address is set.
              <li data-operator-line="supportEmail" className="min-w-0">
                <a
                  href={`mailto:${supportEmail}`}
                  data-testid="footer-support"
                  className={`${linkClass} inline-flex max-w-full items-center gap-1.5`}
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <span className="sr-only">{t("footer.support")}: </span>
                  <span className="truncate">{supportEmail}</span>
                </a>
              </li>
            )}
            <li>
              <Link to={localizePath("/notice", locale)} className={linkClass}>
                {t("nav.notice")}
              </Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="mb-3 text-xs font-bold tracking-wider text-muted uppercase">
            {t("footer.legalHeading")}
          </h2>
          <ul className="flex flex-col gap-2.5">
            {LEGAL_PAGES.map((page) => (
              <li key={page}>
                <Link to={legalPath(page, locale)} data-testid={`footer-${page}`} className={linkClass}>
                  {t(`footer.${page}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-5 py-6 sm:px-6">
          {/* Who runs the service, as Korean sites show it (issue 30): the server's configuration. */}
          <OperatorDetails
            locale={locale}
            variant="inline"
            heading={t("operator.heading")}
            testId="footer-business"
          />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="text-[13px] text-muted">
              {t("footer.copyright", { year: new Date().getFullYear() })}
            </p>
            <ThemeSwitch testIdPrefix="footer-theme" />
          </div>
        </div>
      </div>
    </footer>
  );
}
