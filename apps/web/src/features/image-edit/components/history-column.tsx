import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import { editHistoryPrompt } from "@gyeol/shared/image-edit";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { historyUrls } from "../lib/image-edit-rules.ts";

/** The history column (spec 02 §2.2, §7, §9): search, runs with up to 4 images, load more. */
export function HistoryColumn({
  items,
  isLoading,
  isError,
  hasMore,
  isLoadingMore,
  query,
  onSearch,
  onLoadMore,
  onOpen,
}: {
  items: readonly TImageEditHistoryItem[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  query: string;
  onSearch: (q: string) => void;
  onLoadMore: () => void;
  onOpen: (item: TImageEditHistoryItem) => void;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <section
      aria-labelledby="image-edit-history-title"
      data-testid="image-edit-history"
      className="rounded-3xl border border-line bg-surface p-4 shadow-soft"
    >
      <h2 id="image-edit-history-title" className="text-[15px] font-bold text-ink">
        {t("imageEdit.history.title")}
      </h2>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <input
          type="search"
          value={text}
          data-testid="image-edit-history-search"
          aria-label={t("imageEdit.history.search")}
          placeholder={t("imageEdit.history.search")}
          onChange={(event) => setText(event.target.value)}
          className="h-9 min-w-0 flex-1 rounded-full border border-line bg-surface px-3 text-[13px]"
        />
        <button
          type="submit"
          aria-label={t("imageEdit.history.searchButton")}
          className="flex size-9 items-center justify-center rounded-full bg-canvas-deep text-ink-soft hover:bg-accent-100"
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </form>
      {isLoading ? (
        <Spinner className="mt-3 size-5" />
      ) : isError ? (
        <p className="mt-3 text-[13px] text-red-700">{t("imageEdit.history.failed")}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-[13px] text-muted">
          {query ? t("imageEdit.history.noMatch") : t("imageEdit.history.empty")}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" data-testid="image-edit-history-items">
          {items.map((item) => {
            const urls = historyUrls(item);
            const date = formatDateTime(item.created_at, locale);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  data-testid={`image-edit-history-${item.id}`}
                  onClick={() => onOpen(item)}
                  className="flex w-full flex-col gap-1.5 rounded-2xl bg-canvas-deep p-2 text-left ring-1 ring-line transition hover:ring-accent-400"
                >
                  {/* Named by what it shows (prompt, date) after this verb: axe label-content-name-mismatch. */}
                  <span className="sr-only">{t("imageEdit.history.openPrefix")}</span>
                  <span className="grid grid-cols-4 gap-1">
                    {urls.map((url) => (
                      <img
                        key={url}
                        src={url}
                        alt=""
                        className="aspect-square w-full rounded-lg object-cover"
                      />
                    ))}
                  </span>
                  <span className="line-clamp-2 text-[12px] text-ink-soft">
                    {editHistoryPrompt(item.prompt)}
                  </span>
                  <span className="text-[11px] text-muted tabular-nums">{date}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && !isLoading && (
        <button
          type="button"
          data-testid="image-edit-history-more"
          disabled={isLoadingMore}
          onClick={onLoadMore}
          className="mt-3 inline-flex h-9 w-full items-center justify-center gap-2 rounded-full bg-canvas-deep text-[13px] font-semibold text-ink-soft hover:bg-accent-100 disabled:opacity-60"
        >
          {isLoadingMore && <Spinner className="size-4" />}
          {t("imageEdit.history.loadMore")}
        </button>
      )}
    </section>
  );
}
