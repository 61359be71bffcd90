import { MONTHLY_CREDITS, type TPlan } from "@gyeol/shared/plans";
import { ArrowDown, ArrowRight, Info, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import type { TPendingPlanChange } from "../hooks/use-pricing-actions.ts";

interface PlanChangeDialogProps {
  change: TPendingPlanChange | null;
  isPending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

function PlanBox({ label, plan, isTarget }: { label: string; plan: TPlan; isTarget?: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const credits = plan === "free" ? 0 : MONTHLY_CREDITS[plan];
  return (
    <div
      className={cn(
        "flex-1 rounded-2xl px-4 py-3.5 text-left",
        isTarget ? "bg-accent-50 ring-1 ring-accent-200" : "bg-canvas ring-1 ring-line",
      )}
    >
      <p className="text-xs font-semibold text-muted">{label}</p>
      <p className="mt-1 text-lg font-bold text-ink">{t(`plans.names.${plan}`)}</p>
      <p className="text-sm text-ink-soft">
        {t("pricing.confirm.credits", { value: formatNumber(credits, locale) })}
      </p>
    </div>
  );
}

/** The plan-change confirmation of spec 01 §4: current → target, timing, cancel release, warning. */
export function PlanChangeDialog({ change, isPending, onConfirm, onDismiss }: PlanChangeDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      title={t("pricing.confirm.title")}
      description={t("pricing.confirm.description")}
      confirmLabel={t("pricing.confirm.submit")}
      cancelLabel={t("pricing.confirm.keep")}
      onConfirm={onConfirm}
      isPending={isPending}
      testId="plan-change-dialog"
      className="max-w-md"
    >
      {change && (
        <div className="flex flex-col gap-3 text-left">
          <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
            <PlanBox label={t("pricing.confirm.current")} plan={change.current} />
            <ArrowRight
              aria-hidden="true"
              className="hidden size-5 shrink-0 self-center text-muted sm:block"
            />
            <ArrowDown aria-hidden="true" className="size-5 shrink-0 self-center text-muted sm:hidden" />
            <PlanBox label={t("pricing.confirm.target")} plan={change.target} isTarget />
          </div>
          <p data-testid="plan-change-timing" className="flex gap-2 text-sm leading-relaxed text-ink-soft">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
            {change.isDowngrade ? t("pricing.confirm.downgrade") : t("pricing.confirm.upgrade")}
          </p>
          {change.isCancelScheduled && (
            <p
              data-testid="plan-change-cancel-release"
              className="flex gap-2 text-sm leading-relaxed text-ink-soft"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
              {t("pricing.confirm.cancelScheduled")}
            </p>
          )}
          <p
            data-testid="plan-change-warning"
            className="flex gap-2 rounded-2xl bg-amber-50 px-3.5 py-3 text-sm leading-relaxed font-medium text-amber-900 ring-1 ring-amber-200"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("pricing.confirm.warning")}
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}
