import type { THistoryItem } from "@gyeol/shared/contracts/images";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { historyDisplayStatus } from "../../lib/history/history-status.ts";
import { cn } from "../ui/cn.ts";

/** A second button under a history item's thumbnail (retouch's "Run again"). */
export interface THistoryItemAction {
  /** The button's words, short enough for a phone's three-column grid. */
  text: string;
  icon?: ReactNode;
  /** The accessible name, which names the item (its date). */
  label: (item: THistoryItem, date: string) => string;
  isAvailable: (item: THistoryItem) => boolean;
  onClick: (item: THistoryItem) => void;
}

function thumbnailOf(item: THistoryItem): string | null {
  return item.thumbnail_url ?? item.image_url ?? item.original_image_url;
}

interface HistoryItemProps {
  item: THistoryItem;
  date: string;
  onOpen: (item: THistoryItem) => void;
  action?: THistoryItemAction | undefined;
  testId: string;
}

/** One history thumbnail: completed ones open, processing, failed and cancelled ones say so. */
export function HistoryItem({ item, date, onOpen, action, testId }: HistoryItemProps) {
  const { t } = useTranslation();
  const src = thumbnailOf(item);
  const isOpenable = item.status === "completed" && Boolean(item.image_url);
  const shown = historyDisplayStatus(item);
  return (
    <li className="flex flex-col gap-1">
      <button
        type="button"
        disabled={!isOpenable}
        onClick={() => onOpen(item)}
        data-testid={`${testId}-item`}
        data-status={shown}
        className="group flex w-full flex-col gap-1 text-left disabled:cursor-default"
      >
        {/* Named by what it shows (date, state) after this verb: axe label-content-name-mismatch. */}
        <span className="sr-only">{t("tool.history.openPrefix")}</span>
        <span className="relative block aspect-square overflow-hidden rounded-xl bg-canvas-deep ring-1 ring-line">
          {src && (
            <img
              src={src}
              alt=""
              loading="lazy"
              className={cn(
                "size-full object-cover transition-transform duration-300 group-enabled:group-hover:scale-105",
                item.status !== "completed" && "blur-[2px] brightness-90",
              )}
            />
          )}
          {item.status !== "completed" && (
            <span
              className={cn(
                "absolute inset-x-1.5 bottom-1.5 rounded-full px-2 py-0.5 text-center text-[10px] font-bold text-white",
                shown === "failed" ? "bg-accent-700/90" : "bg-ink/70",
              )}
            >
              {t(`tool.history.${shown === "completed" ? "processing" : shown}`)}
            </span>
          )}
        </span>
        <span className="text-[11px] text-muted tabular-nums">{date}</span>
      </button>
      {action?.isAvailable(item) ? (
        <button
          type="button"
          onClick={() => action.onClick(item)}
          aria-label={action.label(item, date)}
          data-testid={`${testId}-item-action`}
          className="inline-flex min-h-8 items-center justify-center gap-1 rounded-lg bg-canvas px-1.5 text-[11.5px] font-semibold text-ink-soft transition-colors outline-none hover:bg-canvas-deep hover:text-ink focus-visible:ring-4 focus-visible:ring-accent-100"
        >
          {action.icon}
          <span className="truncate">{action.text}</span>
        </button>
      ) : null}
    </li>
  );
}
