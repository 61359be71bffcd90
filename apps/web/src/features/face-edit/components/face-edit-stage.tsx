import { MASK_COLOR_RGB, MASK_OVERLAY_OPACITY, type TMaskColor } from "@gyeol/shared/mask";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { Brush, Check, Download, Expand, Link2, RotateCcw, X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DropZone } from "../../../components/tool/drop-zone.tsx";
import { UploadCard } from "../../../components/tool/upload-card.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { CompareView } from "../../../components/ui/compare-view.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { TFaceEditJobState } from "../hooks/use-face-edit-job.ts";
import type { TFaceEditUpload } from "../hooks/use-face-edit-upload.ts";

export interface TSavedMask {
  /** The private upload the job reads. */
  url: string;
  /** The same PNG, locally, for the overlay on the preview. */
  previewUrl: string;
  /** The colour chosen in the editor: the preview tints the mask in it. */
  color: TMaskColor;
}

interface FaceEditStageProps {
  upload: TFaceEditUpload;
  onFile: (file: File) => void;
  onRemove: () => void;
  mask: TSavedMask | null;
  onOpenMask: () => void;
  isSavingMask: boolean;
  job: TFaceEditJobState;
  /** The result is on screen (a finished job or a history item) rather than the photo to edit. */
  isResultShown: boolean;
  onBackToEdit: () => void;
  onCancel: () => void;
  isCancelling: boolean;
  onZoom: () => void;
  onDownload: () => void;
  isDownloading: boolean;
  /** Present only while the affiliate programme is on (spec 02 §2.4). */
  onShare?: (() => void) | undefined;
  isSharing: boolean;
}

/** The mask the user saved, tinted over the photo (white-on-black PNG read as a luminance mask). */
function MaskOverlay({ url, color }: { url: string; color: TMaskColor }) {
  const [r, g, b] = MASK_COLOR_RGB[color];
  return (
    <span
      aria-hidden="true"
      data-testid="face-edit-mask-overlay"
      data-color={color}
      className="pointer-events-none absolute inset-0"
      style={{
        backgroundColor: `rgb(${r} ${g} ${b} / ${MASK_OVERLAY_OPACITY + 0.15})`,
        maskImage: `url("${url}")`,
        maskMode: "luminance",
        maskSize: "100% 100%",
        maskRepeat: "no-repeat",
      }}
    />
  );
}

/** The finished result: the before/after slider with zoom, share and download, and a way back. */
function FaceEditResult({ props, resultUrl }: { props: FaceEditStageProps; resultUrl: string }) {
  const { t } = useTranslation();
  const { job } = props;
  const image = props.upload.image;
  const original = job.originalUrl ?? image?.previewUrl ?? null;
  return (
    <section
      data-testid="face-edit-result"
      className="rounded-3xl border border-line bg-surface p-4 shadow-soft min-[700px]:p-5"
    >
      <div className="mb-3.5 flex items-center justify-between gap-3">
        <h2 className="text-[15px] font-bold tracking-tight text-ink">{t("faceEdit.result.title")}</h2>
        {/* Always a way back: to the photo being edited, or to the upload area when the result
            came from history or a job picked up after a reload (issue 26). */}
        <Button variant="ghost" size="sm" onClick={props.onBackToEdit} data-testid="face-edit-back">
          <RotateCcw aria-hidden="true" className="size-4" />
          {image ? t("faceEdit.result.newRun") : t("faceEdit.result.uploadNew")}
        </Button>
      </div>
      {original ? (
        <CompareView
          beforeUrl={original}
          afterUrl={resultUrl}
          labels={{
            before: t("faceEdit.result.before"),
            after: t("faceEdit.result.after"),
            compare: t("faceEdit.result.compareLabel"),
          }}
          testId="face-edit-compare"
        />
      ) : (
        <img src={resultUrl} alt={t("faceEdit.result.after")} className="w-full rounded-2xl" />
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={props.onZoom} data-testid="face-edit-zoom">
          <Expand aria-hidden="true" className="size-4" />
          {t("faceEdit.result.zoom")}
        </Button>
        {props.onShare && (
          <Button
            variant="secondary"
            size="sm"
            onClick={props.onShare}
            isLoading={props.isSharing}
            data-testid="face-edit-share"
          >
            {!props.isSharing && <Link2 aria-hidden="true" className="size-4" />}
            {t("faceEdit.result.share")}
          </Button>
        )}
        <Button
          size="sm"
          onClick={props.onDownload}
          isLoading={props.isDownloading}
          data-testid="face-edit-download"
          className="ml-auto"
        >
          {!props.isDownloading && <Download aria-hidden="true" className="size-4" />}
          {t("faceEdit.result.download")}
        </Button>
      </div>
    </section>
  );
}

/** The card every running state shows: the spinner, "processing", its own lines and Cancel. */
function ProcessingCard({
  props,
  className,
  children,
}: {
  props: FaceEditStageProps;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        "flex w-full max-w-72 flex-col items-center gap-2.5 rounded-2xl bg-surface/92 px-5 py-4 text-center shadow-card backdrop-blur",
        className,
      )}
    >
      <Spinner className="size-7 text-accent-600" />
      <p className="text-sm font-bold text-ink" role="status">
        {t("faceEdit.result.processing")}
      </p>
      {children}
      <Button
        variant="secondary"
        size="sm"
        onClick={props.onCancel}
        isLoading={props.isCancelling}
        data-testid="face-edit-cancel"
      >
        {t("faceEdit.result.cancel")}
      </Button>
    </div>
  );
}

