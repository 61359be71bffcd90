import { IMAGE_EDIT_MAX_INPUTS } from "@gyeol/shared/image-edit";
import { MASK_COLOR_RGB, MASK_OVERLAY_OPACITY } from "@gyeol/shared/mask";
import { ImagePlus, Paintbrush, X } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { imageEditLimitValues } from "../lib/image-edit-limits.ts";

export interface TEditTile {
  id: string;
  /** The re-encoded JPEG the page shows, masks and uploads. */
  blob: Blob | null;
  previewUrl: string | null;
  /** Our upload's URL once confirmed. */
  url: string | null;
  width: number;
  height: number;
  status: "uploading" | "ready" | "error";
  /** `blob`: the saved mask PNG, kept in the draft (issue 26). */
  mask: { url: string | null; previewUrl: string; color: "blue" | "red"; blob?: Blob } | null;
  /** The mask editor's strokes, so the mask can be edited on (and kept in the draft). */
  maskDoc?: TMaskDoc | null;
}

const TILE_DRAG_TYPE = "application/x-gyeol-tile";

/**
 * The 8-tile grid of spec 02 §2.2: add by button, drop files to add, drag a tile onto another to
 * reorder, a mask button per tile (the shared editor) and a remove button. A tile with a mask
 * shows it at 35% in its colour.
 */
export function TileGrid({
  tiles,
  onFiles,
  onMove,
  onMask,
  onRemove,
  isLocked,
}: {
  tiles: readonly TEditTile[];
  onFiles: (files: File[]) => void;
  onMove: (from: number, to: number) => void;
  onMask: (index: number) => void;
  onRemove: (index: number) => void;
  isLocked: boolean;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const isFull = tiles.length >= IMAGE_EDIT_MAX_INPUTS;

  const onDrop = (event: DragEvent<HTMLElement>, to: number | null) => {
    event.preventDefault();
    setIsOver(false);
    const from = event.dataTransfer.getData(TILE_DRAG_TYPE);
    if (from !== "") {
      if (to !== null) onMove(Number(from), to);
      return;
    }
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length > 0 && !isLocked) onFiles(files);
  };

  return (
    <section
      aria-labelledby="image-edit-tiles-title"
      data-testid="image-edit-tiles"
      className={cn(
        "rounded-3xl border border-line bg-surface p-4 shadow-soft transition-colors",
        isOver && "border-accent-500 bg-accent-50",
      )}
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => onDrop(event, null)}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="image-edit-tiles-title" className="text-[15px] font-bold text-ink">
          {t("imageEdit.tiles.title", { count: tiles.length, max: IMAGE_EDIT_MAX_INPUTS })}
        </h2>
        <button
          type="button"
          data-testid="image-edit-add"
          disabled={isFull || isLocked}
          onClick={() => inputRef.current?.click()}
          className="inline-flex h-9 items-center gap-1.5 rounded-full bg-accent-600 px-4 text-[13px] font-semibold text-white transition hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {t("imageEdit.tiles.add")}
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept="image/jpeg,image/png"
          aria-label={t("imageEdit.tiles.inputLabel")}
          data-testid="image-edit-file-input"
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            if (files.length > 0) onFiles(files);
          }}
        />
      </div>
      <p className="mt-1 text-[12px] text-ink-soft">
        {t("imageEdit.tiles.hint", imageEditLimitValues(locale))}
      </p>
      <ol className="mt-3 grid grid-cols-4 gap-2">
        {tiles.map((tile, index) => (
          <EditTileItem
            key={tile.id}
            tile={tile}
            index={index}
            isLocked={isLocked}
            onDrop={(event) => onDrop(event, index)}
            onMask={() => onMask(index)}
            onRemove={() => onRemove(index)}
          />
        ))}
        {!isFull && (
          <li className="aspect-square">
            <button
              type="button"
              disabled={isLocked}
              onClick={() => inputRef.current?.click()}
              className="flex size-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-line p-1 text-center text-[11px] text-ink-soft transition hover:border-accent-400 hover:text-accent-700 disabled:opacity-50"
            >
              <ImagePlus aria-hidden="true" className="size-5" />
              <span className="sr-only min-[700px]:not-sr-only">
                {isOver ? t("imageEdit.tiles.dropActive") : t("imageEdit.tiles.drop")}
              </span>
            </button>
          </li>
        )}
      </ol>
      {tiles.length > 1 && <p className="mt-2 text-[12px] text-ink-soft">{t("imageEdit.tiles.moveHint")}</p>}
    </section>
  );
}

