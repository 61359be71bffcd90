import { useTranslation } from "react-i18next";

/** The terms' minimum age (spec 01 §5, §9): every way of signing up asks, the server records it. */
export function AgeCheckbox({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-canvas/60 px-3.5 py-3 text-left">
      <input
        type="checkbox"
        data-testid={testId}
        name="ageConfirmed"
        required
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4.5 shrink-0 accent-accent-600"
      />
      <span className="flex flex-col gap-0.5">
        <span className="text-sm font-semibold text-ink">{t("signin.age.label")}</span>
        <span className="text-[13px] leading-snug text-muted">{t("signin.age.hint")}</span>
      </span>
    </label>
  );
}
