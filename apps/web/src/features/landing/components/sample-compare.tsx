import { LANDING_SAMPLES, type TLandingSample } from "@gyeol/shared/constants";
import { MoveHorizontal, ZoomIn } from "lucide-react";
import { useState } from "react";
import { preload } from "react-dom";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { CompareBadges, CompareSlider } from "../../../components/ui/compare-view.tsx";
import variantWidths from "../sample-variants.json";
import { SampleImage, type SampleSources } from "./sample-image.tsx";

export function sampleSource(id: TLandingSample, side: "before" | "after"): string {
  return `/samples/${id}-${side}.jpg`;
}

/** The slider's width: a grid column of the 72rem page on desktops, the screen less padding on phones. */
export const SAMPLE_SIZES = "(min-width: 1024px) 31rem, (min-width: 640px) 36rem, calc(100vw - 3.5rem)";

/** srcsets of the variants scripts/sample-variants.mjs made (AVIF, WebP, JPEG; the full-size JPEG is the original). */
export function sampleSources(id: TLandingSample, side: "before" | "after"): SampleSources | undefined {
  const widths = (variantWidths as Record<string, number[]>)[`${id}-${side}`];
  if (!widths || widths.length === 0) return undefined;
  const full = Math.max(...widths);
  const set = (ext: string) =>
    widths
      .map(
        (w) =>
          `${ext === "jpg" && w === full ? sampleSource(id, side) : `/samples/variants/${id}-${side}-${w}.${ext}`} ${w}w`,
      )
      .join(", ");
  return { avif: set("avif"), webp: set("webp"), jpg: set("jpg"), sizes: SAMPLE_SIZES };
}

/** The landing before/after slider with its 4-sample picker (spec 01 §1). */
export function SampleCompare() {
  const { t } = useTranslation();
  const [sample, setSample] = useState<TLandingSample>(LANDING_SAMPLES[0]);
  // The skin at about its real size: the retouch is easiest to see there.
  const [isZoomed, setIsZoomed] = useState(false);
  const name = t(`landing.compare.samples.${sample}`);
  const placeholder = t("landing.compare.placeholder");
  // The first sample is the hero's largest paint: fetch it with the page, in the best format.
  for (const side of ["before", "after"] as const) {
    const first = sampleSources(LANDING_SAMPLES[0], side);
    if (first)
      preload(sampleSource(LANDING_SAMPLES[0], side), {
        as: "image",
        type: "image/avif",
        imageSrcSet: first.avif,
        imageSizes: first.sizes,
        fetchPriority: "high",
      });
  }

  return (
    <figure className="rounded-[2rem] border border-line bg-surface p-2.5 shadow-card sm:p-3">
      <div
        data-testid="compare-slider"
        className="relative aspect-[4/5] overflow-hidden rounded-[1.5rem] bg-canvas-deep"
      >
        <CompareSlider
          key={sample}
          label={t("landing.compare.label")}
          className="size-full"
          itemOne={
            <SampleImage
              src={sampleSource(sample, "before")}
              sources={sampleSources(sample, "before")}
              alt={`${name} — ${t("landing.compare.before")}`}
              tone="before"
              placeholderLabel={placeholder}
              isZoomed={isZoomed}
            />
          }
          itemTwo={
            <SampleImage
              src={sampleSource(sample, "after")}
              sources={sampleSources(sample, "after")}
              alt={`${name} — ${t("landing.compare.after")}`}
              tone="after"
              placeholderLabel={placeholder}
              isZoomed={isZoomed}
            />
          }
        />
        <CompareBadges before={t("landing.compare.before")} after={t("landing.compare.after")} />
      </div>
      <figcaption className="flex flex-col gap-3 px-1.5 pt-3.5 pb-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-1.5 text-[13px] text-muted">
            <MoveHorizontal aria-hidden="true" className="size-4" />
            {t("landing.compare.hint")}
          </p>
          <button
            type="button"
            aria-pressed={isZoomed}
            onClick={() => setIsZoomed((zoomed) => !zoomed)}
            data-testid="sample-zoom"
            className={cn(
              "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[12.5px] font-semibold transition-colors",
              isZoomed
                ? "border-accent-400 bg-accent-50 text-accent-700"
                : "border-line-strong bg-surface text-ink-soft hover:text-ink",
            )}
          >
            <ZoomIn aria-hidden="true" className="size-3.5" />
            {t("landing.compare.zoom")}
          </button>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not form fields. */}
        <div
          role="group"
          aria-label={t("landing.compare.pickerLabel")}
          data-testid="sample-picker"
          className="grid grid-cols-2 gap-1.5"
        >
          {LANDING_SAMPLES.map((id) => {
            const isActive = id === sample;
            return (
              <button
                key={id}
                type="button"
                data-testid={`sample-${id}`}
                aria-pressed={isActive}
                onClick={() => setSample(id)}
                className={cn(
                  "h-10 rounded-xl px-2 text-[13px] font-semibold transition-colors",
                  isActive
                    ? "bg-ink text-white shadow-soft"
                    : "bg-canvas text-ink-soft hover:bg-canvas-deep hover:text-ink",
                )}
              >
                {t(`landing.compare.samples.${id}`)}
              </button>
            );
          })}
        </div>
        <p className="px-0.5 text-[11px] leading-snug text-muted">{t("landing.compare.credit")}</p>
      </figcaption>
    </figure>
  );
}
