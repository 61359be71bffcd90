import type { TLocale } from "@gyeol/shared/constants";
import { useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { formatDate } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useCancelSubscription, useResumeSubscription } from "../api/subscription-actions.ts";
import { usePlanName } from "../hooks/use-plan-name.ts";
import {
  canCancelSubscription,
  canResumeSubscription,
  resolveDisplayStatus,
  type SubscriptionView,
  type TDisplayStatus,
} from "../lib/display-status.ts";

interface SubscriptionCardProps {
  view: SubscriptionView;
  startedAt: string | null;
  periodEnd: string | null;
}

const STATUS_TONE: Record<string, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  trialing: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  scheduledCancel: "bg-amber-50 text-amber-900 ring-amber-200",
  paused: "bg-amber-50 text-amber-900 ring-amber-200",
  past_due: "bg-red-50 text-red-800 ring-red-200",
  unpaid: "bg-red-50 text-red-800 ring-red-200",
  incomplete: "bg-red-50 text-red-800 ring-red-200",
};

function StatusBadge({ status }: { status: TDisplayStatus }) {
  const { t } = useTranslation();
  const key = "key" in status ? status.key : "raw";
  return (
    <span
      data-testid="mypage-subscription-status"
      // The floating community button steps aside rather than cover it on a phone (issue 30).
      data-keep-clear=""
      data-status={key}
      className={cn(
        "inline-flex items-center rounded-full px-3 py-1 text-sm font-bold ring-1",
        STATUS_TONE[key] ?? "bg-canvas text-ink-soft ring-line",
      )}
    >
      {"key" in status ? t(`mypage.subscription.statuses.${status.key}`) : status.raw}
    </span>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd data-testid={testId} className="font-semibold text-ink tabular-nums">
        {value}
      </dd>
    </div>
  );
}

function dateOrDash(value: string | null, locale: TLocale) {
  return value ? formatDate(value, locale) : "—";
}

/** Subscription details, the display status of spec 02 §4.5, cancel and resume with confirmation. */
export function SubscriptionCard({ view, startedAt, periodEnd }: SubscriptionCardProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const planName = usePlanName();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [dialog, setDialog] = useState<"cancel" | "resume" | null>(null);
  const status = resolveDisplayStatus(view);
  const isFree = view.plan === "free";
  const isCancelled = Boolean(view.cancelled_at);

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (response) => {
        setDialog(null);
        if (response.alreadyScheduled) toast(t("mypage.subscription.toasts.alreadyScheduled"));
        else if (response.scheduled) {
          toast.success(
            response.subscription_end_date
              ? t("mypage.subscription.toasts.scheduled", {
                  date: formatDate(response.subscription_end_date, locale),
                })
              : t("mypage.subscription.toasts.scheduledNoDate"),
          );
        } else toast.success(t("mypage.subscription.toasts.cancelled"));
      },
      onError: (error) => {
        setDialog(null);
        toast.error(
          isApiError(error)
            ? t("mypage.subscription.errors.cancelFailed", {
                reason: describeError(error, t, t("errors.generic")),
              })
            : t("mypage.subscription.errors.cancelError"),
        );
      },
    });

  const confirmResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        toast.success(t("mypage.subscription.toasts.resumed"));
      },
      onError: (error) => {
        setDialog(null);
        toast.error(
          isApiError(error)
            ? t("mypage.subscription.errors.resumeFailed", {
                reason: describeError(error, t, t("errors.generic")),
              })
            : t("mypage.subscription.errors.resumeError"),
        );
      },
    });

  return (
    <section
      data-testid="mypage-subscription"
      className="rounded-[1.75rem] border border-line bg-surface p-6 shadow-soft sm:p-7"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-ink">{t("mypage.subscription.title")}</h2>
        <StatusBadge status={status} />
      </div>

      {isFree ? (
        <p className="mt-4 leading-relaxed text-ink-soft">{t("mypage.subscription.none")}</p>
      ) : (
        <dl className="mt-4 divide-y divide-line">
          <Row
            label={t("mypage.subscription.plan")}
            value={planName(view.plan)}
            testId="mypage-subscription-plan"
          />
          {isCancelled ? (
            <Row
              label={t("mypage.subscription.endsOn")}
              value={dateOrDash(view.subscription_end_date, locale)}
              testId="mypage-subscription-end"
            />
          ) : view.next_renewal_date ? (
            <Row
              label={t("mypage.subscription.nextRenewal")}
              value={dateOrDash(view.next_renewal_date, locale)}
              testId="mypage-subscription-renewal"
            />
          ) : (
            <Row
              label={t("mypage.subscription.periodEnd")}
              value={dateOrDash(periodEnd, locale)}
              testId="mypage-subscription-period-end"
            />
          )}
          {startedAt && (
            <Row
              label={t("mypage.subscription.startedOn")}
              value={dateOrDash(startedAt, locale)}
              testId="mypage-subscription-start"
            />
          )}
        </dl>
      )}

      {(canCancelSubscription(view) || canResumeSubscription(view)) && (
        <div className="mt-5 flex flex-wrap gap-2.5 border-t border-line pt-5">
          {canCancelSubscription(view) && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setDialog("cancel")}
              data-testid="mypage-cancel"
            >
              {t("mypage.subscription.cancel")}
            </Button>
          )}
          {canResumeSubscription(view) && (
            <Button
              variant="primary"
              size="sm"
              onClick={() => setDialog("resume")}
              data-testid="mypage-resume"
            >
              {t("mypage.subscription.resume")}
            </Button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title={t("mypage.subscription.cancelDialog.title")}
        description={t("mypage.subscription.cancelDialog.body")}
        confirmLabel={t("mypage.subscription.cancelDialog.confirm")}
        cancelLabel={t("mypage.subscription.cancelDialog.keep")}
        onConfirm={confirmCancel}
        isPending={cancel.isPending}
        tone="danger"
        testId="cancel-dialog"
      />
      <ConfirmDialog
        open={dialog === "resume"}
        onOpenChange={(open) => setDialog(open ? "resume" : null)}
        title={t("mypage.subscription.resumeDialog.title")}
        description={t("mypage.subscription.resumeDialog.body")}
        confirmLabel={t("mypage.subscription.resumeDialog.confirm")}
        cancelLabel={t("mypage.subscription.resumeDialog.keep")}
        onConfirm={confirmResume}
        isPending={resume.isPending}
        testId="resume-dialog"
      />
    </section>
  );
}
