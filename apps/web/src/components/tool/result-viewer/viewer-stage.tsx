import { useTranslation } from "react-i18next";
import { cn } from "../../ui/cn.ts";
import type { useZoomPan } from "./use-zoom-pan.ts";

const BADGE =
  "pointer-events-none absolute top-3 z-10 rounded-full px-3 py-1 text-xs font-semibold text-white backdrop-blur";

/**
 * The viewer's picture (issue 26): the result, and over it the before image clipped to the left
 * `split` percent of the stage (all of it while compare is held). Both share one transform, so a
 * zoomed or panned view compares the same spot; the before image is drawn in the result's box.
 */
export function ViewerStage({
  afterUrl,
  beforeUrl,
  alt,
  split,
  isShowingBefore,
  zoom,
  testId,
}: {
  afterUrl: string;
  beforeUrl: string | null;
  alt: string;
  split: number;
  isShowingBefore: boolean;
  zoom: ReturnType<typeof useZoomPan>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { view, image } = zoom;
  const shown = beforeUrl ? (isShowingBefore ? 100 : split) : 0;
  const showing = shown >= 100 ? "before" : shown <= 0 ? "after" : "split";
  const placed = image
    ? {
        width: image.width,
        height: image.height,
        transform: `translate(calc(-50% + ${view.x}px), calc(-50% + ${view.y}px)) scale(${view.scale})`,
      }
    : undefined;
  const layer = (src: string, label: string, onLoad?: (img: HTMLImageElement) => void) => (
    <img
      src={src}
      alt={label}
      draggable={false}
      onLoad={onLoad ? (event) => onLoad(event.currentTarget) : undefined}
      style={placed}
      className={cn(
        "absolute top-1/2 left-1/2 max-w-none origin-center object-contain select-none",
        !placed && "max-h-full max-w-full -translate-x-1/2 -translate-y-1/2",
      )}
    />
  );
  return (
    <div
      ref={zoom.setStage}
      // A surface that takes keys (the viewer's + − 0 1, arrows and C), like the mask editor's.
      role="application"
      aria-label={alt}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture takes keys to zoom and pan.
      tabIndex={0}
      {...zoom.pointerHandlers}
      onContextMenu={(event) => event.preventDefault()}
      data-testid={`${testId}-stage`}
      data-showing={showing}
      data-zoom={Math.round((view.scale / (1 / zoom.devicePixelRatio)) * 100)}
      className={cn(
        "relative size-full touch-none overflow-hidden rounded-2xl bg-black/40 outline-none select-none focus-visible:ring-3 focus-visible:ring-white/80",
        zoom.isAtFit ? "cursor-pointer" : "cursor-grab active:cursor-grabbing",
      )}
    >
      {layer(afterUrl, alt, zoom.onImageLoad)}
      {beforeUrl && shown > 0 && (
        <div
          className="pointer-events-none absolute inset-0"
          style={shown < 100 ? { clipPath: `inset(0 ${100 - shown}% 0 0)` } : undefined}
          data-testid={`${testId}-before`}
        >
          {layer(beforeUrl, t("tool.viewer.before"))}
        </div>
      )}
      {showing === "split" && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-white/90 shadow"
          style={{ left: `${shown}%` }}
        />
      )}
      {beforeUrl && showing !== "after" && (
        <span className={cn(BADGE, "left-3 bg-ink/65")}>{t("tool.viewer.before")}</span>
      )}
      {showing !== "before" && beforeUrl && (
        <span className={cn(BADGE, "right-3 bg-accent-600/85")}>{t("tool.viewer.after")}</span>
      )}
    </div>
  );
}
