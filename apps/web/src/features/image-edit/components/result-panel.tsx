import { Columns2, Download, Maximize2, PencilLine, Wand2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { CompareView } from "../../../components/ui/compare-view.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { isRefundedRow, type TEditErrorRow } from "../lib/image-edit-rules.ts";

export interface TResultView {
  urls: string[];
  /** Asked and delivered, when fewer came back (spec 02 §7 partial). */
  partial: { asked: number; got: number } | null;
  /** The run's first input image, for the before/after slider (issue 26); null when unknown. */
  beforeUrl: string | null;
}

/** The result card (spec 02 §2.2): empty, working, or one image large / up to 8 in a grid. */
export function ResultPanel({
  result,
  isWorking,
  queuePosition,
  isGatewayWait,
  onZoom,
  onDownload,
  onRetouch,
  onEditAgain,
  onCancel,
  isCancelling = false,
  busyUrl,
}: {
  result: TResultView | null;
  isWorking: boolean;
  queuePosition: number | null;
  isGatewayWait: boolean;
  onZoom: (index: number) => void;
  onDownload: (url: string) => void;
  onRetouch: (url: string) => void;
  /** Issue 26: the result becomes the next run's input image. */
  onEditAgain: (url: string) => void;
  /** While a run is queued or running (not while history is watched after a 524). */
  onCancel?: (() => void) | undefined;
  isCancelling?: boolean;
  busyUrl: string | null;
}) {
  const { t } = useTranslation();
  const urls = result?.urls.slice(0, 8) ?? [];
  return (
    <section
      aria-labelledby="image-edit-result-title"
      aria-busy={isWorking}
      data-testid="image-edit-result"
      data-state={isWorking ? "working" : urls.length > 0 ? "done" : "empty"}
      className="rounded-3xl border border-line bg-surface p-4 shadow-soft"
    >
      <h2 id="image-edit-result-title" className="text-[15px] font-bold text-ink">
        {t("imageEdit.result.title")}
      </h2>
      {isWorking ? (
        <div className="mt-3 flex min-h-48 flex-col items-center justify-center gap-3 rounded-2xl bg-canvas-deep p-6 text-center">
          <Spinner className="size-7" />
          <p className="text-[14px] text-ink-soft" role="status">
            {isGatewayWait
              ? t("imageEdit.result.gatewayWait")
              : queuePosition && queuePosition > 0
                ? t("imageEdit.result.queue", { position: queuePosition })
                : t("imageEdit.result.working")}
          </p>
          {onCancel && (
            <Button
              variant="secondary"
              size="sm"
              data-testid="image-edit-cancel"
              isLoading={isCancelling}
              onClick={onCancel}
            >
              {t("tool.result.cancel")}
            </Button>
          )}
        </div>
      ) : urls.length === 0 ? (
        <p className="mt-3 flex min-h-32 items-center justify-center rounded-2xl bg-canvas-deep p-6 text-center text-[14px] text-muted">
          {t("imageEdit.result.empty")}
        </p>
      ) : (
        <>
          {result?.partial && (
            <p
              className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-[13px] text-amber-900"
              data-testid="image-edit-partial"
            >
              {t("imageEdit.result.partial", { asked: result.partial.asked, got: result.partial.got })}
            </p>
          )}
          <ul className={cn("mt-3 grid gap-2", urls.length === 1 ? "grid-cols-1" : "grid-cols-2")}>
            {urls.map((url, index) => (
              <ResultTile
                key={url}
                url={url}
                index={index}
                isSingle={urls.length === 1}
                beforeUrl={result?.beforeUrl ?? null}
                onZoom={() => onZoom(index)}
                onDownload={() => onDownload(url)}
                onRetouch={() => onRetouch(url)}
                onEditAgain={() => onEditAgain(url)}
                isDownloading={busyUrl === url}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * One result with its actions: zoom, download, send to retouch, edit again, and a before/after
 * slider against the run's first input image where it is known (issue 26).
 */
function ResultTile(props: {
  url: string;
  index: number;
  isSingle: boolean;
  beforeUrl: string | null;
  onZoom: () => void;
  onDownload: () => void;
  onRetouch: () => void;
  onEditAgain: () => void;
  isDownloading: boolean;
}) {
  const { t } = useTranslation();
  const { url, index, beforeUrl } = props;
  const [isComparing, setIsComparing] = useState(false);
  return (
    <li className="overflow-hidden rounded-2xl bg-canvas-deep ring-1 ring-line">
      {isComparing && beforeUrl ? (
        <CompareView
          beforeUrl={beforeUrl}
          afterUrl={url}
          labels={{
            before: t("imageEdit.result.before"),
            after: t("imageEdit.result.after", { index: index + 1 }),
            compare: t("imageEdit.result.compareSlider"),
          }}
          testId={`image-edit-compare-view-${index}`}
        />
      ) : (
        <button
          type="button"
          className="block w-full"
          aria-label={t("imageEdit.result.zoom")}
          onClick={props.onZoom}
        >
          <img
            src={url}
            alt={t("imageEdit.result.image", { index: index + 1 })}
            data-testid={`image-edit-result-${index}`}
            className={cn(
              "w-full object-contain",
              props.isSingle ? "max-h-[32rem]" : "aspect-square object-cover",
            )}
          />
        </button>
      )}
      <div className="flex flex-wrap gap-1 p-2">
        <Button variant="secondary" size="sm" onClick={props.onZoom} aria-label={t("imageEdit.result.zoom")}>
          <Maximize2 aria-hidden="true" className="size-3.5" />
        </Button>
        {beforeUrl && (
          <Button
            variant="secondary"
            size="sm"
            data-testid={`image-edit-compare-${index}`}
            aria-pressed={isComparing}
            onClick={() => setIsComparing((now) => !now)}
          >
            <Columns2 aria-hidden="true" className="size-3.5" />
            {isComparing ? t("imageEdit.result.compareOff") : t("imageEdit.result.compare")}
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          data-testid={`image-edit-download-${index}`}
          isLoading={props.isDownloading}
          onClick={props.onDownload}
        >
          <Download aria-hidden="true" className="size-3.5" />
          {t("imageEdit.result.download")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          data-testid={`image-edit-retouch-${index}`}
          onClick={props.onRetouch}
        >
          <Wand2 aria-hidden="true" className="size-3.5" />
          {t("imageEdit.result.toRetouch")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          data-testid={`image-edit-edit-again-${index}`}
          onClick={props.onEditAgain}
        >
          <PencilLine aria-hidden="true" className="size-3.5" />
          {t("toolFlow.editAgain")}
        </Button>
      </div>
    </li>
  );
}

/** spec 02 §8's error modal: the row's sentence and whether the credits came back. */
/**
 * A vendor failure (a row of spec 02 §8's table, titled "Generation failed"), or a sentence titled
 * by what failed (issue 26): an upload refusal is not a failed generation.
 */
export type TEditErrorState =
  | { row: TEditErrorRow }
  | { title: "upload" | "run" | "download"; message: string }
  | null;

export function EditErrorModal({ error, onClose }: { error: TEditErrorState; onClose: () => void }) {
  const { t } = useTranslation();
  const row = error && "row" in error ? error.row : null;
  return (
    <Dialog
      open={error !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        error && "title" in error ? t(`toolLimits.errorTitles.${error.title}`) : t("imageEdit.errors.title")
      }
      testId="image-edit-error"
      description={
        error === null ? undefined : "message" in error ? (
          error.message
        ) : (
          <>
            <span data-testid="image-edit-error-row" data-row={row}>
              {t(`imageEdit.errors.${error.row}`)}
            </span>{" "}
            <span data-testid="image-edit-error-refund">
              {isRefundedRow(error.row) ? t("imageEdit.errors.refunded") : t("imageEdit.errors.notRefunded")}
            </span>
          </>
        )
      }
    >
      <Button className="w-full" onClick={onClose} data-testid="image-edit-error-ok">
        {t("imageEdit.errors.ok")}
      </Button>
    </Dialog>
  );
}
