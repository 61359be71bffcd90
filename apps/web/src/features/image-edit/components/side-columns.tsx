import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import { editHistoryPrompt } from "@gyeol/shared/image-edit";
import { Plus, Search, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import type { TEditSample } from "../api/image-edit-api.ts";
import { historyUrls } from "../lib/image-edit-rules.ts";

/**
 * The samples column (spec 02 §2.2, §6): a click applies a sample's prompt, settings and images;
 * administrators also add the current run as a sample, delete one, and drag to reorder (native
 * HTML drag: @dnd-kit would add ~40 KB for a list of a few cards).
 */
export function SamplesColumn({
  samples,
  isLoading,
  onApply,
  isAdmin,
  canAdd,
  onAdd,
  onDelete,
  onReorder,
}: {
  samples: readonly TEditSample[];
  isLoading: boolean;
  onApply: (sample: TEditSample) => void;
  isAdmin: boolean;
  canAdd: boolean;
  onAdd: () => void;
  onDelete: (sample: TEditSample) => void;
  onReorder: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const drop = (targetId: number) => {
    if (dragged === null || dragged === targetId) return;
    const ids = samples.map((sample) => sample.id).filter((id) => id !== dragged);
    ids.splice(ids.indexOf(targetId), 0, dragged);
    setDragged(null);
    onReorder(ids);
  };
  return (
    <section
      aria-labelledby="image-edit-samples-title"
      data-testid="image-edit-samples"
      className="rounded-3xl border border-line bg-surface p-4 shadow-soft"
    >
      <h2 id="image-edit-samples-title" className="text-[15px] font-bold text-ink">
        {t("imageEdit.samples.title")}
      </h2>
      {isAdmin && (
        <button
          type="button"
          data-testid="image-edit-sample-add"
          disabled={!canAdd}
          title={canAdd ? undefined : t("imageEdit.samples.needResult")}
          onClick={onAdd}
          className="mt-2 inline-flex h-8 w-full items-center justify-center gap-1 rounded-full bg-canvas-deep text-[12px] font-semibold text-ink-soft hover:bg-accent-100 disabled:opacity-50"
        >
          <Plus aria-hidden="true" className="size-3.5" />
          {t("imageEdit.samples.addCurrent")}
        </button>
      )}
      {isLoading ? (
        <Spinner className="mt-3 size-5" />
      ) : samples.length === 0 ? (
        <p className="mt-2 text-[13px] text-muted">{t("imageEdit.samples.empty")}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-2 min-[1200px]:grid-cols-1">
          {samples.map((sample) => (
            <li
              key={sample.id}
              className="relative"
              draggable={isAdmin}
              title={isAdmin ? t("imageEdit.samples.reorder") : undefined}
              onDragStart={() => setDragged(sample.id)}
              onDragOver={(event) => isAdmin && event.preventDefault()}
              onDrop={() => drop(sample.id)}
            >
              <button
                type="button"
                data-testid={`image-edit-sample-${sample.id}`}
                aria-label={t("imageEdit.samples.apply", { prompt: sample.prompt })}
                onClick={() => onApply(sample)}
                className="group flex w-full flex-col overflow-hidden rounded-2xl bg-canvas-deep text-left ring-1 ring-line transition hover:ring-accent-400"
              >
                {(sample.thumbnail_url ?? sample.result_urls[0]) && (
                  <img
                    src={sample.thumbnail_url ?? sample.result_urls[0]}
                    alt=""
                    className="aspect-[4/3] w-full object-cover"
                  />
                )}
                <span className="line-clamp-2 p-2 text-[12px] text-ink-soft">{sample.prompt}</span>
              </button>
              {isAdmin && (
                <button
                  type="button"
                  aria-label={t("imageEdit.samples.remove")}
                  data-testid={`image-edit-sample-${sample.id}-delete`}
                  onClick={() => onDelete(sample)}
                  className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-ink/70 text-white hover:bg-ink"
                >
                  <Trash2 aria-hidden="true" className="size-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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
