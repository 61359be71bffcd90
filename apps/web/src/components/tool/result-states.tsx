import type { TFunction } from "i18next";
import { Hourglass, RotateCcw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useCountdown } from "../../lib/use-countdown.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

/**
 * The result states every job tool shows (spec 02 §2.1, §4.4): the photo behind a small panel
 * while loading or processing (queue place, ETA counted down, "do not refresh", cancel), and the
 * failure with its reason and "Try again". Test ids start with the tool's `testIdPrefix`.
 */

interface BackdropProps {
  imageUrl: string | null;
  testId: string;
  isBlurred?: boolean;
  children: ReactNode;
}

/** The photo dimmed behind a small floating panel. */
export function Backdrop({ imageUrl, testId, isBlurred = true, children }: BackdropProps) {
  return (
    <div
      data-testid={testId}
      className="relative grid min-h-72 place-items-center overflow-hidden rounded-2xl bg-canvas-deep min-[700px]:min-h-96"
    >
      {imageUrl && (
        <img
          src={imageUrl}
          alt=""
          className={
            isBlurred
              ? "absolute inset-0 size-full scale-110 object-cover blur-lg"
              : "absolute inset-0 size-full object-cover opacity-35"
          }
        />
      )}
      <div className="relative m-4 flex max-w-xs flex-col items-center gap-2 rounded-2xl bg-surface/92 px-6 py-5 text-center shadow-card backdrop-blur">
        {children}
      </div>
    </div>
  );
}

export function LoadingPanel({
  previewUrl,
  testIdPrefix,
}: {
  previewUrl: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Backdrop imageUrl={previewUrl} testId={`${testIdPrefix}-result-loading`}>
      <Spinner className="size-7 text-accent-600" />
      <p className="text-sm font-semibold text-ink">{t("tool.result.loading")}</p>
    </Backdrop>
  );
}

interface ProcessingPanelProps {
  /** What the tool is doing ("AI is retouching your photo"). */
  title: string;
  previewUrl: string | null;
  /** 1-based place in the queue, 0 while running, null when unknown. */
  queuePosition: number | null;
  etaSeconds: number | null;
  isResumed: boolean;
  onCancel?: (() => void) | undefined;
  isCancelling?: boolean;
  testIdPrefix: string;
}

export function ProcessingPanel({
  title,
  previewUrl,
  queuePosition,
  isResumed,
  onCancel,
  isCancelling = false,
  testIdPrefix,
  ...rest
}: ProcessingPanelProps) {
  const { t } = useTranslation();
  const etaSeconds = useCountdown(rest.etaSeconds);
  // Running with no time left to promise (the server's estimate, or the local countdown, ran out):
  // say so honestly instead of "about 1 second left" for half a minute.
  const isOverdue = queuePosition === 0 && (etaSeconds === null || etaSeconds <= 0);
  const place =
    queuePosition === null
      ? null
      : queuePosition > 0
        ? t("tool.result.queue", { position: queuePosition })
        : t("tool.result.running");
  const eta = isOverdue
    ? t("tool.result.etaOverdue")
    : etaSeconds === null || etaSeconds <= 0
      ? null
      : etaSeconds >= 90
        ? t("tool.result.etaMinutes", { minutes: Math.round(etaSeconds / 60) })
        : t("tool.result.eta", { seconds: etaSeconds });
  const spoken = [place, spokenEta(etaSeconds, isOverdue, t)].filter(Boolean).join(" · ");
  return (
    <Backdrop imageUrl={previewUrl} testId={`${testIdPrefix}-result-processing`}>
      <Spinner className="size-7 text-accent-600" />
      <p className="text-[15px] font-bold text-ink" role="status">
        {title}
      </p>
      {(place || eta) && (
        // The countdown ticks every second: read out, it would interrupt a screen reader each time.
        // It is shown as is, and a polite status below speaks only when the place or the rough
        // estimate changes (issue 17: progress announced politely, not on every tick).
        <p
          aria-hidden="true"
          className="text-[13px] font-semibold text-accent-700 tabular-nums"
          data-testid={`${testIdPrefix}-queue`}
        >
          {[place, eta].filter(Boolean).join(" · ")}
        </p>
      )}
      <p role="status" aria-live="polite" className="sr-only" data-testid={`${testIdPrefix}-queue-spoken`}>
        {spoken}
      </p>
      {isResumed && <p className="text-[12px] text-muted">{t("tool.result.resumed")}</p>}
      <p className="mt-1 flex items-center gap-1.5 rounded-full bg-canvas px-3 py-1 text-[12px] font-medium text-ink-soft">
        <Hourglass aria-hidden="true" className="size-3.5" />
        {t("tool.result.doNotRefresh")}
      </p>
      {onCancel && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1"
          data-testid={`${testIdPrefix}-cancel`}
          isLoading={isCancelling}
          onClick={onCancel}
        >
          {t("tool.result.cancel")}
        </Button>
      )}
    </Backdrop>
  );
}

/** The estimate as a screen reader hears it: whole minutes, or "under a minute", never seconds. */
function spokenEta(etaSeconds: number | null, isOverdue: boolean, t: TFunction): string | null {
  if (isOverdue) return t("tool.result.etaOverdue");
  if (etaSeconds === null || etaSeconds <= 0) return null;
  if (etaSeconds < 60) return t("tool.result.etaUnderMinute");
  return t("tool.result.etaMinutes", { minutes: Math.round(etaSeconds / 60) });
}

interface FailedPanelProps {
  /** Why the job failed (the status answer's code); JOB_CANCELLED reads as cancelled. */
  code: string | null;
  /** The reason in the page's language (the tool's own catalogue). */
  message: string;
  onRetry: () => void;
  testIdPrefix: string;
}

export function FailedPanel({ code, message, onRetry, testIdPrefix }: FailedPanelProps) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={`${testIdPrefix}-result-failed`}
      role="alert"
      className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl bg-accent-50/60 px-6 py-10 text-center ring-1 ring-accent-100"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-surface text-accent-600 shadow-soft">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-bold text-ink">
        {t(code === "JOB_CANCELLED" ? "tool.result.cancelledTitle" : "tool.result.failedTitle")}
      </p>
      <p
        data-testid={`${testIdPrefix}-failed-reason`}
        className="max-w-sm text-[13px] leading-relaxed text-ink-soft"
      >
        {message}
      </p>
      <Button
        variant="dark"
        size="sm"
        onClick={onRetry}
        data-testid={`${testIdPrefix}-try-again`}
        className="mt-1"
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {t("tool.result.tryAgain")}
      </Button>
    </div>
  );
}
