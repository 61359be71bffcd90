import type { TPaidPlan } from "@gyeol/shared/plans";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import type { PlanButtonState } from "../lib/plan-button.ts";

interface PlanActionButtonProps {
  plan: TPaidPlan;
  state: PlanButtonState;
  isFeatured: boolean;
  isLoading: boolean;
  onChoose: () => void;
}

/** The plan card's button (spec 01 §4); the cancelled state explains itself in a tooltip. */
export function PlanActionButton({ plan, state, isFeatured, isLoading, onChoose }: PlanActionButtonProps) {
  const { t } = useTranslation();
  const variant =
    state.kind === "active" || state.kind === "cancelled" || state.kind === "scheduled"
      ? "secondary"
      : isFeatured
        ? "primary"
        : "dark";
  const button = (
    <Button
      data-testid={`plan-button-${plan}`}
      data-kind={state.kind}
      variant={variant}
      size="lg"
      className="w-full"
      disabled={state.isDisabled}
      isLoading={isLoading}
      onClick={onChoose}
    >
      {t(`pricing.plans.buttons.${state.kind}`)}
    </Button>
  );
  if (!state.hasCancelledTooltip) return button;
  return (
    <Tooltip content={t("pricing.plans.cancelledTooltip")} testId={`plan-tooltip-${plan}`}>
      {button}
    </Tooltip>
  );
}
