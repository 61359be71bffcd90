/**
 * The one result viewer of every tool (issue 26; spec 02 §2.1 "zoom (fullscreen compare)", §2.2
 * zoom viewer, §2.3 full-screen zoom, §2.4 full-size viewer with original and result downloads,
 * §2.5 My Page viewer): full screen on the radix Dialog (focus kept inside, Escape closes), with
 * fit and 100 % (actual pixels), wheel, pinch and keyboard zoom with pan, the original/result split
 * slider, hold to compare, previous/next through a run's images, and both downloads.
 */
import { ChevronLeft, ChevronRight, Download, Eye, Minus, Plus, X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { useReturnFocus } from "../../ui/use-return-focus.ts";
import { useHoldCompare } from "./use-hold-compare.ts";
import { useZoomPan } from "./use-zoom-pan.ts";
import { ViewerStage } from "./viewer-stage.tsx";
import { zoomPercent } from "./zoom-math.ts";

export interface ResultViewerProps {
  /** The viewer is open while this is not null: which of `images` it shows. */
  index: number | null;
  images: readonly string[];
  onIndex?: (index: number) => void;
  onClose: () => void;
  title: string;
  /** The original (the run's input); null where the tool has none (generation without a reference). */
  beforeUrl: string | null;
  onDownload: (url: string) => void;
  /** The address being downloaded, if any (its button spins). */
  busyUrl: string | null;
  /** Open on the original/result split (the compare tools) rather than on the whole result. */
  isSplitAtStart?: boolean;
  /** A tool's own buttons after the downloads. */
  actions?: ReactNode;
  /** Names the dialog and its parts: `-stage`, `-hold`, `-split`, `-download-original`, … */
  testId: string;
}

export function ResultViewer(props: ResultViewerProps) {
  const { index, images, onClose, testId } = props;
  const returnFocus = useReturnFocus();
  const url = index === null ? null : (images[index] ?? null);
  return (
    <RadixDialog.Root open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/90 backdrop-blur-sm dark:bg-black/90" />
        <RadixDialog.Content
          {...returnFocus}
          data-testid={testId}
          className="fixed inset-0 z-50 flex animate-fade-in flex-col p-2 outline-none min-[700px]:p-6"
        >
          {url && index !== null && <ViewerBody {...props} url={url} index={index} key={`${url}|${index}`} />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function ViewerBody(props: ResultViewerProps & { url: string; index: number }) {
  const { url, index, images, beforeUrl, testId } = props;
  const { t } = useTranslation();
  const hold = useHoldCompare(Boolean(beforeUrl));
  const zoom = useZoomPan({
    imageKey: url,
    onImageHold: (isHeld) => (isHeld ? hold.press("image") : hold.release("image")),
  });
  const [split, setSplit] = useState(beforeUrl && props.isSplitAtStart ? 50 : 0);
  const splitId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    // The split slider's own arrows move the split.
    if (event.target instanceof HTMLInputElement && event.key.startsWith("Arrow")) return;
    if ((beforeUrl && hold.onKeyDown(event)) || zoom.onKeyDown(event)) event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys of the focused controls inside, bubbling up.
    <div
      className="flex min-h-0 flex-1 flex-col gap-2 min-[700px]:gap-3"
      onKeyDown={onKeyDown}
      onKeyUp={(event) => beforeUrl && hold.onKeyUp(event)}
    >
      <div className="flex items-center justify-between gap-3 text-white">
        <RadixDialog.Title className="truncate text-base font-bold">{props.title}</RadixDialog.Title>
        <RadixDialog.Description className="sr-only">{t("tool.viewer.keys")}</RadixDialog.Description>
        <RadixDialog.Close
          aria-label={t("tool.viewer.close")}
          className="grid size-10 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20"
        >
          <X aria-hidden="true" className="size-5" />
        </RadixDialog.Close>
      </div>
      <div className="min-h-0 flex-1">
        <ViewerStage
          afterUrl={url}
          beforeUrl={beforeUrl}
          alt={
            images.length > 1
              ? t("tool.viewer.imageOf", { index: index + 1, count: images.length })
              : t("tool.viewer.after")
          }
          split={split}
          isShowingBefore={hold.isShowingBefore}
          zoom={zoom}
          testId={testId}
        />
      </div>
      <div className="flex flex-wrap items-center justify-center gap-1.5 text-white min-[700px]:gap-2">
        <ZoomControls zoom={zoom} testId={testId} />
        {beforeUrl && (
          <>
            <button
              type="button"
              {...hold.buttonProps}
              aria-pressed={hold.isShowingBefore}
              data-testid={`${testId}-hold`}
              className="inline-flex h-10 touch-none items-center gap-1.5 rounded-full bg-white/15 px-3.5 text-sm font-semibold select-none hover:bg-white/25 aria-pressed:bg-paper aria-pressed:text-paper-ink"
            >
              <Eye aria-hidden="true" className="size-4" />
              {t("tool.viewer.hold")}
            </button>
            <label htmlFor={splitId} className="inline-flex items-center gap-2 text-[13px]">
              <span className="sr-only min-[700px]:not-sr-only">{t("tool.viewer.split")}</span>
              <input
                id={splitId}
                type="range"
                min={0}
                max={100}
                step={1}
                value={split}
                aria-label={t("tool.viewer.split")}
                aria-valuetext={t("tool.viewer.splitValue", { percent: split })}
                onChange={(event) => setSplit(Number(event.target.value))}
                data-testid={`${testId}-split`}
                className="w-28 accent-white min-[700px]:w-36"
              />
            </label>
          </>
        )}
      </div>
      <ViewerActions {...props} />
    </div>
  );
}

function ZoomControls({ zoom, testId }: { zoom: ReturnType<typeof useZoomPan>; testId: string }) {
  const { t } = useTranslation();
  const round =
    "grid size-10 place-items-center rounded-full bg-white/15 hover:bg-white/25 disabled:opacity-40";
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        className={round}
        aria-label={t("tool.viewer.zoomOut")}
        onClick={zoom.zoomOut}
        disabled={zoom.isAtFit}
        data-testid={`${testId}-zoom-out`}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <span
        className="w-14 text-center text-[13px] tabular-nums"
        aria-live="polite"
        data-testid={`${testId}-zoom-level`}
      >
        {zoomPercent(zoom.view, zoom.devicePixelRatio)}%
      </span>
      <button
        type="button"
        className={round}
        aria-label={t("tool.viewer.zoomIn")}
        onClick={zoom.zoomIn}
        data-testid={`${testId}-zoom-in`}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={zoom.isActual ? zoom.toFit : zoom.toActual}
        data-testid={`${testId}-actual`}
        className="h-10 rounded-full bg-white/15 px-3.5 text-sm font-semibold hover:bg-white/25"
      >
        {zoom.isActual ? t("tool.viewer.fit") : t("tool.viewer.actual")}
      </button>
    </span>
  );
}

function ViewerActions({
  images,
  index,
  onIndex,
  beforeUrl,
  url,
  onDownload,
  busyUrl,
  actions,
  testId,
}: ResultViewerProps & { url: string; index: number }) {
  const { t } = useTranslation();
  const step =
    "grid size-10 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25 disabled:opacity-40";
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {images.length > 1 && onIndex && (
        <span className="inline-flex items-center gap-1 text-[13px] text-white tabular-nums">
          <button
            type="button"
            className={step}
            disabled={index <= 0}
            onClick={() => onIndex(index - 1)}
            aria-label={t("tool.viewer.previous")}
            data-testid={`${testId}-previous`}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <span data-testid={`${testId}-counter`}>
            {t("tool.viewer.counter", { index: index + 1, count: images.length })}
          </span>
          <button
            type="button"
            className={step}
            disabled={index >= images.length - 1}
            onClick={() => onIndex(index + 1)}
            aria-label={t("tool.viewer.next")}
            data-testid={`${testId}-next`}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </span>
      )}
      {beforeUrl && (
        <Button
          variant="light"
          size="sm"
          onClick={() => onDownload(beforeUrl)}
          isLoading={busyUrl === beforeUrl}
          data-testid={`${testId}-download-original`}
        >
          {busyUrl !== beforeUrl && <Download aria-hidden="true" className="size-4" />}
          {t("tool.viewer.downloadOriginal")}
        </Button>
      )}
      <Button
        size="sm"
        onClick={() => onDownload(url)}
        isLoading={busyUrl === url}
        data-testid={`${testId}-download-result`}
      >
        {busyUrl !== url && <Download aria-hidden="true" className="size-4" />}
        {t("tool.viewer.downloadResult")}
      </Button>
      {actions}
    </div>
  );
}
