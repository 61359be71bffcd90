import { Coins, Sparkles } from "lucide-react";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import type { TGenerateBlock } from "../lib/generate-rules.ts";

interface GenerateButtonProps {
  cost: number;
  credits: number;
  block: TGenerateBlock | null;
  isWorking: boolean;
  onGenerate: () => void;
  isCompact?: boolean;
  testId?: string;
}

const BLOCK_HINT: Partial<Record<TGenerateBlock, string>> = {
  noImage: "retouch.generate.needImage",
  credits: "retouch.generate.notEnough",
};

/** Generate, with the cost and the credits held (spec 02 §2.1); the reason it is off, if it is. */
export const GenerateButton = forwardRef<HTMLButtonElement, GenerateButtonProps>(function GenerateButton(
  { cost, credits, block, isWorking, onGenerate, isCompact = false, testId = "retouch-generate" },
  ref,
) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const hintKey = block ? BLOCK_HINT[block] : undefined;
  const hint = hintKey ? t(hintKey as "retouch.generate.needImage") : undefined;
  return (
    <button
      ref={ref}
      type="button"
      data-testid={testId}
      disabled={block !== null}
      title={hint}
      aria-describedby={undefined}
      onClick={onGenerate}
      className={cn(
        "group flex w-full items-center justify-between gap-3 rounded-2xl bg-gradient-to-r from-accent-600 to-accent-700 text-left text-white shadow-soft transition",
        "hover:from-accent-700 hover:to-accent-800 disabled:cursor-not-allowed disabled:from-accent-300 disabled:to-accent-300",
        isCompact ? "h-12 px-4" : "h-15 px-5",
      )}
    >
      <span className="flex items-center gap-2 font-bold">
        {isWorking ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" className="size-4.5" />}
        <span className={isCompact ? "text-[15px]" : "text-base"}>
          {isWorking ? t("retouch.generate.working") : t("retouch.generate.button")}
        </span>
      </span>
      <span className="flex flex-col items-end leading-tight">
        <span
          className="flex items-center gap-1 text-[13px] font-bold tabular-nums"
          data-testid={`${testId}-cost`}
        >
          <Coins aria-hidden="true" className="size-3.5 opacity-80" />
          {t("retouch.generate.cost", { cost: formatNumber(cost, locale) })}
        </span>
        <span className="text-[11px] font-medium tabular-nums text-white/75" data-testid={`${testId}-held`}>
          {hint ?? t("retouch.generate.held", { credits: formatNumber(credits, locale) })}
        </span>
      </span>
    </button>
  );
});
