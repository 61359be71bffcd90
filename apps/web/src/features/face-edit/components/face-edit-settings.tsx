import {
  FACE_EDIT_GENDERS,
  FACE_EDIT_INTENSITY_MAX,
  FACE_EDIT_INTENSITY_MIN,
  FACE_EDIT_INTENSITY_STEP,
  roundIntensity,
  type TFaceEditGender,
} from "@gyeol/shared/face-edit";
import { ChevronDown, Cpu } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { RangeField } from "../../../components/ui/range-field.tsx";

interface FaceEditSettingsProps {
  gender: TFaceEditGender;
  onGender: (gender: TFaceEditGender) => void;
  intensity: number;
  onIntensity: (value: number) => void;
  isLocked: boolean;
}

/** Gender (female by default) and intensity 0–1 in steps of 0.1, one decimal (spec 02 §2.4). */
export function FaceEditSettings({
  gender,
  onGender,
  intensity,
  onIntensity,
  isLocked,
}: FaceEditSettingsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <OptionCard title={t("faceEdit.options.title")} testId="face-edit-settings">
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-[13px] font-semibold text-ink-soft">
            {t("faceEdit.options.gender")}
          </label>
          <div className="relative">
            <select
              id={id}
              data-testid="face-edit-gender"
              value={gender}
              disabled={isLocked}
              onChange={(event) => onGender(event.target.value as TFaceEditGender)}
              className="h-11 w-full cursor-pointer appearance-none rounded-xl border border-line-strong bg-surface pr-10 pl-3.5 text-[15px] font-medium text-ink transition-colors hover:border-accent-300 focus-visible:border-accent-500 focus-visible:outline-2 focus-visible:outline-accent-200 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {FACE_EDIT_GENDERS.map((value) => (
                <option key={value} value={value}>
                  {t(`faceEdit.options.genders.${value}`)}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted"
            />
          </div>
        </div>
        <RangeField
          label={t("faceEdit.options.intensity")}
          value={intensity}
          min={FACE_EDIT_INTENSITY_MIN}
          max={FACE_EDIT_INTENSITY_MAX}
          step={FACE_EDIT_INTENSITY_STEP}
          valueText={intensity.toFixed(1)}
          spokenValue={t("faceEdit.options.intensitySpoken", { percent: Math.round(intensity * 100) })}
          onChange={(value) => onIntensity(roundIntensity(value))}
          disabled={isLocked}
          testId="face-edit-intensity"
        />
      </div>
    </OptionCard>
  );
}

/**
 * What the built-in engine does (issue 24): it reshapes the painted face in the chosen direction
 * and smooths the skin lightly; a new face needs a connected generative provider. Shown before a
 * run when the server says the built-in engine is in use, and after a result it made; a result
 * whose painted area held no face says so.
 */
export function EngineNote({ gender, noFace }: { gender: TFaceEditGender; noFace: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="face-edit-engine-note"
      className="flex gap-2.5 rounded-2xl border border-line bg-canvas px-3.5 py-3 text-[12.5px] leading-relaxed text-ink-soft"
    >
      <Cpu aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p>
          <strong className="font-semibold text-ink">{t("faceEdit.engine.builtin")}</strong> ·{" "}
          {t("faceEdit.engine.builtinHint")}
        </p>
        <p data-testid="face-edit-engine-direction">{t(`faceEdit.engine.direction.${gender}`)}</p>
        <p>{t("faceEdit.engine.paintTip")}</p>
        <p className="text-muted">{t("faceEdit.engine.generative")}</p>
        {noFace && (
          <p data-testid="face-edit-engine-no-face" className="font-medium text-ink">
            {t("faceEdit.engine.noFace")}
          </p>
        )}
      </div>
    </div>
  );
}