/** The processing card over the blurred photo: queue position, do-not-refresh and Cancel. */
function ProcessingOverlay({ props }: { props: FaceEditStageProps }) {
  const { t } = useTranslation();
  const { job } = props;
  return (
    <div
      data-testid="face-edit-processing"
      className="absolute inset-0 grid place-items-center bg-ink/20 p-4"
    >
      <ProcessingCard props={props}>
        <p className="text-[12px] text-muted">
          {job.queuePosition && job.queuePosition > 0
            ? t("faceEdit.result.queue", { position: job.queuePosition })
            : t("faceEdit.result.running")}
        </p>
        <p className="text-[11.5px] text-muted">
          {job.isResumed ? t("faceEdit.result.resumed") : t("faceEdit.result.doNotRefresh")}
        </p>
      </ProcessingCard>
    </div>
  );
}

/** The photo being edited: remove, the saved mask's overlay, Mask and its saved state. */
function EditPreview({
  props,
  image,
}: {
  props: FaceEditStageProps;
  image: NonNullable<TFaceEditUpload["image"]>;
}) {
  const { t } = useTranslation();
  const { mask, job } = props;
  const isProcessing = job.phase === "processing";
  return (
    <div className="flex flex-col gap-3">
      <div
        data-testid="face-edit-preview"
        className="relative mx-auto w-fit max-w-full overflow-hidden rounded-2xl bg-canvas-deep"
      >
        <div className="relative">
          <img
            src={image.previewUrl}
            alt={t("faceEdit.upload.previewAlt")}
            className={cn(
              "block max-h-[70vh] w-auto max-w-full object-contain transition-[filter]",
              isProcessing && "blur-md brightness-90",
            )}
          />
          {mask && !isProcessing && <MaskOverlay url={mask.previewUrl} color={mask.color} />}
        </div>
        {!isProcessing && (
          <button
            type="button"
            onClick={props.onRemove}
            aria-label={t("faceEdit.upload.remove")}
            data-testid="face-edit-remove"
            className="absolute top-2.5 right-2.5 grid size-9 place-items-center rounded-full bg-ink/70 text-white backdrop-blur transition-colors hover:bg-ink"
          >
            <X aria-hidden="true" className="size-4.5" />
          </button>
        )}
        {isProcessing && <ProcessingOverlay props={props} />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={mask ? "secondary" : "primary"}
          size="sm"
          onClick={props.onOpenMask}
          disabled={isProcessing}
          isLoading={props.isSavingMask}
          data-testid="face-edit-mask"
        >
          {!props.isSavingMask && <Brush aria-hidden="true" className="size-4" />}
          {mask ? t("faceEdit.mask.edit") : t("faceEdit.mask.open")}
        </Button>
        <span
          data-testid="face-edit-mask-state"
          data-saved={mask !== null}
          className={cn(
            "inline-flex items-center gap-1 text-[12.5px] font-medium",
            mask ? "text-emerald-700" : "text-muted",
          )}
        >
          {mask && <Check aria-hidden="true" className="size-3.5" />}
          {mask ? t("faceEdit.mask.saved") : t("faceEdit.mask.none")}
        </span>
        <span className="ml-auto text-[12px] text-muted tabular-nums">
          {t("faceEdit.upload.size", { width: image.width, height: image.height })}
        </span>
      </div>
    </div>
  );
}

/** Resumed after a reload: the photo is the job's original from the server. */
function ResumedProcessing({ props }: { props: FaceEditStageProps }) {
  const { t } = useTranslation();
  const { job } = props;
  return (
    <div
      data-testid="face-edit-processing"
      className="relative grid min-h-72 place-items-center overflow-hidden rounded-2xl bg-canvas-deep"
    >
      {job.originalUrl && (
        <img
          src={job.originalUrl}
          alt=""
          className="absolute inset-0 size-full object-contain blur-md brightness-90"
        />
      )}
      <ProcessingCard props={props} className="relative">
        <p className="text-[11.5px] text-muted">{t("faceEdit.result.resumed")}</p>
      </ProcessingCard>
    </div>
  );
}

/**
 * The left column (spec 02 §2.4): the large upload area, then the photo with remove and Mask, the
 * processing overlay over the blurred photo, and the before/after slider with its actions.
 */
export function FaceEditStage(props: FaceEditStageProps) {
  const { t } = useTranslation();
  const { upload, job } = props;
  const image = upload.image;
  const isProcessing = job.phase === "processing";
  const title = props.isResultShown ? t("faceEdit.result.title") : t("faceEdit.upload.title");

  if (props.isResultShown && job.result) return <FaceEditResult props={props} resultUrl={job.result} />;

  const preview = image ? (
    <EditPreview props={props} image={image} />
  ) : isProcessing ? (
    <ResumedProcessing props={props} />
  ) : null;

  return (
    <UploadCard
      title={title}
      phase={upload.phase}
      progress={upload.progress}
      pendingPreview={upload.pendingPreview}
      preview={preview}
      testIdPrefix="face-edit"
      dropZone={
        <DropZone
          onFile={props.onFile}
          isBusy={upload.phase !== "idle"}
          policy={IMAGE_POLICIES.faceEdit}
          hint={t("faceEdit.upload.hint")}
          inputLabel={t("faceEdit.upload.inputLabel")}
          testIdPrefix="face-edit"
        />
      }
    />
  );
}
