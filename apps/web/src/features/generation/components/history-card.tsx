/**
 * The generation history card (spec 02 §2.3, §7): a prompt search box, one item per run (a
 * multi-image run opens to all its images), 25 first and 10 per Load more, from
 * GET /api/image/history/{userId}?source=kling&grouped=1. When the server's history cannot be
 * read, this browser's own cache (50 items) shows instead.
 */
import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { ImageIcon, Search } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import type { TLocalHistoryItem } from "../lib/local-history.ts";

interface GenerationHistoryCardProps {
  items: THistoryItem[];
  localItems: TLocalHistoryItem[];
  isPending: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  search: string;
  onSearch: (text: string) => void;
  onLoadMore: () => void;
  onOpen: (images: string[]) => void;
}

export function imagesOf(item: THistoryItem): string[] {
  if (item.all_image_urls && item.all_image_urls.length > 0) return item.all_image_urls;
  return item.image_url ? [item.image_url] : [];
}

export function GenerationHistoryCard(props: GenerationHistoryCardProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const searchId = useId();
  const showLocal = props.isError && props.localItems.length > 0;
  return (
    <OptionCard title={t("generation.history.title")} testId="generation-history">
      <label htmlFor={searchId} className="sr-only">
        {t("generation.history.search")}
      </label>
      <div className="relative mb-3">
        <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <input
          id={searchId}
          type="search"
          data-testid="generation-history-search"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          placeholder={t("generation.history.search")}
          className="w-full rounded-full border border-line bg-surface py-2 pr-3 pl-9 text-[13px]"
        />
      </div>
      {props.isPending ? (
        <div className="grid min-h-20 place-items-center text-accent-600">
          <Spinner />
        </div>
      ) : showLocal ? (
        <ul className="flex flex-col gap-2" data-testid="generation-history-local">
          {props.localItems.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => props.onOpen(item.resultUrls)}
                className="flex w-full gap-2 text-left"
              >
                <img src={item.resultUrls[0]} alt="" className="size-14 rounded-xl object-cover" />
                <span className="line-clamp-2 text-[12px] text-ink-soft">{item.prompt}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : props.isError ? (
        <p className="py-4 text-center text-[13px] text-muted">{t("generation.history.loadFailed")}</p>
      ) : props.items.length === 0 ? (
        <p
          className="flex flex-col items-center gap-2 py-4 text-center text-[13px] text-muted"
          data-testid="generation-history-empty"
        >
          <ImageIcon aria-hidden="true" className="size-6 text-line-strong" />
          {t("generation.history.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {props.items.map((item) => {
            const images = imagesOf(item);
            const isDone = item.status === "completed" && images.length > 0;
            return (
              <li key={item.id} data-testid="generation-history-item">
                <button
                  type="button"
                  disabled={!isDone}
                  onClick={() => props.onOpen(images)}
                  className="flex w-full items-center gap-2.5 rounded-2xl p-1.5 text-left hover:bg-canvas disabled:opacity-70"
                >
                  <span className="relative size-14 shrink-0 overflow-hidden rounded-xl bg-canvas">
                    {item.thumbnail_url || item.image_url ? (
                      <img
                        src={item.thumbnail_url ?? item.image_url ?? ""}
                        alt=""
                        className="size-full object-cover"
                      />
                    ) : null}
                    {images.length > 1 && (
                      <span className="absolute right-0.5 bottom-0.5 rounded-full bg-ink/75 px-1.5 text-[10px] font-semibold text-white">
                        {images.length}
                      </span>
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 text-[12px] text-ink">{item.prompt ?? "—"}</span>
                    <span className="text-[11px] text-muted">
                      {item.status === "processing"
                        ? t("generation.history.processing")
                        : item.status === "failed"
                          ? t("generation.history.failed")
                          : formatDate(item.created_at, locale)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {props.hasMore && !props.isError && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3 w-full"
          onClick={props.onLoadMore}
          disabled={props.isLoadingMore}
          data-testid="generation-history-more"
        >
          {props.isLoadingMore ? <Spinner className="size-4" /> : null}
          {t("generation.history.loadMore")}
        </Button>
      )}
    </OptionCard>
  );
}
