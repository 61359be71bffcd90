import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { cn } from "../../../components/ui/cn.ts";

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T) => void;
  isCompact?: boolean;
  isLabelHidden?: boolean;
  disabled?: boolean;
  /** Options shown but not selectable (e.g. styles the user's plan does not include). */
  isOptionDisabled?: (value: T) => boolean;
  testId?: string;
}

/** A native select with a visible (or screen-reader) label: keyboard and phone pickers for free. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  isCompact = false,
  isLabelHidden = false,
  disabled,
  isOptionDisabled,
  testId,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label
        htmlFor={id}
        className={cn("text-[13px] font-semibold text-ink-soft", isLabelHidden && "sr-only")}
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          data-testid={testId}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as T)}
          className={cn(
            "w-full appearance-none truncate rounded-xl border border-line-strong bg-surface pr-8 pl-3 font-medium text-ink outline-none",
            "transition-colors hover:border-ink/25 focus:border-accent-400 focus:ring-4 focus:ring-accent-100",
            "disabled:cursor-not-allowed disabled:opacity-60",
            isCompact ? "h-10 text-[13px]" : "h-11 text-[15px]",
          )}
        >
          {options.map((option) => (
            <option key={option} value={option} disabled={isOptionDisabled?.(option) ?? false}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
