import { RotateCcw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { CompareView } from "../../../components/ui/compare-view.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
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
        <span className="rounded-full bg-white/90 px-2.5 py-0.5 text-[11px] font-extrabold tracking-wide text-ink shadow-soft">
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
  const { t } = useTranslation();
  return (
    <Backdrop imageUrl={previewUrl} testId="retouch-result-loading">
      <Spinner className="size-7 text-accent-600" />
      <p className="text-sm font-semibold text-ink">{t("retouch.result.loading")}</p>
    </Backdrop>
  );
}

/** `code`: why the job failed (the status answer's code), read in the page's language. */
export function FailedResult({ code, onRetry }: { code: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = describeJobFailure(code, t);
  return (
    <div
      data-testid="retouch-result-failed"
      role="alert"
      className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl bg-accent-50/60 px-6 py-10 text-center ring-1 ring-accent-100"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-surface text-accent-600 shadow-soft">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-bold text-ink">
        {t(code === "JOB_CANCELLED" ? "retouch.result.cancelledTitle" : "retouch.result.failedTitle")}
      </p>
      <p data-testid="retouch-failed-reason" className="max-w-sm text-[13px] leading-relaxed text-ink-soft">
        {message}
      </p>
      <Button variant="dark" size="sm" onClick={onRetry} data-testid="retouch-try-again" className="mt-1">
        <RotateCcw aria-hidden="true" className="size-4" />
        {t("retouch.result.tryAgain")}
      </Button>
    </div>
  );
}

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
