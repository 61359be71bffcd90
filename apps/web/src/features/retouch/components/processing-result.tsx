import { Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useCountdown } from "../hooks/use-countdown.ts";
import type { TRetouchJobState } from "../hooks/use-retouch-job.ts";
import { Backdrop } from "./result-states.tsx";

/** Processing (spec 02 §2.1): blurred original, status, queue position and ETA, "do not refresh". */
interface ProcessingResultProps {
  job: TRetouchJobState;
  previewUrl: string | null;
  onCancel?: () => void;
  isCancelling?: boolean;
}

export function ProcessingResult({ job, previewUrl, onCancel, isCancelling = false }: ProcessingResultProps) {
  const { t } = useTranslation();
  const { queuePosition } = job;
  const etaSeconds = useCountdown(job.etaSeconds);
  // Running with no time left to promise (the server's estimate, or the local countdown, ran out):
  // say so honestly instead of "about 1 second left" for half a minute.
  const isOverdue = queuePosition === 0 && (etaSeconds === null || etaSeconds <= 0);
  const place =
    queuePosition === null
      ? null
      : queuePosition > 0
        ? t("retouch.result.queue", { position: queuePosition })
        : t("retouch.result.running");
  const eta = isOverdue
    ? t("retouch.result.etaOverdue")
    : etaSeconds === null || etaSeconds <= 0
      ? null
      : etaSeconds >= 90
        ? t("retouch.result.etaMinutes", { minutes: Math.round(etaSeconds / 60) })
        : t("retouch.result.eta", { seconds: etaSeconds });
  return (
    <Backdrop imageUrl={previewUrl} testId="retouch-result-processing">
      <Spinner className="size-7 text-accent-600" />
      <p className="text-[15px] font-bold text-ink" role="status">
        {t("retouch.result.processing")}
      </p>
      {(place || eta) && (
        <p className="text-[13px] font-semibold text-accent-700 tabular-nums" data-testid="retouch-queue">
          {[place, eta].filter(Boolean).join(" · ")}
        </p>
      )}
      {job.isResumed && <p className="text-[12px] text-muted">{t("retouch.result.resumed")}</p>}
      <p className="mt-1 flex items-center gap-1.5 rounded-full bg-canvas px-3 py-1 text-[12px] font-medium text-ink-soft">
        <Hourglass aria-hidden="true" className="size-3.5" />
        {t("retouch.result.doNotRefresh")}
      </p>
      {onCancel && job.jobId && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1"
          data-testid="retouch-cancel"
          isLoading={isCancelling}
          onClick={onCancel}
        >
          {t("retouch.result.cancel")}
        </Button>
      )}
    </Backdrop>
  );
}
