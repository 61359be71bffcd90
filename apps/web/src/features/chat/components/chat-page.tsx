/**
 * /chat, the AI prompt chat (spec 02 §2.6, §4.6, §5, §8 chat; issues 14 and 27): the thread list
 * (title 'chat', New conversation, search, rename, delete with confirmation) and the main panel
 * (title, messages, image drop zone and upload button, text input, send). Enter sends,
 * Shift+Enter adds a line; the reply streams in and can be stopped. The sent message shows once
 * and a new thread joins the list as soon as the server has it; a reply cut off on the way keeps
 * its text and offers to continue or retry; the last reply can be regenerated and the person's
 * messages edited and sent again. Visitors see the page and are asked to sign in; without a
 * connected model the page says so instead of offering a dead button. The side ad rails of the
 * spec stay off.
 */
import { CHAT_MAX_IMAGES, type TChatMessage, type TThreadsResponse } from "@gyeol/shared/contracts/ai";
import { localizePath } from "@gyeol/shared/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FlaskConical, Plug } from "lucide-react";
import { type DragEvent, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import {
  chatKeys,
  deleteThread,
  fetchChargeEnabled,
  fetchMessages,
  fetchThreads,
  renameThread,
} from "../api/chat-api.ts";
import { type TTurnRequest, threadInView, useChatTurns, withTurn } from "../hooks/use-chat-turns.ts";
import { Composer } from "./composer.tsx";
import { MessageView, type TMessageActions } from "./message-view.tsx";
import { ThreadList } from "./thread-list.tsx";

const SEARCH_DEBOUNCE_MS = 250;

export function ChatPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const queryClient = useQueryClient();
  const { user, status } = useAuth();
  const isSignedIn = Boolean(user);
  const [params, setParams] = useSearchParams();
  const threadId = params.get("thread");
  useDocumentTitle(t("chat.title"));

  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const flags = useQuery(featureFlagsQuery);
  const isConnected = flags.data?.llmEnabled !== false;
  const isTestProvider = flags.data?.llmTestProvider === true;
  const charge = useQuery({ queryKey: chatKeys.charge, queryFn: fetchChargeEnabled, staleTime: 60_000 });
  const threads = useQuery({
    queryKey: chatKeys.threads(query),
    queryFn: () => fetchThreads(query),
    enabled: isSignedIn,
    placeholderData: (previous) => previous,
  });

  const [text, setText] = useState("");
  const [images, setImages] = useState<File[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const listEndRef = useRef<HTMLLIElement>(null);

  const turns = useChatTurns({
    onThread: (id, isNew) => {
      if (isNew) setParams({ thread: id }, { replace: !threadId });
    },
  });
  const view = threadInView(threadId, turns.turn);
  const viewThreadId = view.threadId;
  const messages = useQuery({
    queryKey: chatKeys.messages(viewThreadId ?? ""),
    queryFn: () => fetchMessages(viewThreadId!),
    enabled: isSignedIn && Boolean(viewThreadId),
    staleTime: 30_000,
  });

  // A thread that is gone (deleted elsewhere, someone else's link) falls back to a new conversation.
  useEffect(() => {
    if (messages.error && isApiError(messages.error) && messages.error.code === "NOT_FOUND") setParams({});
  }, [messages.error, setParams]);

  const turnHere = view.turn;
  const stored = viewThreadId ? (messages.data?.messages ?? []) : [];
  const shown = withTurn(stored, turnHere);
  const lastText = turnHere?.reply.text;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll as messages arrive and the reply grows
  useEffect(() => {
    listEndRef.current?.scrollIntoView?.({ block: "end" });
  }, [shown.length, lastText]);

  const remove = useMutation({
    mutationFn: deleteThread,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.allThreads });
      if (id === threadId) setParams({});
      setToDelete(null);
    },
    onError: () => {
      toast.error(t("chat.deleteFailed"));
      setToDelete(null);
    },
  });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameThread(id, title),
    onMutate: ({ id, title }) => {
      // The new name shows at once; a failure puts the lists back.
      queryClient.setQueriesData<TThreadsResponse>({ queryKey: chatKeys.allThreads }, (old) =>
        old ? { ...old, threads: old.threads.map((th) => (th.id === id ? { ...th, title } : th)) } : old,
      );
    },
    onError: (error) => toast.error(describeError(error, t, t("chat.renameFailed"))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: chatKeys.allThreads }),
  });

  function addImages(files: readonly File[]) {
    if (files.length === 0) return;
    if (files.some((file) => !file.type.startsWith("image/"))) {
      toast.error(t("chat.onlyImages"));
      return;
    }
    if (files.some((file) => file.size === 0)) {
      toast.error(t("chat.emptyImage"));
      return;
    }
    const room = CHAT_MAX_IMAGES - images.length;
    if (files.length > room) toast.error(t("chat.tooManyImages", { max: CHAT_MAX_IMAGES }));
    if (room > 0) setImages((now) => [...now, ...files.slice(0, room)]);
  }

  function requireReady(): boolean {
    // Still finding out who is signed in: the words stay in the box until we know.
    if (status === "loading") return false;
    if (!isSignedIn) {
      toast.error(t("chat.loginRequired"));
      return false;
    }
    if (turns.isBusy) {
      toast(t("chat.busy"), { id: "chat-busy" });
      return false;
    }
    return true;
  }

  async function runTurn(request: TTurnRequest, restore?: { text: string; images: File[] }) {
    const outcome = await turns.run(request);
    if (outcome.kind !== "failed") return;
    // A reply the server kept (failed, or cut off with its text) says so where it stands.
    if (outcome.isShown) return;
    toast.error(`${t("chat.sendFailed")} ${describeError(outcome.error, t, "")}`.trim());
    // Nothing was stored: the person gets their words and pictures back.
    if (!outcome.stored && restore) {
      setText((now) => now || restore.text);
      setImages((now) => (now.length ? now : restore.images));
    }
  }

  function send() {
    const message = text.trim();
    if (!message && images.length === 0) {
      toast.error(t("chat.emptyInput"));
      return;
    }
    if (!requireReady()) return;
    const sent = { text: message, images };
    setText("");
    setImages([]);
    void runTurn({ action: "send", threadId, text: message, images: sent.images }, sent);
  }

  function actionsFor(message: TChatMessage, index: number): TMessageActions {
    if (!isConnected || turns.isBusy || message.id < 0 || !viewThreadId) return {};
    const isLast = index === shown.length - 1;
    if (message.role === "user")
      return {
        onEdit: (edited) => {
          if (requireReady())
            void runTurn({ action: "edit", threadId: viewThreadId, text: edited, target: message });
        },
      };
    if (!isLast) return {};
    const canContinue = message.status !== "done" && message.text.trim().length > 0;
    return {
      onRegenerate: () => {
        if (requireReady()) void runTurn({ action: "regenerate", threadId: viewThreadId, target: message });
      },
      ...(canContinue
        ? {
            onContinue: () => {
              if (requireReady())
                void runTurn({ action: "continue", threadId: viewThreadId, target: message });
            },
          }
        : {}),
    };
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (isConnected) addImages([...(event.dataTransfer.files ?? [])]);
  }

  return (
    <div
      data-testid="chat-page"
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 px-4 py-6 md:flex-row md:py-8"
    >
      <ThreadList
        threads={threads.data?.threads ?? []}
        activeId={threadId}
        isSignedIn={isSignedIn}
        isLoaded={threads.isSuccess && !threads.isPlaceholderData}
        search={search}
        query={query}
        onSearch={setSearch}
        onNew={() => setParams({})}
        onDelete={setToDelete}
        onRename={(id, title) => rename.mutate({ id, title })}
      />

      <section
        aria-labelledby="chat-title"
        onDragOver={(event) => {
          event.preventDefault();
          if (isConnected) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex min-h-[32rem] min-w-0 flex-1 flex-col rounded-3xl border border-line bg-surface shadow-card",
          isDragging && "ring-2 ring-accent-400",
        )}
      >
        <header className="border-b border-line px-5 py-4">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="chat-title" className="text-xl font-bold tracking-tight text-ink">
              {t("chat.title")}
            </h1>
            {isTestProvider && (
              <span
                data-testid="chat-test-provider"
                title={t("chat.testProviderHint")}
                className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-800 ring-1 ring-amber-200"
              >
                <FlaskConical aria-hidden="true" className="size-3.5" />
                {t("chat.testProvider")}
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-ink-soft">{t("chat.lead")}</p>
          {charge.data && (
            <p data-testid="chat-charge" className="mt-1 text-xs font-semibold text-accent-700">
              {charge.data.enabled ? t("chat.charged", { cost: charge.data.cost }) : t("chat.freeBeta")}
            </p>
          )}
          {isTestProvider && <p className="mt-1 text-xs text-amber-800">{t("chat.testProviderHint")}</p>}
        </header>

        <ol
          data-testid="chat-messages"
          aria-live="polite"
          aria-busy={turns.isBusy}
          className="flex-1 space-y-3 overflow-y-auto px-4 py-5 sm:px-6"
        >
          {!isConnected && (
            <li
              data-testid="chat-not-configured"
              className="mx-auto max-w-md rounded-2xl border border-line bg-canvas p-5 text-center"
            >
              <Plug aria-hidden="true" className="mx-auto size-7 text-ink-soft" />
              <p className="mt-2 font-bold text-ink">{t("chat.notConfiguredTitle")}</p>
              <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t("chat.notConfiguredBody")}</p>
            </li>
          )}
          {isConnected && status !== "loading" && !isSignedIn && (
            <li
              data-testid="chat-login-required"
              className="mx-auto max-w-md rounded-2xl border border-line bg-canvas p-5 text-center"
            >
              <p className="font-bold text-ink">{t("chat.loginRequired")}</p>
              <p className="mt-1 text-sm text-ink-soft">{t("chat.loginHint")}</p>
              <Link
                to={`${localizePath("/login", locale)}?next=${encodeURIComponent(localizePath("/chat", locale))}`}
                className="mt-3 inline-flex rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white"
              >
                {t("chat.login")}
              </Link>
            </li>
          )}
          {isConnected && isSignedIn && shown.length === 0 && !messages.isLoading && (
            <li className="mx-auto max-w-md py-10 text-center">
              <p className="text-lg font-bold text-ink">{t("chat.welcomeTitle")}</p>
              <p className="mt-1 text-sm text-ink-soft">{t("chat.welcomeBody")}</p>
            </li>
          )}
          {shown.map((message, index) => (
            <MessageView key={message.id} message={message} actions={actionsFor(message, index)} />
          ))}
          <li ref={listEndRef} aria-hidden="true" />
        </ol>

        {isDragging && (
          <div className="pointer-events-none absolute inset-0 grid place-items-center rounded-3xl bg-accent-50/80 text-lg font-bold text-accent-700">
            {t("chat.dropHere")}
          </div>
        )}

        {user && <ChatDraft userId={user.id} text={text} onRestore={setText} />}
        <Composer
          text={text}
          images={images}
          canCompose={isConnected}
          isBusy={turns.isBusy}
          onText={setText}
          onAddImages={addImages}
          onRemoveImage={(index) => setImages((now) => now.filter((_, i) => i !== index))}
          onSend={send}
          onStop={turns.stop}
        />
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t("chat.deleteTitle")}
        description={t("chat.deleteBody")}
        confirmLabel={t("chat.deleteConfirm")}
        cancelLabel={t("chat.cancel")}
        tone="danger"
        isPending={remove.isPending}
        testId="chat-delete-dialog"
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}

/**
 * The unsent message is the user's draft (issue 26): back after an expired session, a sign-in or
 * a reload; sending it empties the box and so ends the draft.
 */
function ChatDraft({
  userId,
  text,
  onRestore,
}: {
  userId: number;
  text: string;
  onRestore: (update: (now: string) => string) => void;
}) {
  const snapshot = useMemo(() => (text.trim() ? { text } : null), [text]);
  useDraft<{ text: string }>({
    userId,
    tool: "chat",
    snapshot,
    onRestore: (draft) => onRestore((now) => now || draft.text),
  });
  return null;
}