/** One input tile: its picture, its number, its mask tinted in its colour, remove and mask buttons. */
function EditTileItem({
  tile,
  index,
  isLocked,
  onDrop,
  onMask,
  onRemove,
}: {
  tile: TEditTile;
  index: number;
  isLocked: boolean;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onMask: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      key={tile.id}
      data-testid={`image-edit-tile-${index}`}
      data-status={tile.status}
      data-masked={tile.mask ? "true" : "false"}
      draggable={!isLocked}
      onDragStart={(event) => event.dataTransfer.setData(TILE_DRAG_TYPE, String(index))}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.stopPropagation();
        onDrop(event);
      }}
      className="group relative aspect-square overflow-hidden rounded-xl bg-canvas-deep ring-1 ring-line"
    >
      {tile.previewUrl && (
        <img
          src={tile.previewUrl}
          alt={t("imageEdit.tiles.tile", { index: index + 1 })}
          className="size-full object-cover"
          draggable={false}
        />
      )}
      {tile.mask && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0"
          style={{
            // The tint a provider without a mask input is sent (spec 02 §5, mask-overlay.ts).
            opacity: MASK_OVERLAY_OPACITY,
            backgroundColor: `rgb(${MASK_COLOR_RGB[tile.mask.color].join(" ")})`,
            maskImage: `url(${tile.mask.previewUrl})`,
            WebkitMaskImage: `url(${tile.mask.previewUrl})`,
            maskMode: "luminance",
            maskSize: "cover",
            WebkitMaskSize: "cover",
            maskPosition: "center",
          }}
        />
      )}
      <span className="absolute top-1 left-1 rounded-full bg-ink/70 px-1.5 text-[11px] font-bold text-white">
        {index + 1}
      </span>
      {tile.status === "uploading" && (
        <span className="absolute inset-0 flex items-center justify-center bg-white/60">
          <Spinner className="size-5" />
          <span className="sr-only">{t("imageEdit.tiles.uploading")}</span>
        </span>
      )}
      {tile.status === "error" && (
        <span className="absolute inset-x-0 bottom-0 bg-red-600/85 py-0.5 text-center text-[11px] font-semibold text-white">
          {t("imageEdit.tiles.failed")}
        </span>
      )}
      <button
        type="button"
        aria-label={t("imageEdit.tiles.remove", { index: index + 1 })}
        data-testid={`image-edit-tile-${index}-remove`}
        disabled={isLocked}
        onClick={onRemove}
        className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-ink/70 text-white hover:bg-ink disabled:opacity-40"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
      {tile.status === "ready" && (
        <button
          type="button"
          data-testid={`image-edit-tile-${index}-mask`}
          disabled={isLocked}
          onClick={onMask}
          className={cn(
            "absolute right-1 bottom-1 inline-flex h-6 items-center gap-1 rounded-full px-2 text-[11px] font-semibold text-white disabled:opacity-40",
            tile.mask ? "bg-accent-600" : "bg-ink/70 hover:bg-ink",
          )}
        >
          <Paintbrush aria-hidden="true" className="size-3" />
          {tile.mask ? t("imageEdit.tiles.maskSaved") : t("imageEdit.tiles.mask")}
        </button>
      )}
    </li>
  );
}
