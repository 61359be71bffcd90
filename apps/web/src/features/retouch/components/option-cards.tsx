import { useTranslation } from "react-i18next";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import {
  areControlsChanged,
  type TRetouchOptions,
  type TRetouchOptionsAction,
} from "../lib/retouch-options.ts";
import { AreasCard } from "./areas-card.tsx";
import { FilterCard } from "./filter-card.tsx";
import { FineTuneCard } from "./fine-tune-card.tsx";
import { ScaleCard } from "./scale-card.tsx";
import { StyleFields } from "./style-fields.tsx";

interface OptionCardsProps {
  options: TRetouchOptions;
  dispatch: (action: TRetouchOptionsAction) => void;
  /** The uploaded photo's size, or null before one is chosen (the scale needs it). */
  size: { width: number; height: number } | null;
}

/**
 * The retouch options (spec 02 §2.1): style, then its fine-tuning (issue 24) right under it, since
 * its defaults come from the style; resize, filter and the areas kept untouched.
 */
export function OptionCards({ options, dispatch, size }: OptionCardsProps) {
  const { t } = useTranslation();
  return (
    <>
      <OptionCard title={t("retouch.options.title")} testId="retouch-style-card">
        <StyleFields options={options} dispatch={dispatch} />
      </OptionCard>
      <FineTuneCard
        controls={options.controls}
        isChanged={areControlsChanged(options)}
        onChange={(key, value) => dispatch({ type: "control", key, value })}
        onReset={() => dispatch({ type: "resetControls" })}
      />
      <ScaleCard scale={options.scale} onChange={(value) => dispatch({ type: "scale", value })} size={size} />
      <FilterCard
        filter={options.filter}
        strength={options.strength}
        onFilter={(value) => dispatch({ type: "filter", value })}
        onStrength={(value) => dispatch({ type: "strength", value })}
      />
      <AreasCard
        exclusions={options.exclusions}
        onChange={(key, value) => dispatch({ type: "exclusion", key, value })}
      />
    </>
  );
}
