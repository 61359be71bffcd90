import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { ImageIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/dates.ts";
import type { TToolHistory } from "../../lib/history/history-api.ts";
import { usePageLocale } from "../../lib/locale.ts";
import { Button } from "../ui/button.tsx";
import { OptionCard } from "../ui/option-card.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { HistoryItem, type THistoryItemAction } from "./history-item.tsx";

interface HistoryCardProps {
  /** The tool's history query (lib/history useToolHistory). */
  history: TToolHistory;
  /** The card's heading, the tool's own ("Retouch history"). */
  title: ReactNode;
  onOpen: (item: THistoryItem) => void;
  /** Names the card, its empty state (`-empty`) and its items (`-item`) for tests. */
  testId: string;
  /** A button under each item it is available for (retouch's "Run again"). */
  itemAction?: THistoryItemAction;
}

/**
 * A tool's image history (spec 02 §2.1, §2.4): thumbnails with dates, or 'No images yet.';
 * completed ones open, processing, failed and cancelled ones say so; Load more while there is more;
 * a tool's own action under each item where it applies.
 */
export function HistoryCard({ history, title, onOpen, testId, itemAction }: HistoryCardProps) {
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
          {items.map((item) => (
            <HistoryItem
              key={item.id}
              item={item}
              date={formatDate(item.created_at, locale)}
              onOpen={onOpen}
              action={itemAction}
              testId={testId}
            />
          ))}
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
