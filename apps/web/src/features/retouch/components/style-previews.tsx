import { listRetouchStyles, type TEthnicity, type TGender, type TRetouchStyle } from "@gyeol/shared/retouch";
import { Lock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";

/**
 * The preview of one style for one gender and ethnicity: a square face crop, the original on the
 * left half and the built-in engine's result on the right (scripts/engine-render-samples.ts).
 */
export function stylePreviewSource(gender: TGender, ethnicity: TEthnicity, style: TRetouchStyle): string {
  return `/styles/${gender}-${ethnicity}-${style}.jpg`;
}

interface StylePreviewsProps {
  gender: TGender;
  ethnicity: TEthnicity;
  value: TRetouchStyle;
  onChange: (style: TRetouchStyle) => void;
  isLocked: (style: TRetouchStyle) => boolean;
  testIdPrefix: string;
}

/** A small before/after per style the pair is offered; picking one sets the style. */
export function StylePreviews({
  gender,
  ethnicity,
  value,
  onChange,
  isLocked,
  testIdPrefix,
}: StylePreviewsProps) {
  const { t } = useTranslation();
  const styles = listRetouchStyles(gender, ethnicity);
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid={`${testIdPrefix}-style-previews`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons mirroring the select above. */}
      <div role="group" aria-label={t("retouch.options.previews.label")} className="grid grid-cols-3 gap-2">
        {styles.map((style) => {
          const isActive = style === value;
          const locked = isLocked(style);
          return (
            <button
              key={style}
              type="button"
              aria-pressed={isActive}
              disabled={locked}
              onClick={() => onChange(style)}
              data-testid={`${testIdPrefix}-style-preview-${style}`}
              className={cn(
                "group flex min-w-0 flex-col gap-1.5 rounded-xl border p-1.5 text-left transition-colors outline-none",
                "focus-visible:ring-4 focus-visible:ring-accent-100",
                isActive
                  ? "border-accent-400 bg-accent-50"
                  : "border-line bg-surface hover:border-ink/25 disabled:hover:border-line",
                locked && "cursor-not-allowed",
              )}
            >
              <PreviewImage
                src={stylePreviewSource(gender, ethnicity, style)}
                before={t("retouch.options.previews.before")}
                after={t("retouch.options.previews.after")}
              />
              <span
                className={cn(
                  "flex min-h-[2lh] items-start gap-1 px-0.5 text-[12.5px] leading-tight font-semibold break-keep",
                  isActive ? "text-accent-700" : "text-ink-soft",
                )}
              >
                {locked ? <Lock aria-hidden="true" className="mt-px size-3 shrink-0" /> : null}
                <span className="line-clamp-2">{t(`retouch.options.styles.${style}`)}</span>
              </span>
            </button>
          );
        })}
      </div>
      <p className="text-[11.5px] leading-snug text-muted">
        {t(`retouch.options.previews.caption.${gender}_${ethnicity}`)}
      </p>
    </div>
  );
}

/**
 * A before/after preview (left half before, right half after), shown as it is even for a style the
 * plan does not include: it shows what the plan adds. Also the fine-tuning card's.
 */
export function PreviewImage({ src, before, after }: { src: string; before: string; after: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <span className="relative block aspect-square overflow-hidden rounded-lg bg-canvas-deep">
      {hasFailed ? null : (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setHasFailed(true)}
          className="size-full object-cover select-none"
        />
      )}
      <span
        aria-hidden="true"
        className="absolute bottom-1 left-1 rounded bg-ink/65 px-1 py-px text-[10px] leading-tight font-semibold text-white"
      >
        {before}
      </span>
      <span
        aria-hidden="true"
        className="absolute right-1 bottom-1 rounded bg-accent-600/85 px-1 py-px text-[10px] leading-tight font-semibold text-white"
      >
        {after}
      </span>
    </span>
  );
}
