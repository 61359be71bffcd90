import {
  isOverScaleLimit,
  maxAllowedScale,
  qualityBadge,
  SCALE_LIMIT_SUM_PX,
  SCALE_MAX,
  SCALE_MIN,
  SCALE_STEP,
  scaledSize,
  type TQualityBadge,
} from "@gyeol/shared/retouch";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { RangeField } from "../../../components/ui/range-field.tsx";

const BADGE_TONE: Record<TQualityBadge, string> = {
  BEST: "bg-emerald-50 text-emerald-700 ring-emerald-100",
  NORMAL: "bg-amber-50 text-amber-700 ring-amber-100",
  WORST: "bg-accent-50 text-accent-700 ring-accent-100",
};

interface ScaleCardProps {
  scale: number;
  onChange: (scale: number) => void;
  size: { width: number; height: number } | null;
}

/**
 * The resize slider 0–2 in steps of 0.1, disabled without an image, with the quality badge (spec 02
 * §2.1, §5). It offers only scales whose output stays under the scale limit (issue 26: a 1333×1000
 * photo stops at 1.7) and says why the rest are not there.
 */
export function ScaleCard({ scale, onChange, size }: ScaleCardProps) {
  const { t } = useTranslation();
  const max = size ? maxAllowedScale(size.width, size.height) : SCALE_MAX;
  const isScaleOver = size ? isOverScaleLimit(size.width, size.height, scale) : false;
  // A new photo (or a restored setting) may leave the scale above what this photo can take.
  useEffect(() => {
    if (isScaleOver && scale > max) onChange(max);
  }, [isScaleOver, scale, max, onChange]);
  const output = size ? scaledSize(size.width, size.height, scale) : null;
  const badge = size ? qualityBadge(size.width, size.height, scale) : null;
  return (
    <OptionCard
      title={t("retouch.scale.title")}
      testId="retouch-scale-card"
      aside={
        badge && (
          <span
            data-testid="retouch-quality-badge"
            title={t("retouch.scale.qualityLabel")}
            className={cn(
              "rounded-full px-2.5 py-0.5 text-[11px] font-extrabold tracking-wide ring-1",
              BADGE_TONE[badge],
            )}
          >
            <span className="sr-only">{t("retouch.scale.qualityLabel")}: </span>
            {badge} · {t(`retouch.scale.quality.${badge}`)}
          </span>
        )
      }
    >
      <RangeField
        label={t("retouch.scale.label")}
        value={scale}
        min={SCALE_MIN}
        max={max}
        step={SCALE_STEP}
        valueText={
          scale === 0 ? t("retouch.scale.original") : t("retouch.scale.value", { value: scale.toFixed(1) })
        }
        onChange={onChange}
        disabled={!size}
        testId="retouch-scale"
      />
      <p className="mt-2.5 text-[13px] text-muted" data-testid="retouch-output-size">
        {output ? t("retouch.scale.output", output) : t("retouch.scale.disabledHint")}
      </p>
      {size && max < SCALE_MAX && (
        <p className="mt-1 text-[12px] text-ink-soft" data-testid="retouch-scale-max">
          {t("toolLimits.retouchMaxScale", {
            max: max.toFixed(1),
            limit: SCALE_LIMIT_SUM_PX.toLocaleString(),
          })}
        </p>
      )}
    </OptionCard>
  );
}
