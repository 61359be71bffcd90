import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResultViewer } from "../../../components/tool/result-viewer/result-viewer.tsx";
import { ShareCopiedDialog } from "../../../components/tool/share-copied-dialog.tsx";
import { CompareView } from "../../../components/ui/compare-view.tsx";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { useShareLink } from "../../../lib/share/use-share-link.ts";
import type { TRetouchJobState } from "../hooks/use-retouch-job.ts";
import { ProcessingResult } from "./processing-result.tsx";
import { ResultActions } from "./result-actions.tsx";
import { ResultReport } from "./result-report.tsx";
import { EmptyResult, FailedResult, LoadingResult, SampleResult } from "./result-states.tsx";

interface ResultCardProps {
  job: TRetouchJobState;
  /** The photo on screen, if any (upload preview or handoff). */
  previewUrl: string | null;
  isLoading: boolean;
  onRetry: () => void;
  /** Stops the running job (and refunds it); absent where a job cannot be cancelled. */
  onCancel?: () => void;
  isCancelling?: boolean;
}

/** The result card and its states (spec 02 §2.1): sample, empty, loading, processing, completed, failed. */
export function ResultCard({ job, previewUrl, isLoading, onRetry, onCancel, isCancelling }: ResultCardProps) {
  const { t } = useTranslation();
  const { download, busyUrl } = useDownload();
  const share = useShareLink();
  const [isZoomOpen, setIsZoomOpen] = useState(false);
  const backdropUrl = previewUrl ?? job.originalUrl;
  const labels = {
    before: t("retouch.result.before"),
    after: t("retouch.result.after"),
    compare: t("retouch.result.compareLabel"),
  };

  let body: React.ReactNode;
  if (job.phase === "completed" && job.result) {
    const beforeUrl = job.originalUrl ?? job.result;
    const afterUrl = job.result;
    body = (
      <div className="flex flex-col gap-3.5" data-testid="retouch-result-completed">
        <CompareView beforeUrl={beforeUrl} afterUrl={afterUrl} labels={labels} testId="retouch-compare" />
        <ResultReport identityScore={job.identityScore} retouchShare={job.retouchShare} engine={job.engine} />
        <ResultActions
          onZoom={() => setIsZoomOpen(true)}
          onDownload={() => void download(afterUrl)}
          isDownloading={busyUrl === afterUrl}
          onShare={share.isEnabled ? () => void share.copy() : undefined}
          isSharing={share.isCopying}
        />
        <ResultViewer
          index={isZoomOpen ? 0 : null}
          images={[afterUrl]}
          onClose={() => setIsZoomOpen(false)}
          title={labels.compare}
          beforeUrl={job.originalUrl}
          onDownload={(url) => void download(url)}
          busyUrl={busyUrl}
          isSplitAtStart
          testId="retouch-fullscreen"
        />
      </div>
    );
  } else if (job.phase === "processing")
    body = (
      <ProcessingResult job={job} previewUrl={backdropUrl} onCancel={onCancel} isCancelling={isCancelling} />
    );
  else if (job.phase === "failed") body = <FailedResult code={job.errorCode} onRetry={onRetry} />;
  else if (isLoading) body = <LoadingResult previewUrl={previewUrl} />;
  else if (previewUrl) body = <EmptyResult previewUrl={previewUrl} />;
  else body = <SampleResult />;

  return (
    <OptionCard title={t("retouch.result.title")} testId="retouch-result-card">
      <div aria-live="polite">{body}</div>
      <ShareCopiedDialog open={share.isCopiedOpen} onClose={share.closeCopied} testIdPrefix="retouch" />
    </OptionCard>
  );
}
