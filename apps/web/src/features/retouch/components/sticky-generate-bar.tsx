import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import type { TGenerateBlock } from "../lib/generate-rules.ts";
import type { TRetouchOptions, TRetouchOptionsAction } from "../lib/retouch-options.ts";
import { GenerateButton } from "./generate-button.tsx";
import { StyleFields } from "./style-fields.tsx";

interface StickyGenerateBarProps {
  isVisible: boolean;
  options: TRetouchOptions;
  dispatch: (action: TRetouchOptionsAction) => void;
  cost: number;
  credits: number;
  block: TGenerateBlock | null;
  isWorking: boolean;
  onGenerate: () => void;
}

/**
 * The sticky bottom bar (spec 02 §2.1): the three dropdowns and Generate, shown while the main
 * Generate button is off screen. The right edge leaves room for the floating community button.
 */
export function StickyGenerateBar({ isVisible, options, dispatch, ...generate }: StickyGenerateBarProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("retouch.generate.barLabel")}
      data-testid="retouch-sticky-bar"
      data-visible={isVisible}
      inert={!isVisible}
      className={cn(
        "fixed inset-x-0 bottom-0 z-30 border-t border-line/80 bg-canvas/90 backdrop-blur-md transition-transform duration-200",
        "pb-[max(0.625rem,env(safe-area-inset-bottom))]",
        isVisible ? "translate-y-0" : "translate-y-full",
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 pt-2.5 pr-[4.75rem] min-[700px]:flex-row min-[700px]:items-center min-[700px]:gap-4 min-[700px]:px-6 min-[700px]:pr-24">
        <div className="min-w-0 flex-1">
          <StyleFields options={options} dispatch={dispatch} isCompact testIdPrefix="bar" />
        </div>
        <div className="min-[700px]:w-72">
          <GenerateButton {...generate} isCompact testId="bar-generate" />
        </div>
      </div>
    </section>
  );
}
