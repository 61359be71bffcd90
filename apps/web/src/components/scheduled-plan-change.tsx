import type { TSubscriptionStatusResponse } from "@gyeol/shared/contracts/payment";
import { CalendarClock } from "lucide-react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeError } from "../lib/api-errors.ts";
import { findScheduledDowngrade } from "../lib/billing/subscription-rules.ts";
import { useKeepPlan } from "../lib/billing/use-keep-plan.ts";
import { formatDate } from "../lib/dates.ts";
import { usePageLocale } from "../lib/locale.ts";
import { Button } from "./ui/button.tsx";

/**
 * A downgrade waiting for the next renewal, said plainly with a one-click way back: a Premium user
 * who picked Basic by mistake keeps Premium without a new checkout (pricing page and My Page).
 */
export function ScheduledPlanChange({ status }: { status: TSubscriptionStatusResponse | undefined }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const keep = useKeepPlan();
  const downgrade = findScheduledDowngrade(status);
  if (!downgrade) return null;
  const from = t(`plans.names.${downgrade.from}`);
  const to = t(`plans.names.${downgrade.to}`);
  const onKeep = () =>
    keep.mutate(downgrade.from, {
      onSuccess: () => toast.success(t("billing.scheduledDowngrade.kept", { plan: from })),
      onError: (error) =>
        toast.error(
          t("billing.scheduledDowngrade.keepFailed", {
            reason: describeError(error, t, t("errors.generic")),
          }),
        ),
    });
  return (
    <div
      role="status"
      data-testid="scheduled-downgrade"
      className="flex flex-col gap-3 rounded-2xl bg-amber-50 px-5 py-4 text-amber-950 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2.5 text-[15px] leading-relaxed">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <span>
          {downgrade.effectiveAt
            ? t("billing.scheduledDowngrade.text", {
                from,
                to,
                date: formatDate(downgrade.effectiveAt, locale),
              })
            : t("billing.scheduledDowngrade.textNoDate", { from, to })}
        </span>
      </p>
      <Button
        variant="dark"
        size="sm"
        className="shrink-0"
        data-testid="scheduled-downgrade-keep"
        isLoading={keep.isPending}
        onClick={onKeep}
      >
        {t("billing.scheduledDowngrade.keep", { plan: from })}
      </Button>
    </div>
  );
}
