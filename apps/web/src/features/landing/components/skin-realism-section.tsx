import type { LucideIcon } from "lucide-react";
import { Droplets, FingerprintPattern, Maximize2, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading.tsx";

type TFeature = "pores" | "protect" | "tone" | "upscale";

const FEATURES: ReadonlyArray<{ key: TFeature; icon: LucideIcon }> = [
  { key: "pores", icon: FingerprintPattern },
  { key: "protect", icon: ShieldCheck },
  { key: "tone", icon: Droplets },
  { key: "upscale", icon: Maximize2 },
];

/** The skin-realism block: 4 features (spec 01 §1). */
export function SkinRealismSection() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="skin-realism"
      className="below-fold border-y border-line bg-surface [contain-intrinsic-size:auto_1400px]"
    >
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 lg:py-24">
        <SectionHeading
          eyebrow={t("landing.realism.eyebrow")}
          title={t("landing.realism.title")}
          description={t("landing.realism.description")}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="group rounded-2xl border border-line bg-canvas/60 p-6 transition-shadow duration-200 hover:shadow-card"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-surface text-accent-600 shadow-soft ring-1 ring-line">
                <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
              </span>
              <h3 className="mt-5 text-lg font-bold tracking-tight text-ink">
                {t(`landing.realism.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-[15px] leading-relaxed text-ink-soft">
                {t(`landing.realism.features.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
