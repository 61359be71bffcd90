import { localizePath } from "@gyeol/shared/routes";
import { ArrowLeft, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";

export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  useDocumentTitle(t("notFound.title"));

  return (
    <section data-testid="not-found" className="flex flex-1 items-center justify-center px-5 py-20 sm:py-28">
      <div className="flex max-w-lg flex-col items-center text-center">
        <span className="relative grid size-20 place-items-center rounded-3xl bg-surface text-accent-600 shadow-card ring-1 ring-line">
          <SearchX aria-hidden="true" className="size-9" />
        </span>
        <p className="mt-8 bg-gradient-to-br from-accent-400 to-accent-800 bg-clip-text dark:to-(color:--text-color-accent-800) text-6xl font-black tracking-tight text-transparent">
          {t("notFound.code")}
        </p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t("notFound.title")}</h1>
        <p className="mt-3 leading-relaxed text-ink-soft">{t("notFound.description")}</p>
        <Link
          to={localizePath("/", locale)}
          data-testid="not-found-home"
          className={buttonStyles({ className: "mt-8" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}

export default NotFoundPage;
