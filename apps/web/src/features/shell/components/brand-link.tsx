import { localizePath } from "@gyeol/shared/routes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "../../../components/brand/logo-mark.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";

/** English runs longer: on phones it is set a half point smaller, so it keeps its line at 390 px (issue 30). */
const TAGLINE =
  "truncate text-[10.5px] font-medium tracking-tight max-[379px]:text-[10px] [:lang(en)_&]:max-sm:text-[10px] sm:text-xs sm:tracking-normal";

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
          <span className={cn(TAGLINE, "animate-fade-in text-accent-700")}>{t("common.tagline")}</span>
        ) : (
          // The tagline's own box, its text drawn unseen from an attribute (so it is not this state's
          // text), under a pulsing bar: the centred nav beside the brand does not move when it comes.
          <span
            aria-hidden="true"
            data-label={t("common.tagline")}
            className={cn(TAGLINE, "relative text-transparent before:content-[attr(data-label)]")}
          >
            <span className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 animate-pulse rounded-full bg-line" />
          </span>
        )}
      </span>
    </Link>
  );
}
