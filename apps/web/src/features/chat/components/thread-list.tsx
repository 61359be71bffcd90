/**
 * The thread list (spec 02 §2.6 "Left thread list: title 'chat', New conversation button, delete
 * icon per thread"; issue 27: search, rename). Titles are plain text. Rename in place: Enter
 * saves, Esc cancels.
 */
import {
  CHAT_SEARCH_MAX,
  CHAT_TITLE_EDIT_MAX,
  plainTitle,
  type TChatThread,
} from "@gyeol/shared/contracts/ai";
import { localizePath } from "@gyeol/shared/routes";
import { MessageSquarePlus, Pencil, Search, Trash2, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { usePageLocale } from "../../../lib/locale.ts";

export interface TThreadListProps {
  threads: readonly TChatThread[];
  activeId: string | null;
  isSignedIn: boolean;
  isLoaded: boolean;
  search: string;
  /** The search the list shows (after the pause). */
  query: string;
  onSearch(text: string): void;
  onNew(): void;
  onDelete(threadId: string): void;
  onRename(threadId: string, title: string): void;
}

function RenameBox({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const save = () => {
    const title = draft.replace(/\s+/g, " ").trim();
    if (title && title !== initial) onSave(title);
    else onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <input
      data-testid="chat-rename-input"
      aria-label={t("chat.renameLabel")}
      value={draft}
      maxLength={CHAT_TITLE_EDIT_MAX}
      // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this thread
      autoFocus
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={save}
      className="min-w-0 flex-1 rounded-xl border border-accent-300 bg-canvas px-3 py-1.5 text-sm text-ink outline-none"
    />
  );
}

export function ThreadList(props: TThreadListProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <aside
      data-testid="chat-threads"
      className="flex max-h-64 shrink-0 flex-col rounded-3xl border border-line bg-surface p-3 shadow-card md:max-h-none md:w-72"
    >
      <div className="flex items-center justify-between px-2 pb-2">
        <h2 className="text-sm font-bold tracking-wide text-ink-soft uppercase">{t("chat.threadsTitle")}</h2>
        <button
          type="button"
          data-testid="chat-new-thread"
          onClick={props.onNew}
          className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-3 py-1.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-100 hover:bg-accent-100"
        >
          <MessageSquarePlus aria-hidden="true" className="size-3.5" />
          {t("chat.newThread")}
        </button>
      </div>
      {props.isSignedIn && (
        <div className="relative mb-2 px-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-soft"
          />
          <input
            type="search"
            data-testid="chat-search"
            aria-label={t("chat.searchLabel")}
            placeholder={t("chat.searchPlaceholder")}
            value={props.search}
            maxLength={CHAT_SEARCH_MAX}
            onChange={(event) => props.onSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") props.onSearch("");
            }}
            className="w-full rounded-full border border-line bg-canvas py-1.5 pr-8 pl-8 text-sm text-ink outline-none placeholder:text-ink-soft/80 focus:border-accent-400 [&::-webkit-search-cancel-button]:hidden"
          />
          {props.search && (
            <button
              type="button"
              aria-label={t("chat.clearSearch")}
              onClick={() => props.onSearch("")}
              className="absolute top-1/2 right-2.5 -translate-y-1/2 rounded-full p-0.5 text-ink-soft hover:bg-ink/5"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </div>
      )}
      <ul className="-mx-1 flex-1 space-y-0.5 overflow-y-auto">
        {props.isSignedIn && props.isLoaded && props.threads.length === 0 && (
          <li className="px-3 py-2 text-sm text-ink-soft" data-testid="chat-no-threads">
            {props.query ? t("chat.noResults", { q: props.query }) : t("chat.noThreads")}
          </li>
        )}
        {props.threads.map((thread) => {
          const title = plainTitle(thread.title, 200) || t("chat.untitled");
          return (
            <li key={thread.id} data-testid="chat-thread" className="group flex items-center">
              {renaming === thread.id ? (
                <RenameBox
                  initial={title}
                  onCancel={() => setRenaming(null)}
                  onSave={(next) => {
                    setRenaming(null);
                    props.onRename(thread.id, next);
                  }}
                />
              ) : (
                <Link
                  to={`${localizePath("/chat", locale)}?thread=${encodeURIComponent(thread.id)}`}
                  aria-current={thread.id === props.activeId ? "page" : undefined}
                  title={title}
                  className={cn(
                    "min-w-0 flex-1 truncate rounded-xl px-3 py-2 text-sm",
                    thread.id === props.activeId
                      ? "bg-ink/5 font-semibold text-ink"
                      : "text-ink-soft hover:bg-ink/5",
                  )}
                >
                  {title}
                </Link>
              )}
              {renaming !== thread.id && (
                <>
                  <button
                    type="button"
                    data-testid="chat-rename-thread"
                    aria-label={`${t("chat.renameThread")}: ${title}`}
                    title={t("chat.renameThread")}
                    onClick={() => setRenaming(thread.id)}
                    className="ml-0.5 rounded-lg p-1.5 text-ink-soft hover:bg-ink/5 hover:text-ink"
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    data-testid="chat-delete-thread"
                    aria-label={`${t("chat.deleteThread")}: ${title}`}
                    title={t("chat.deleteThread")}
                    onClick={() => props.onDelete(thread.id)}
                    className="rounded-lg p-1.5 text-ink-soft hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
