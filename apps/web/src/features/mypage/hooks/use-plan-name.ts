import { PLANS, type TPlan } from "@gyeol/shared/plans";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A plan's display name; a plan we do not know (the demo "pro") is shown as it comes. */
export function usePlanName() {
  const { t } = useTranslation();
  return useCallback(
    (plan: string) =>
      (PLANS as readonly string[]).includes(plan) ? t(`plans.names.${plan as TPlan}`) : plan,
    [t],
  );
}
