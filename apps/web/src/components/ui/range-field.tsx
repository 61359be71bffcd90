import { useId } from "react";
import { cn } from "./cn.ts";

interface RangeFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** Shown beside the label; also what a screen reader says unless `spokenValue` is given. */
  valueText: string;
  /** What a screen reader says when the shown figure alone is unclear (0.40 → "40%"). */
  spokenValue?: string;
  onChange: (value: number) => void;
  /** A line under the label saying what the slider does (read as the input's description). */
  hint?: string;
  disabled?: boolean;
  testId?: string;
}

/** A labelled native range input: arrow keys, Home/End and screen readers work as they should. */
export function RangeField({
  label,
  value,
  min,
  max,
  step,
  valueText,
  spokenValue,
  onChange,
  hint,
  disabled,
  testId,
}: RangeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const percent = ((value - min) / (max - min)) * 100;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between">
        <label
          htmlFor={id}
          className={cn("text-[13px] font-semibold", disabled ? "text-muted" : "text-ink-soft")}
        >
          {label}
        </label>
        {/* A disabled field's words stay readable (WCAG 1.4.3 in axe's reading); only the track fades. */}
        <output
          htmlFor={id}
          className={cn("text-sm font-bold tabular-nums", disabled ? "text-muted" : "text-ink")}
          data-testid={testId && `${testId}-value`}
        >
          {valueText}
        </output>
      </div>
      {hint ? (
        <p id={hintId} className="-mt-1.5 text-[12px] leading-snug text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-describedby={hint ? hintId : undefined}
        type="range"
        data-testid={testId}
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={spokenValue ?? valueText}
        onChange={(event) => onChange(Number(event.target.value))}
        style={{
          background: `linear-gradient(to right, var(--color-accent-500) ${percent}%, var(--color-line) ${percent}%)`,
        }}
        className="h-1.5 w-full cursor-pointer appearance-none rounded-full accent-accent-600 disabled:cursor-not-allowed disabled:opacity-55 [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-accent-600 [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-accent-600 [&::-webkit-slider-thumb]:shadow-soft"
      />
    </div>
  );
}
