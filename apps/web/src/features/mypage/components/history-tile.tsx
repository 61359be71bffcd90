import { Ban, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import type { THistoryTile } from "../api/image-history.ts";

const BADGE_CLASS: Record<THistoryTile["status"], string> = {
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  processing: "bg-amber-50 text-amber-800 ring-amber-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  cancelled: "bg-canvas-deep text-ink-soft ring-line",
};

/**
 * One history thumbnail (spec 02 §4.5): only a completed item opens; a processing one shows the
 * blurred original under a 'processing' overlay; a failed one says 'processing failed', and one
 * its owner cancelled says 'cancelled'.
 */
export function HistoryTile({ tile, onOpen }: { tile: THistoryTile; onOpen: (tile: THistoryTile) => void }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const date = formatDate(tile.createdAt, locale);
  const isCompleted = tile.status === "completed";
  const src = isCompleted
    ? (tile.thumbnailUrl ?? tile.imageUrl)
    : (tile.originalUrl ?? tile.thumbnailUrl ?? tile.imageUrl);

  const picture = (
    <div className="relative aspect-square overflow-hidden rounded-2xl bg-canvas-deep">
      {src && (
        <img
          src={src}
          alt={tile.prompt ?? ""}
          loading="lazy"
          className={cn(
            "size-full object-cover transition duration-300",
            isCompleted ? "group-hover:scale-[1.03]" : "scale-110 blur-md",
          )}
        />
      )}
      {isCompleted && tile.images && tile.images.length > 1 && (
        <span
          className="absolute right-1.5 bottom-1.5 rounded-full bg-ink/75 px-2 py-0.5 text-[11px] font-bold text-white"
          data-testid="history-tile-count"
        >
          {t("mypage.history.viewer.images", { count: tile.images.length })}
        </span>
      )}
      {!isCompleted && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink/35 px-2 text-center text-sm font-semibold text-white">
          {tile.status === "processing" ? (
            <Spinner className="size-5" />
          ) : tile.status === "cancelled" ? (
            <Ban aria-hidden="true" className="size-5" />
          ) : (
            <TriangleAlert aria-hidden="true" className="size-5" />
          )}
          {t(`mypage.history.status.${tile.status}`)}
        </div>
      )}
    </div>
  );
  const caption = (
    <div className="mt-2 flex items-center justify-between gap-2 px-0.5">
      <span className="text-xs text-muted tabular-nums">{date}</span>
      <span className={cn("rounded-full px-2 py-0.5 text-[11px] font-bold ring-1", BADGE_CLASS[tile.status])}>
        {t(`mypage.history.status.${tile.status}`)}
      </span>
    </div>
  );

  return (
    <li data-testid="history-tile" data-status={tile.status}>
      {isCompleted ? (
        <button
          type="button"
          onClick={() => onOpen(tile)}
          className="group block w-full rounded-2xl text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
        >
          {/* Named by what it shows (prompt, date, state) after this verb: axe label-content-name-mismatch. */}
          <span className="sr-only">{t("mypage.history.openPrefix")}</span>
          {picture}
          {caption}
        </button>
      ) : (
        <div aria-disabled="true">
          {picture}
          {caption}
        </div>
      )}
    </li>
  );
}
