import {
  clampSide,
  editOutputTooSmall,
  IMAGE_EDIT_MAX_OUTPUTS,
  IMAGE_EDIT_MAX_SIDE,
  IMAGE_EDIT_MIN_OUTPUT_PIXELS,
  IMAGE_EDIT_MIN_SIDE,
  IMAGE_EDIT_SCALE_MAX,
  IMAGE_EDIT_SCALE_MIN,
  IMAGE_EDIT_SCALE_STEP,
  IMAGE_EDIT_SEED_MAX,
  IMAGE_EDIT_SEED_MIN,
  IMAGE_EDIT_SIZE_PRESETS,
  roundScale,
  scaledEditSize,
} from "@gyeol/shared/image-edit";
import { Lock, LockOpen } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { RangeField } from "../../../components/ui/range-field.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import type { TEditSettings } from "../lib/image-edit-rules.ts";

const chip = (isOn: boolean) =>
  cn(
    "h-8 rounded-full px-3 text-[12px] font-semibold tabular-nums transition",
    isOn ? "bg-accent-600 text-white" : "bg-canvas-deep text-ink-soft hover:bg-accent-100",
  );

/** Additional settings (spec 02 §5, §9): size presets, width and height, scale, seed with a lock, 1–4 images. */
export function EditSettings({
  settings,
  onChange,
  isSeedLocked,
  onSeedLock,
  isLocked,
}: {
  settings: TEditSettings;
  onChange: (next: TEditSettings) => void;
  isSeedLocked: boolean;
  onSeedLock: (locked: boolean) => void;
  isLocked: boolean;
}) {
  const { t } = useTranslation();
  const scaled = scaledEditSize(settings.width, settings.height, settings.scale);
  const tooSmall = editOutputTooSmall(settings.width, settings.height, settings.scale);
  const locale = usePageLocale();
  const set = (patch: Partial<TEditSettings>) => onChange({ ...settings, ...patch });
  const factor = (2 ** roundScale(settings.scale)).toFixed(2).replace(/\.?0+$/, "");
  return (
    <details
      open
      data-testid="image-edit-settings"
      className="rounded-3xl border border-line bg-surface p-4 shadow-soft [&_summary::-webkit-details-marker]:hidden"
    >
      <summary className="cursor-pointer text-[15px] font-bold text-ink">
        {t("imageEdit.settings.title")}
      </summary>
      <fieldset disabled={isLocked} className="mt-3 flex flex-col gap-4">
        <div>
          <p className="text-[13px] font-semibold text-ink-soft">{t("imageEdit.settings.size")}</p>
          <div className="mt-2 flex flex-wrap gap-1.5" data-testid="image-edit-presets">
            {IMAGE_EDIT_SIZE_PRESETS.map((preset) => (
              <button
                key={preset.ratio}
                type="button"
                title={`${preset.width}×${preset.height}`}
                aria-pressed={settings.width === preset.width && settings.height === preset.height}
                className={chip(settings.width === preset.width && settings.height === preset.height)}
                onClick={() => set({ width: preset.width, height: preset.height })}
              >
                {preset.ratio}
              </button>
            ))}
          </div>
          <div className="mt-3 grid grid-cols-2 gap-2">
            {(["width", "height"] as const).map((side) => (
              <label key={side} className="flex flex-col gap-1 text-[12px] font-semibold text-ink-soft">
                {t(`imageEdit.settings.${side}`)}
                <input
                  type="number"
                  inputMode="numeric"
                  data-testid={`image-edit-${side}`}
                  min={IMAGE_EDIT_MIN_SIDE}
                  max={IMAGE_EDIT_MAX_SIDE}
                  value={settings[side]}
                  onChange={(event) => set({ [side]: clampSide(Number(event.target.value)) })}
                  className="h-10 rounded-xl border border-line bg-surface px-3 text-[14px] text-ink tabular-nums"
                />
              </label>
            ))}
          </div>
        </div>
        <RangeField
          label={t("imageEdit.settings.scale")}
          value={roundScale(settings.scale)}
          min={IMAGE_EDIT_SCALE_MIN}
          max={IMAGE_EDIT_SCALE_MAX}
          step={IMAGE_EDIT_SCALE_STEP}
          valueText={t("imageEdit.settings.scaleValue", {
            factor,
            width: scaled.width,
            height: scaled.height,
          })}
          onChange={(value) => set({ scale: roundScale(value) })}
          testId="image-edit-scale"
        />
        {tooSmall && (
          <p
            role="alert"
            data-testid="image-edit-output-too-small"
            className="text-[12px] font-semibold text-red-700"
          >
            {t("toolLimits.editOutputTooSmall", {
              width: tooSmall.width,
              height: tooSmall.height,
              pixels: formatNumber(tooSmall.pixels, locale),
              minPixels: formatNumber(IMAGE_EDIT_MIN_OUTPUT_PIXELS, locale),
            })}
          </p>
        )}
        <SeedField
          seed={settings.seed}
          onSeed={(seed) => set({ seed })}
          isSeedLocked={isSeedLocked}
          onSeedLock={onSeedLock}
        />
        <div>
          <p className="text-[13px] font-semibold text-ink-soft">{t("imageEdit.settings.count")}</p>
          <div className="mt-2 flex gap-1.5" data-testid="image-edit-count">
            {Array.from({ length: IMAGE_EDIT_MAX_OUTPUTS }, (_, i) => i + 1).map((count) => (
              <button
                key={count}
                type="button"
                data-testid={`image-edit-count-${count}`}
                aria-pressed={settings.numImages === count}
                className={chip(settings.numImages === count)}
                onClick={() => set({ numImages: count })}
              >
                {t("imageEdit.settings.countValue", { count })}
              </button>
            ))}
          </div>
        </div>
      </fieldset>
    </details>
  );
}

/** The seed, and its lock: locked, every run uses it; open, each run draws a new one. */
function SeedField({
  seed,
  onSeed,
  isSeedLocked,
  onSeedLock,
}: {
  seed: number;
  onSeed: (seed: number) => void;
  isSeedLocked: boolean;
  onSeedLock: (locked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={`${id}-seed`} className="text-[13px] font-semibold text-ink-soft">
        {t("imageEdit.settings.seed")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-seed`}
          type="number"
          inputMode="numeric"
          data-testid="image-edit-seed"
          min={IMAGE_EDIT_SEED_MIN}
          max={IMAGE_EDIT_SEED_MAX}
          value={seed}
          onChange={(event) => {
            const value = Math.round(Number(event.target.value));
            if (Number.isFinite(value))
              onSeed(Math.min(IMAGE_EDIT_SEED_MAX, Math.max(IMAGE_EDIT_SEED_MIN, value)));
          }}
          className="h-10 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 text-[14px] text-ink tabular-nums"
        />
        <button
          type="button"
          data-testid="image-edit-seed-lock"
          aria-pressed={isSeedLocked}
          aria-label={isSeedLocked ? t("imageEdit.settings.seedUnlock") : t("imageEdit.settings.seedLock")}
          onClick={() => onSeedLock(!isSeedLocked)}
          className={cn(
            "flex size-10 items-center justify-center rounded-xl border",
            isSeedLocked ? "border-accent-600 bg-accent-600 text-white" : "border-line text-ink-soft",
          )}
        >
          {isSeedLocked ? (
            <Lock aria-hidden="true" className="size-4" />
          ) : (
            <LockOpen aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      <p className="mt-1 text-[12px] text-muted">
        {isSeedLocked ? t("imageEdit.settings.seedLocked") : t("imageEdit.settings.seedRandom")}
      </p>
    </div>
  );
}
