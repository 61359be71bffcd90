import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { ImageIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/dates.ts";
import type { TToolHistory } from "../../lib/history/history-api.ts";
import { historyDisplayStatus } from "../../lib/history/history-status.ts";
import { usePageLocale } from "../../lib/locale.ts";
import { Button } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { OptionCard } from "../ui/option-card.tsx";
import { Spinner } from "../ui/spinner.tsx";

interface HistoryCardProps {
  /** The tool's history query (lib/history useToolHistory). */
  history: TToolHistory;
  /** The card's heading, the tool's own ("Retouch history"). */
  title: ReactNode;
  onOpen: (item: THistoryItem) => void;
  /** Names the card, its empty state (`-empty`) and its items (`-item`) for tests. */
  testId: string;
}

function thumbnailOf(item: THistoryItem): string | null {
  return item.thumbnail_url ?? item.image_url ?? item.original_image_url;
}

/**
 * A tool's image history (spec 02 §2.1, §2.4): thumbnails with dates, or 'No images yet.';
 * completed ones open, processing, failed and cancelled ones say so; Load more while there is more.
 */
export function HistoryCard({ history, title, onOpen, testId }: HistoryCardProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const items = history.data?.pages.flatMap((page) => page.images) ?? [];

  return (
    <OptionCard title={title} testId={testId}>
      {history.isPending ? (
        <div className="grid min-h-24 place-items-center text-accent-600">
          <Spinner />
        </div>
      ) : history.isError ? (
        <p className="py-6 text-center text-[13px] text-muted">{t("tool.history.loadFailed")}</p>
      ) : items.length === 0 ? (
        <p
          className="flex flex-col items-center gap-2 py-6 text-center text-[13px] text-muted"
          data-testid={`${testId}-empty`}
        >
          <ImageIcon aria-hidden="true" className="size-6 text-line-strong" />
          {t("tool.history.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 min-[700px]:grid-cols-4">
          {items.map((item) => {
            const src = thumbnailOf(item);
            const date = formatDate(item.created_at, locale);
            const isOpenable = item.status === "completed" && Boolean(item.image_url);
            const shown = historyDisplayStatus(item);
            return (
              <li key={item.id}>
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
              </li>
            );
          })}
        </ul>
      )}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3 w-full"
          onClick={() => void history.fetchNextPage()}
          isLoading={history.isFetchingNextPage}
        >
          {t("tool.history.loadMore")}
        </Button>
      )}
    </OptionCard>
  );
}
