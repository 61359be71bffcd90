import { useTranslation } from "react-i18next";
import { Backdrop, FailedPanel, LoadingPanel } from "../../../components/tool/result-states.tsx";
import { CompareView } from "../../../components/ui/compare-view.tsx";
import { describeJobFailure } from "../lib/retouch-errors.ts";

/** The non-completed result states of spec 02 §2.1, one small component each. */

export function SampleResult() {
  const { t } = useTranslation();
  return (
    <div className="relative" data-testid="retouch-result-sample">
      <CompareView
        beforeUrl="/samples/korean_basic-before.jpg"
        afterUrl="/samples/korean_basic-after.jpg"
        labels={{
          before: t("retouch.result.before"),
          after: t("retouch.result.after"),
          compare: t("retouch.result.compareLabel"),
        }}
        testId="retouch-sample-compare"
      />
      <div className="pointer-events-none absolute bottom-3 left-3 z-10 flex gap-1.5">
        <span className="rounded-full bg-paper/90 px-2.5 py-0.5 text-[11px] font-extrabold tracking-wide text-paper-ink shadow-soft">
          {t("retouch.result.sample")}
        </span>
        <span className="rounded-full bg-accent-600 px-2.5 py-0.5 text-[11px] font-extrabold tracking-wide text-white shadow-soft">
          {t("retouch.result.preview")}
        </span>
      </div>
      <p className="mt-3 text-center text-[13px] text-muted">{t("retouch.result.sampleHint")}</p>
    </div>
  );
}

export function EmptyResult({ previewUrl }: { previewUrl: string }) {
  const { t } = useTranslation();
  return (
    <Backdrop imageUrl={previewUrl} testId="retouch-result-empty" isBlurred={false}>
      <p className="text-[15px] font-bold text-ink">{t("retouch.result.emptyTitle")}</p>
      <p className="text-[13px] text-muted">{t("retouch.result.empty")}</p>
    </Backdrop>
  );
}

export function LoadingResult({ previewUrl }: { previewUrl: string | null }) {
  return <LoadingPanel previewUrl={previewUrl} testIdPrefix="retouch" />;
}

/** `code`: why the job failed (the status answer's code), read in the page's language. */
export function FailedResult({ code, onRetry }: { code: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FailedPanel code={code} message={describeJobFailure(code, t)} onRetry={onRetry} testIdPrefix="retouch" />
  );
}
