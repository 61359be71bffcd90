import { operatorDisplayName } from "@gyeol/shared/operator";
import { TERMS_EFFECTIVE_DATE } from "@gyeol/shared/policy";
import { ArrowUp, CalendarCheck, ListOrdered, Mail } from "lucide-react";
import { useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useOperator } from "../../../lib/operator.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import {
  buildLegalDocument,
  LEGAL_PAGES,
  legalDocumentPath,
  legalLanguagePath,
} from "../content/documents.ts";
import { formatLegalDate, type TLegalPage } from "../content/legal-document.ts";
import { LegalBlock } from "./legal-blocks.tsx";

/** Back to the top: smooth unless the reader asked for reduced motion (CSS cannot reach a script's scroll). */
export function scrollToTop(win: Window = window): void {
  const isReduced = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  win.scrollTo({ top: 0, behavior: isReduced ? "auto" : "smooth" });
}

/**
 * Terms, privacy policy and refund policy (spec 01 §2 Legal pages, §9). The language comes from
 * the path (/terms/kr, /terms/en, /en/terms), and the selector switches between the kr and en routes.
 */
export function LegalPage({ page }: { page: TLegalPage }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const operator = useOperator(locale);
  const operatorName = operatorDisplayName(operator, locale);
  const { supportEmail } = operator;
  const doc = useMemo(() => buildLegalDocument(page, { locale, operatorName }), [page, locale, operatorName]);
  useDocumentTitle(doc.title);

  const toc = (
    <ol className="flex flex-col gap-0.5 text-[14px]">
      {doc.articles.map((item) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            className="block rounded-lg px-3 py-1.5 text-ink-soft transition-colors hover:bg-accent-50 hover:text-accent-700"
          >
            {item.heading}
          </a>
        </li>
      ))}
    </ol>
  );

  return (
    <section
      data-testid="legal-page"
      data-page={page}
      data-locale={locale}
      className="mx-auto w-full max-w-6xl flex-1 px-4 pt-10 pb-20 sm:px-6 sm:pt-14"
    >
      <header className="border-b border-line pb-8">
        {/* Wraps rather than scrolls: at 390 px the third tab was cut ("Refund Polic…", issue 30). */}
        <nav aria-label={t("legal.documentsLabel")} className="-mx-1 mb-6 flex flex-wrap gap-1 pb-1">
          {LEGAL_PAGES.map((other) => (
            <Link
              key={other}
              to={legalDocumentPath(other, locale)}
              aria-current={other === page ? "page" : undefined}
              data-testid={`legal-tab-${other}`}
              className={cn(
                "shrink-0 rounded-full px-3.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4",
                other === page ? "bg-ink text-white" : "text-ink-soft hover:bg-ink/5",
              )}
            >
              {t(`legal.documents.${other}`)}
            </Link>
          ))}
        </nav>
        <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-[0.18em] text-accent-600 uppercase">
              {t("legal.eyebrow")}
            </p>
            <h1
              data-testid="legal-title"
              className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
            >
              {doc.title}
            </h1>
            <p
              className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted"
              data-testid="legal-effective"
            >
              <CalendarCheck aria-hidden="true" className="size-4" />
              {t("legal.effective", { date: formatLegalDate(TERMS_EFFECTIVE_DATE, locale) })}
            </p>
          </div>
          <nav
            aria-label={t("legal.languageLabel")}
            className="inline-flex shrink-0 self-start rounded-full bg-canvas-deep p-1 ring-1 ring-line md:self-auto"
          >
            {(["ko", "en"] as const).map((language) => (
              <Link
                key={language}
                to={legalLanguagePath(page, language)}
                lang={language}
                aria-current={language === locale ? "true" : undefined}
                data-testid={`legal-lang-${language}`}
                className={cn(
                  "rounded-full px-4 py-1.5 text-sm font-semibold transition-colors",
                  language === locale ? "bg-surface text-ink shadow-soft" : "text-muted hover:text-ink",
                )}
              >
                {t(`legal.languages.${language}`)}
              </Link>
            ))}
          </nav>
        </div>
        <p className="mt-6 max-w-3xl leading-relaxed text-ink-soft">{doc.lead}</p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <aside className="hidden lg:block">
          <div className="sticky top-24 max-h-[calc(100dvh-8rem)] overflow-y-auto">
            <p className="mb-2 flex items-center gap-1.5 px-3 text-xs font-bold tracking-wider text-muted uppercase">
              <ListOrdered aria-hidden="true" className="size-4" />
              {t("legal.toc")}
            </p>
            <nav aria-label={t("legal.toc")}>{toc}</nav>
          </div>
        </aside>

        <div className="min-w-0">
          <details
            className="mb-6 rounded-2xl border border-line bg-surface shadow-soft lg:hidden"
            data-testid="legal-toc-mobile"
          >
            <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 text-sm font-semibold text-ink">
              <ListOrdered aria-hidden="true" className="size-4 text-accent-600" />
              {t("legal.toc")} · {doc.articles.length}
            </summary>
            <nav aria-label={t("legal.toc")} className="border-t border-line px-1 py-2">
              {toc}
            </nav>
          </details>

          <article
            data-testid="legal-document"
            className="rounded-3xl border border-line bg-surface px-5 py-6 text-[15px] leading-[1.85] text-ink-soft shadow-soft sm:px-10 sm:py-10"
          >
            {doc.articles.map((item) => (
              <section
                key={item.id}
                id={item.id}
                data-testid="legal-article"
                className="scroll-mt-6 border-b border-line/70 py-6 first:pt-0 last:border-b-0 last:pb-0"
              >
                <h2 className="text-lg font-bold text-ink">{item.heading}</h2>
                {item.blocks.map((block, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an article's blocks are fixed text.
                  <LegalBlock key={index} block={block} locale={locale} />
                ))}
              </section>
            ))}
            <div className="mt-8 rounded-2xl bg-canvas px-5 py-4">
              <h2 className="text-sm font-bold text-ink">{t("legal.addendum")}</h2>
              <p className="mt-1 text-[14px]" data-testid="legal-addendum">
                {doc.addendum}
              </p>
            </div>
          </article>

          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            {supportEmail !== undefined && (
              // Marked: the server takes it out of a prerendered page when no address is set.
              <p
                data-operator-line="supportEmail"
                className="flex min-w-0 items-start gap-2 text-sm text-muted"
              >
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 break-words">
                  <span className="font-semibold text-ink">{t("legal.contactTitle")}</span> ·{" "}
                  <Trans
                    i18nKey="legal.contactBody"
                    values={{ email: supportEmail }}
                    components={{
                      email: (
                        // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside.
                        <a
                          href={`mailto:${supportEmail}`}
                          className="font-medium text-accent-700 underline underline-offset-2"
                        />
                      ),
                    }}
                  />
                </span>
              </p>
            )}
            <button
              type="button"
              onClick={() => scrollToTop()}
              className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-ink-soft hover:text-accent-700"
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              {t("legal.backToTop")}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

export function TermsPage() {
  return <LegalPage page="terms" />;
}
export function PrivacyPage() {
  return <LegalPage page="privacy" />;
}
export function RefundPage() {
  return <LegalPage page="refund" />;
}
