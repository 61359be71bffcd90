import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";

/** The terms' minimum age (spec 01 §5, §9): every way of signing up asks, the server records it. */
export function AgeCheckbox({
  checked,
  onChange,
  testId,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  /** Why the server refused the confirmation, shown under the box and tied to it. */
  error?: string;
}) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label
        className={cn(
          "flex cursor-pointer items-start gap-3 rounded-xl border bg-canvas/60 px-3.5 py-3 text-left",
          error ? "border-accent-500" : "border-line",
        )}
      >
        <input
          type="checkbox"
          data-testid={testId}
          name="ageConfirmed"
          required
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4.5 shrink-0 accent-accent-600"
        />
        <span className="flex flex-col gap-0.5">
          <span className="text-sm font-semibold text-ink">{t("signin.age.label")}</span>
          <span className="text-[13px] leading-snug text-muted">{t("signin.age.hint")}</span>
        </span>
      </label>
      {error && (
        <p id={errorId} className="text-[13px] font-medium text-accent-700">
          {error}
        </p>
      )}
    </div>
  );
}
