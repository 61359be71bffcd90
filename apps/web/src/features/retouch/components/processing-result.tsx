import { useTranslation } from "react-i18next";
import { ProcessingPanel } from "../../../components/tool/result-states.tsx";
import type { TRetouchJobState } from "../hooks/use-retouch-job.ts";

/** Processing (spec 02 §2.1): blurred original, status, queue position and ETA, "do not refresh". */
interface ProcessingResultProps {
  job: TRetouchJobState;
  previewUrl: string | null;
  onCancel?: () => void;
  isCancelling?: boolean;
}

export function ProcessingResult({ job, previewUrl, onCancel, isCancelling = false }: ProcessingResultProps) {
  const { t } = useTranslation();
  return (
    <ProcessingPanel
      title={t("retouch.result.processing")}
      previewUrl={previewUrl}
      queuePosition={job.queuePosition}
      etaSeconds={job.etaSeconds}
      isResumed={job.isResumed}
      onCancel={job.jobId ? onCancel : undefined}
      isCancelling={isCancelling}
      testIdPrefix="retouch"
    />
  );
}
