import { IMAGE_EDIT_MAX_INPUTS } from "@gyeol/shared/image-edit";
import { MASK_COLOR_RGB, MASK_OVERLAY_OPACITY } from "@gyeol/shared/mask";
import { ChevronLeft, ChevronRight, ImagePlus, Paintbrush, X } from "lucide-react";
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
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
 * shows it at 35% in its colour. Reordering works by keyboard too (issue 26, as the shared samples
 * column's up/down buttons): each tile has earlier/later buttons, and Alt+←/→ moves the focused
 * tile; focus stays on the moved tile and a polite live region says where it went.
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
  const keyboard = useKeyboardMove(tiles, onMove);

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
            isLast={index === tiles.length - 1}
            onStep={(by, focus) => keyboard.step(index, by, focus)}
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
      <p aria-live="polite" className="sr-only" data-testid="image-edit-tiles-live">
        {keyboard.announcement}
      </p>
    </section>
  );
}

/** Where the focus goes after a keyboard move: the tile itself, or one of its move buttons. */
type TMoveFocus = "tile" | "earlier" | "later";

/**
 * Keyboard reorder: moves the tile at `index` by one place, then (after React has moved it) puts
 * the focus back on the same control of the same tile and says its new place.
 */
function useKeyboardMove(tiles: readonly TEditTile[], onMove: (from: number, to: number) => void) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState("");
  const pending = useRef<{ id: string; focus: TMoveFocus } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the moved tiles are drawn
  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    pending.current = null;
    const tile = document.querySelector<HTMLElement>(`[data-tile-id="${want.id}"]`);
    const target =
      want.focus === "tile"
        ? tile
        : tile?.querySelector<HTMLElement>(`[data-move="${want.focus}"]:not(:disabled)`);
    (target ?? tile)?.focus();
  }, [tiles]);

  const step = (index: number, by: -1 | 1, focus: TMoveFocus) => {
    const to = index + by;
    const tile = tiles[index];
    if (!tile || to < 0 || to >= tiles.length) return;
    pending.current = { id: tile.id, focus };
    onMove(index, to);
    setAnnouncement(t("imageEdit.tiles.moved", { position: to + 1, count: tiles.length }));
  };

  return { announcement, step };
}

/** One input tile: its picture, its number, its mask tinted in its colour, remove and mask buttons. */
function EditTileItem({
  tile,
  index,
  isLocked,
  onDrop,
  onMask,
  onRemove,
  isLast,
  onStep,
}: {
  tile: TEditTile;
  index: number;
  isLocked: boolean;
  isLast: boolean;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onMask: () => void;
  onRemove: () => void;
  onStep: (by: -1 | 1, focus: TMoveFocus) => void;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (isLocked || !event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const by = event.key === "ArrowLeft" ? -1 : 1;
    const on = (event.target as HTMLElement).dataset.move;
    onStep(by, on === "earlier" || on === "later" ? on : "tile");
  };
  return (
    <li
      key={tile.id}
      data-tile-id={tile.id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tile takes Alt+←/→ to move (its buttons do too)
      tabIndex={0}
      aria-label={t("imageEdit.tiles.tile", { index: index + 1 })}
      aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
      onKeyDown={onKeyDown}
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
      className="group relative aspect-square overflow-hidden rounded-xl bg-canvas-deep ring-1 ring-line outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
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
      <TileMoveButtons index={index} isLast={isLast} isLocked={isLocked} onStep={onStep} />
    </li>
  );
}

/**
 * Earlier/later buttons (keyboard and touch reorder) at the tile's left and right edges: shown on
 * hover or when the tile has focus within, always on wide screens; the first tile has no
 * "earlier", the last no "later".
 */
function TileMoveButtons({
  index,
  isLast,
  isLocked,
  onStep,
}: {
  index: number;
  isLast: boolean;
  isLocked: boolean;
  onStep: (by: -1 | 1, focus: TMoveFocus) => void;
}) {
  const { t } = useTranslation();
  const button = cn(
    "absolute top-1/2 flex size-6 -translate-y-1/2 items-center justify-center rounded-full bg-ink/70 text-white hover:bg-ink disabled:hidden",
    "opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 min-[700px]:opacity-100",
  );
  return (
    <>
      <button
        type="button"
        data-move="earlier"
        data-testid={`image-edit-tile-${index}-earlier`}
        aria-label={t("imageEdit.tiles.moveEarlier", { index: index + 1 })}
        disabled={isLocked || index === 0}
        onClick={() => onStep(-1, "earlier")}
        className={cn(button, "left-1")}
      >
        <ChevronLeft aria-hidden="true" className="size-3.5" />
      </button>
      <button
        type="button"
        data-move="later"
        data-testid={`image-edit-tile-${index}-later`}
        aria-label={t("imageEdit.tiles.moveLater", { index: index + 1 })}
        disabled={isLocked || isLast}
        onClick={() => onStep(1, "later")}
        className={cn(button, "right-1")}
      >
        <ChevronRight aria-hidden="true" className="size-3.5" />
      </button>
    </>
  );
}
