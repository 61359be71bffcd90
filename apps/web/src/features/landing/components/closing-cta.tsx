import { localizePath } from "@gyeol/shared/routes";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "../../../components/brand/logo-mark.tsx";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { useIsSignedIn } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";

export function ClosingCta() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const isSignedIn = useIsSignedIn();

  return (
    <section className="mx-auto max-w-6xl px-5 pb-20 sm:px-6 lg:pb-28">
      <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-accent-700 via-accent-800 to-accent-950 px-6 py-14 text-center text-white shadow-float sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-[radial-gradient(circle,rgb(255_255_255/0.16)_0%,transparent_65%)]"
        />
        <LogoMark className="relative mx-auto size-12 ring-4 ring-white/10 rounded-[14px]" />
        <h2 className="relative mx-auto mt-6 max-w-2xl text-3xl font-extrabold tracking-tight sm:text-4xl">
          {t("landing.closing.title")}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-[17px] leading-relaxed text-white/75">
          {t("landing.closing.description")}
        </p>
        <div className="relative mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={localizePath("/upscale", locale)}
            data-testid="landing-cta-bottom"
            className={buttonStyles({ variant: "light", size: "lg", className: "group" })}
          >
            {t("landing.closing.start")}
            <ArrowRight
              aria-hidden="true"
              className="size-4.5 transition-transform group-hover:translate-x-0.5"
            />
          </Link>
          {!isSignedIn && (
            <Link
              to={localizePath("/signup", locale)}
              className={buttonStyles({
                variant: "ghost",
                size: "lg",
                className: "text-white ring-1 ring-white/30 hover:bg-white/10 hover:text-white",
              })}
            >
              {t("landing.closing.signup")}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
