import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "./cn.ts";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string;
  /** A control drawn inside the right edge of the field (show-password toggle). */
  trailing?: ReactNode;
}

export function TextField({ label, hint, error, trailing, className, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            "h-12 w-full rounded-xl border bg-surface px-4 text-[15px] text-ink shadow-[inset_0_1px_1px_rgb(36_28_32/0.03)]",
            "placeholder:text-muted transition-colors outline-none",
            "focus:border-accent-400 focus:ring-4 focus:ring-accent-100",
            error ? "border-accent-500" : "border-line-strong hover:border-ink/25",
            trailing ? "pr-12" : null,
          )}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-[13px] text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-[13px] font-medium text-accent-700">
          {error}
        </p>
      )}
    </div>
  );
}
