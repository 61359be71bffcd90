import { localizePath } from "@gyeol/shared/routes";
import { ArrowRight, Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { SampleCompare } from "./sample-compare.tsx";

const HIGHLIGHTS = ["texture", "features", "upscale"] as const;

export function HeroSection() {
  const { t } = useTranslation();
  const locale = usePageLocale();

  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-40 size-[40rem] rounded-full bg-[radial-gradient(circle,var(--color-accent-100)_0%,transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-56 -left-40 size-[34rem] rounded-full bg-[radial-gradient(circle,var(--color-glow-warm)_0%,transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-5 pt-10 pb-16 sm:px-6 sm:pt-14 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start">
          <span className="inline-flex items-center gap-2 rounded-full border border-accent-100 bg-surface/80 px-3.5 py-1.5 text-[13px] font-semibold text-accent-700 shadow-soft">
            <span className="size-1.5 rounded-full bg-accent-500" />
            {t("landing.hero.eyebrow")}
          </span>
          <h1 className="mt-6 text-[2.3rem] leading-[1.15] font-extrabold tracking-tight text-ink sm:text-5xl lg:text-[3.6rem]">
            {t("landing.hero.title")}
            <br />
            <span className="bg-gradient-to-r from-accent-500 to-accent-800 bg-clip-text text-transparent dark:from-(color:--text-color-accent-500) dark:to-(color:--text-color-accent-800)">
              {t("landing.hero.titleAccent")}
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-[17px] leading-relaxed text-ink-soft">
            {t("landing.hero.description")}
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link
              to={localizePath("/upscale", locale)}
              data-testid="landing-start"
              className={buttonStyles({ size: "lg", className: "group" })}
            >
              {t("landing.hero.start")}
              <ArrowRight
                aria-hidden="true"
                className="size-4.5 transition-transform group-hover:translate-x-0.5"
              />
            </Link>
            <Link
              to={localizePath("/pricing", locale)}
              className={buttonStyles({ variant: "secondary", size: "lg" })}
            >
              {t("landing.hero.pricing")}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-5 gap-y-2.5">
            {HIGHLIGHTS.map((key) => (
              <li key={key} className="flex items-center gap-2 text-sm font-medium text-ink-soft">
                <span className="grid size-5 place-items-center rounded-full bg-accent-100 text-accent-700">
                  <Check aria-hidden="true" className="size-3" strokeWidth={3} />
                </span>
                {t(`landing.hero.highlights.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto w-full max-w-md lg:mr-0 lg:max-w-[29rem]">
          <SampleCompare />
        </div>
      </div>
    </section>
  );
}
