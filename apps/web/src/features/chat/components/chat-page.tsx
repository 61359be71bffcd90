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
import { useQuery } from "@tanstack/react-query";
import { type DragEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { chatKeys, fetchChargeEnabled, fetchMessages } from "../api/chat-api.ts";
import { useChatAttachments } from "../hooks/use-chat-attachments.ts";
import { useChatSend } from "../hooks/use-chat-send.ts";
import { useChatThreads } from "../hooks/use-chat-threads.ts";
import { threadInView, useChatTurns, withTurn } from "../hooks/use-chat-turns.ts";
import { ChatHeader, ChatNotes } from "./chat-panel-parts.tsx";
import { Composer } from "./composer.tsx";
import { MessageView } from "./message-view.tsx";
import { ThreadList } from "./thread-list.tsx";

export function ChatPage() {
  const { t } = useTranslation();
  const { user, status } = useAuth();
  const isSignedIn = Boolean(user);
  const [params, setParams] = useSearchParams();
  const threadId = params.get("thread");
  useDocumentTitle(t("chat.title"));

  const flags = useQuery(featureFlagsQuery);
  const isConnected = flags.data?.llmEnabled !== false;
  const charge = useQuery({ queryKey: chatKeys.charge, queryFn: fetchChargeEnabled, staleTime: 60_000 });
  const list = useChatThreads({ isSignedIn, openThreadId: threadId, onClosed: () => setParams({}) });

  const [text, setText] = useState("");
  const attachments = useChatAttachments();
  const [isDragging, setIsDragging] = useState(false);
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

  const { send, actionsFor } = useChatSend({
    text,
    setText,
    attachments,
    turns,
    isAuthLoading: status === "loading",
    isSignedIn,
    isConnected,
    threadId,
    viewThreadId: viewThreadId ?? null,
    lastIndex: shown.length - 1,
  });

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (isConnected) attachments.add([...(event.dataTransfer.files ?? [])]);
  }

  return (
    <div
      data-testid="chat-page"
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 px-4 py-6 md:flex-row md:py-8"
    >
      <ThreadList
        threads={list.threads.data?.threads ?? []}
        activeId={threadId}
        isSignedIn={isSignedIn}
        isLoaded={list.threads.isSuccess && !list.threads.isPlaceholderData}
        search={list.search}
        query={list.query}
        onSearch={list.setSearch}
        onNew={() => setParams({})}
        onDelete={list.setToDelete}
        onRename={list.rename}
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
        <ChatHeader isTestProvider={flags.data?.llmTestProvider === true} charge={charge.data} />
        <ol
          data-testid="chat-messages"
          aria-live="polite"
          aria-busy={turns.isBusy}
          className="flex-1 space-y-3 overflow-y-auto px-4 py-5 sm:px-6"
        >
          <ChatNotes
            isConnected={isConnected}
            isSignedIn={isSignedIn}
            isAuthLoading={status === "loading"}
            isEmpty={shown.length === 0 && !messages.isLoading}
          />
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
          images={attachments.images}
          canCompose={isConnected}
          isBusy={turns.isBusy}
          onText={setText}
          onAddImages={attachments.add}
          onRemoveImage={attachments.remove}
          onSend={send}
          onStop={turns.stop}
        />
      </section>

      <ConfirmDialog
        open={list.toDelete !== null}
        onOpenChange={(open) => !open && list.setToDelete(null)}
        title={t("chat.deleteTitle")}
        description={t("chat.deleteBody")}
        confirmLabel={t("chat.deleteConfirm")}
        cancelLabel={t("chat.cancel")}
        tone="danger"
        isPending={list.isDeleting}
        testId="chat-delete-dialog"
        onConfirm={list.confirmDelete}
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
