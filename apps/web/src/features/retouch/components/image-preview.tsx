import { ScanFace, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useRegions } from "../api/regions.ts";
import type { TUploadedImage } from "../hooks/use-retouch-upload.ts";

interface ImagePreviewProps {
  image: TUploadedImage;
  onRemove: () => void;
  isLocked: boolean;
}

/**
 * The uploaded photo with its remove button and, behind a toggle that starts off, what the engine
 * found drawn over it (POST /api/image/regions): the skin it will smooth in yellow, the features it
 * keeps sharp in their own colours, with a legend that says so. Off by default: a face painted
 * yellow is not what people came to see.
 */
export function ImagePreview({ image, onRemove, isLocked }: ImagePreviewProps) {
  const { t } = useTranslation();
  const regions = useRegions(image.url);
  const [isOverlayOn, setIsOverlayOn] = useState(false);
  const overlayUrl = regions.data?.overlayUrl ?? null;
  const faces = regions.data?.facesFound;

  return (
    <div className="flex flex-col gap-3">
      <div className="relative grid place-items-center overflow-hidden rounded-2xl bg-canvas-deep p-2">
        <div className="relative w-fit">
          <img
            src={image.previewUrl}
            alt={t("retouch.upload.previewAlt")}
            data-testid="retouch-preview"
            className="block max-h-[22rem] w-auto max-w-full rounded-xl min-[700px]:max-h-[26rem]"
          />
          {overlayUrl && (
            <img
              src={overlayUrl}
              alt={t("retouch.regions.overlayAlt")}
              data-testid="retouch-regions-overlay"
              className={cn(
                "pointer-events-none absolute inset-0 size-full rounded-xl transition-opacity duration-300",
                isOverlayOn ? "opacity-75" : "opacity-0",
              )}
            />
          )}
        </div>
        <button
          type="button"
          data-testid="retouch-remove"
          aria-label={t("retouch.upload.remove")}
          title={t("retouch.upload.remove")}
          disabled={isLocked}
          onClick={onRemove}
          className="absolute top-3.5 right-3.5 grid size-9 place-items-center rounded-full bg-ink/70 text-white backdrop-blur transition-colors hover:bg-ink disabled:opacity-50"
        >
          <X aria-hidden="true" className="size-4.5" />
        </button>
        <span className="absolute bottom-3.5 left-3.5 rounded-full bg-ink/65 px-2.5 py-0.5 text-[11px] font-semibold text-white tabular-nums backdrop-blur">
          {t("retouch.upload.size", { width: image.width, height: image.height })}
        </span>
      </div>
      <div className="flex min-h-9 items-center justify-between gap-3">
        <p
          className="flex min-w-0 items-center gap-2 text-[13px] text-muted"
          data-testid="retouch-regions-status"
        >
          {regions.isPending ? (
            <>
              <Spinner className="size-3.5" />
              {t("retouch.regions.loading")}
            </>
          ) : faces === undefined ? null : faces > 0 ? (
            t("retouch.regions.facesFound", { count: faces })
          ) : (
            t("retouch.regions.noFace")
          )}
        </p>
        {overlayUrl && (
          <button
            type="button"
            role="switch"
            aria-checked={isOverlayOn}
            aria-label={t("retouch.regions.toggleLabel")}
            data-testid="retouch-regions-toggle"
            onClick={() => setIsOverlayOn((on) => !on)}
            className={cn(
              "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-[13px] font-semibold ring-1 transition-colors",
              isOverlayOn
                ? "bg-accent-50 text-accent-700 ring-accent-200"
                : "bg-surface text-ink-soft ring-line-strong",
            )}
          >
            <ScanFace aria-hidden="true" className="size-4" />
            {t("retouch.regions.toggle")}
          </button>
        )}
      </div>
      {overlayUrl && isOverlayOn && (
        <ul data-testid="retouch-regions-legend" className="flex flex-col gap-1 text-[13px] text-ink-soft">
          <li className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-sm bg-[rgb(255,196,0)]" />
            {t("retouch.regions.legendSkin")}
          </li>
          <li className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className="mt-1 size-3 shrink-0 rounded-sm bg-[linear-gradient(135deg,rgb(255,0,90),rgb(0,110,255),rgb(0,255,120),rgb(140,70,255))]"
            />
            {t("retouch.regions.legendFeatures")}
          </li>
        </ul>
      )}
    </div>
  );
}
