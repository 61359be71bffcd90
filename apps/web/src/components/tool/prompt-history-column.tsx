/**
 * The history column of the prompt tools, image edit and generation (spec 02 §2.2, §2.3, §7): a
 * prompt search (as the user types, after a pause, or at once on Enter), one entry per run with
 * up to four of its images, its prompt and its date or state, and Load more. The tool passes its
 * entries and what opening one does; a tool's fallback (generation's browser cache) shows when the
 * server's history cannot be read.
 */
import { ImageIcon, Search } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { OptionCard } from "../ui/option-card.tsx";
import { Spinner } from "../ui/spinner.tsx";

/** Typing searches after this pause; Enter searches at once. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 300;
const IMAGES_PER_ENTRY = 4;

export interface TPromptHistoryEntry {
  id: number | string;
  images: readonly string[];
  prompt: string;
  /** The date, or why it cannot open ("Generating", "Failed"). */
  note: string;
  isOpenable: boolean;
}

export interface TPromptHistoryColumnProps<E extends TPromptHistoryEntry> {
  title: string;
  emptyText: string;
  entries: readonly E[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The search in force (the column keeps what is being typed). */
  query: string;
  onSearch: (query: string) => void;
  onLoadMore: () => void;
  onOpen: (entry: E) => void;
  /** Shown instead of the error when the server's history cannot be read. */
  fallback?: ReactNode;
  /** A second button under each entry where it applies (issue 26: "run again"). */
  entryAction?: TPromptHistoryAction<E> | undefined;
  /**
   * Names the column and its parts: `-search`, `-items`, `-item`, `-{id}`, `-{id}-action`, `-empty`,
   * `-more`.
   */
  testId: string;
}

export interface TPromptHistoryAction<E extends TPromptHistoryEntry> {
  text: string;
  icon?: ReactNode;
  /** The accessible name, which names the entry (its prompt or date). */
  label: (entry: E) => string;
  isAvailable: (entry: E) => boolean;
  onClick: (entry: E) => void;
}

export function PromptHistoryColumn<E extends TPromptHistoryEntry>(props: TPromptHistoryColumnProps<E>) {
  const { t } = useTranslation();
  const { entries, testId } = props;
  return (
    <OptionCard title={props.title} testId={testId}>
      <HistorySearch query={props.query} onSearch={props.onSearch} testId={`${testId}-search`} />
      {props.isLoading ? (
        <div className="grid min-h-20 place-items-center text-accent-600">
          <Spinner />
        </div>
      ) : props.isError && props.fallback ? (
        props.fallback
      ) : props.isError ? (
        <p className="py-4 text-center text-[13px] text-red-700">{t("tool.history.loadFailed")}</p>
      ) : entries.length === 0 ? (
        <p
          className="flex flex-col items-center gap-2 py-4 text-center text-[13px] text-muted"
          data-testid={`${testId}-empty`}
        >
          <ImageIcon aria-hidden="true" className="size-6 text-line-strong" />
          {props.query ? t("tool.history.noMatch") : props.emptyText}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid={`${testId}-items`}>
          {entries.map((entry) => (
            <li key={entry.id} data-testid={`${testId}-item`}>
              <HistoryEntryButton
                entry={entry}
                onOpen={() => props.onOpen(entry)}
                testId={`${testId}-${entry.id}`}
              />
              {props.entryAction?.isAvailable(entry) && (
                <EntryActionButton
                  entry={entry}
                  action={props.entryAction}
                  testId={`${testId}-${entry.id}-action`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {props.hasMore && !props.isLoading && !props.isError && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3 w-full"
          onClick={props.onLoadMore}
          disabled={props.isLoadingMore}
          data-testid={`${testId}-more`}
        >
          {props.isLoadingMore ? <Spinner className="size-4" /> : null}
          {t("tool.history.loadMore")}
        </Button>
      )}
    </OptionCard>
  );
}

function HistorySearch({
  query,
  onSearch,
  testId,
}: {
  query: string;
  onSearch: (query: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(query);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  /** The last search asked for (or in force): the pause after typing does not ask for it again. */
  const sentRef = useRef(query);
  useEffect(() => {
    sentRef.current = query;
  }, [query]);
  const send = (next: string) => {
    sentRef.current = next;
    onSearchRef.current(next);
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== sentRef.current) sendRef.current(text.trim());
    }, HISTORY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(text.trim());
  };
  return (
    <form onSubmit={submit} className="mb-3 flex gap-2">
      <label htmlFor={id} className="sr-only">
        {t("tool.history.search")}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        data-testid={testId}
        placeholder={t("tool.history.search")}
        onChange={(event) => setText(event.target.value)}
        className="h-9 min-w-0 flex-1 rounded-full border border-line bg-surface px-3 text-[13px]"
      />
      <button
        type="submit"
        aria-label={t("tool.history.searchButton")}
        className="flex size-9 items-center justify-center rounded-full bg-canvas-deep text-ink-soft hover:bg-accent-100"
      >
        <Search aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}

function HistoryEntryButton({
  entry,
  onOpen,
  testId,
}: {
  entry: TPromptHistoryEntry;
  onOpen: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const images = entry.images.slice(0, IMAGES_PER_ENTRY);
  return (
    <button
      type="button"
      data-testid={testId}
      disabled={!entry.isOpenable}
      onClick={onOpen}
      className="flex w-full flex-col gap-1.5 rounded-2xl bg-canvas-deep p-2 text-left ring-1 ring-line transition hover:ring-accent-400 disabled:opacity-70 disabled:hover:ring-line"
    >
      {/* Named by what it shows (prompt, date) after this verb: axe label-content-name-mismatch. */}
      <span className="sr-only">{t("tool.history.openPrefix")}</span>
      {images.length > 0 && (
        <span className="grid grid-cols-4 gap-1">
          {images.map((url) => (
            <img key={url} src={url} alt="" className="aspect-square w-full rounded-lg object-cover" />
          ))}
        </span>
      )}
      <span className="line-clamp-2 text-[12px] text-ink-soft">{entry.prompt || "—"}</span>
      <span className="text-[11px] text-muted tabular-nums">{entry.note}</span>
    </button>
  );
}

function EntryActionButton<E extends TPromptHistoryEntry>({
  entry,
  action,
  testId,
}: {
  entry: E;
  action: TPromptHistoryAction<E>;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={() => action.onClick(entry)}
      aria-label={action.label(entry)}
      data-testid={testId}
      className="mt-1 inline-flex min-h-9 w-full items-center justify-center gap-1.5 rounded-xl bg-canvas px-2 text-[12.5px] font-semibold text-ink-soft ring-1 ring-line transition-colors outline-none hover:bg-canvas-deep hover:text-ink focus-visible:ring-4 focus-visible:ring-accent-100"
    >
      {action.icon}
      <span className="truncate">{action.text}</span>
    </button>
  );
}
