import {
  RETOUCH_CONTROL_STEP,
  RETOUCH_CONTROLS,
  type TRetouchControl,
  type TRetouchControls,
} from "@gyeol/shared/retouch";
import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { RangeField } from "../../../components/ui/range-field.tsx";
import { PreviewImage } from "./style-previews.tsx";

/**
 * The preview of one control: a face crop, the left half with the control at 0 and the right half
 * at 100% (scripts/engine-render-samples.ts renderControlPreviews).
 */
export function controlPreviewSource(control: TRetouchControl): string {
  return `/controls/${control}.jpg`;
}

interface FineTuneCardProps {
  controls: TRetouchControls;
  /** Whether any control differs from the style's defaults (the reset button is on then). */
  isChanged: boolean;
  onChange: (control: TRetouchControl, value: number) => void;
  onReset: () => void;
}

/**
 * Fine-tune (issue 24): blemishes, under-eye darkness, shine, fine lines and tone, each 0–100% in
 * steps of 5% starting from the chosen style's defaults, each with a small before/after.
 */
export function FineTuneCard({ controls, isChanged, onChange, onReset }: FineTuneCardProps) {
  const { t } = useTranslation();
  return (
    <OptionCard
      title={t("retouch.fineTune.title")}
      testId="retouch-fine-tune-card"
      aside={
        <button
          type="button"
          onClick={onReset}
          disabled={!isChanged}
          data-testid="retouch-fine-tune-reset"
          className="inline-flex min-h-8 items-center gap-1 rounded-full px-2.5 text-[12px] font-semibold text-accent-700 transition-colors outline-none hover:bg-accent-50 focus-visible:ring-4 focus-visible:ring-accent-100 disabled:text-muted disabled:hover:bg-transparent"
        >
          <RotateCcw aria-hidden="true" className="size-3.5" />
          {t("retouch.fineTune.reset")}
        </button>
      }
    >
      <p className="-mt-2 mb-3 text-[13px] text-muted">{t("retouch.fineTune.lead")}</p>
      <ul className="flex flex-col gap-3.5">
        {RETOUCH_CONTROLS.map((control) => (
          <li key={control} className="flex items-start gap-3" data-testid={`retouch-control-${control}-row`}>
            <span className="w-[5.5rem] shrink-0">
              <PreviewImage
                src={controlPreviewSource(control)}
                before={t("retouch.options.previews.before")}
                after={t("retouch.options.previews.after")}
              />
            </span>
            <div className="min-w-0 flex-1 pt-0.5">
              <RangeField
                label={t(`retouch.fineTune.controls.${control}.label`)}
                hint={t(`retouch.fineTune.controls.${control}.hint`)}
                value={controls[control]}
                min={0}
                max={1}
                step={RETOUCH_CONTROL_STEP}
                valueText={t("retouch.fineTune.percent", { percent: Math.round(controls[control] * 100) })}
                onChange={(value) => onChange(control, value)}
                testId={`retouch-control-${control}`}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-[11.5px] leading-snug text-muted">{t("retouch.fineTune.caption")}</p>
    </OptionCard>
  );
}
