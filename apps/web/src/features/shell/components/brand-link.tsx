import { localizePath } from "@gyeol/shared/routes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "../../../components/brand/logo-mark.tsx";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";

/**
 * Logo and brand title. While auth is loading the title is the product name alone; once it has
 * resolved the tagline joins it (spec 01 §1: the two states must not be confused).
 */
export function BrandLink() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const locale = usePageLocale();
  const isReady = status !== "loading";

  return (
    <Link
      to={localizePath("/", locale)}
      className="group flex min-w-0 items-center gap-2.5 rounded-xl py-1 pr-1"
    >
      <LogoMark className="size-8 transition-transform duration-200 group-hover:-rotate-6 sm:size-9" />
      <span
        data-testid="brand-title"
        data-state={isReady ? "ready" : "loading"}
        className="flex min-w-0 flex-col leading-tight"
      >
        <span className="flex items-baseline gap-1.5 whitespace-nowrap">
          <span className="text-[19px] font-extrabold tracking-tight text-ink">
            {t("common.productName")}
          </span>
          {locale === "ko" && (
            <span className="hidden text-[13px] font-semibold tracking-wide text-muted min-[400px]:inline">
              {t("common.productNameLatin")}
            </span>
          )}
        </span>
        {isReady ? (
          <span className="animate-fade-in truncate text-[10.5px] font-medium tracking-tight text-accent-700 sm:text-xs sm:tracking-normal">
            {t("common.tagline")}
          </span>
        ) : (
          <span aria-hidden="true" className="mt-1 h-2 w-24 animate-pulse rounded-full bg-line" />
        )}
      </span>
    </Link>
  );
}
