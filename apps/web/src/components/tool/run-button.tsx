import { Coins, Sparkles } from "lucide-react";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/dates.ts";
import { usePageLocale } from "../../lib/locale.ts";
import { cn } from "../ui/cn.ts";
import { Spinner } from "../ui/spinner.tsx";

interface RunButtonProps {
  /** The tool's verb ("Generate", "Run"). */
  label: string;
  cost: number;
  credits: number;
  isDisabled: boolean;
  /** Why it is off, said where the credits held would be (and as its title). */
  disabledHint?: string | undefined;
  isWorking: boolean;
  onRun: () => void;
  isCompact?: boolean;
  /** Names the button, its cost (`-cost`) and its credits line (`-held`) for tests. */
  testId: string;
}

/**
 * Any paid tool's run button (spec 02 §2.1, §2.4 "Run button with credit cost"): the cost and the
 * credits held, a spinner while working, and the reason it is off, if it is.
 */
export const RunButton = forwardRef<HTMLButtonElement, RunButtonProps>(function RunButton(
  { label, cost, credits, isDisabled, disabledHint, isWorking, onRun, isCompact = false, testId },
  ref,
) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <button
      ref={ref}
      type="button"
      data-testid={testId}
      disabled={isDisabled}
      title={disabledHint}
      aria-describedby={undefined}
      onClick={onRun}
      className={cn(
        "group flex w-full items-center justify-between gap-3 rounded-2xl bg-gradient-to-r from-accent-600 to-accent-700 text-left text-white shadow-soft transition",
        "hover:from-accent-700 hover:to-accent-800 disabled:cursor-not-allowed disabled:from-accent-300 disabled:to-accent-300",
        isCompact ? "h-12 px-4" : "h-15 px-5",
      )}
    >
      <span className="flex items-center gap-2 font-bold">
        {isWorking ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" className="size-4.5" />}
        <span className={isCompact ? "text-[15px]" : "text-base"}>
          {isWorking ? t("tool.run.working") : label}
        </span>
      </span>
      <span className="flex flex-col items-end leading-tight">
        <span
          className="flex items-center gap-1 text-[13px] font-bold tabular-nums"
          data-testid={`${testId}-cost`}
        >
          <Coins aria-hidden="true" className="size-3.5 opacity-80" />
          {t("tool.run.cost", { cost: formatNumber(cost, locale) })}
        </span>
        <span className="text-[11px] font-medium tabular-nums text-white/75" data-testid={`${testId}-held`}>
          {disabledHint ?? t("tool.run.held", { credits: formatNumber(credits, locale) })}
        </span>
      </span>
    </button>
  );
});
