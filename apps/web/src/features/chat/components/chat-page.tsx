/**
 * /chat, the AI prompt chat (spec 02 §2.6, §4.6, §5, §8 chat; issue 14): the thread list (title
 * 'chat', New conversation, delete with confirmation) and the main panel (title, messages, image
 * drop zone and upload button, text input, send). Enter sends, Shift+Enter adds a line; the reply
 * streams in and can be stopped. Visitors see the page and are asked to sign in; without a
 * connected model the page says so instead of offering a dead button. The side ad rails of the
 * spec stay off.
 */
import { CHAT_TEXT_MAX, type TChatMessage } from "@gyeol/shared/contracts/ai";
import { localizePath } from "@gyeol/shared/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FlaskConical, ImagePlus, MessageSquarePlus, Plug, Send, Square, Trash2, X } from "lucide-react";
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import {
  ChatSendError,
  chatKeys,
  deleteThread,
  fetchChargeEnabled,
  fetchMessages,
  fetchThreads,
  sendChatMessage,
} from "../api/chat-api.ts";
import { MessageView, type TViewMessage } from "./message-view.tsx";

interface TPending {
  user: TViewMessage;
  reply: TViewMessage;
}

function draftMessage(role: TChatMessage["role"], text: string, localImageUrl?: string): TViewMessage {
  return {
    id: -Date.now() - (role === "user" ? 0 : 1),
    role,
    text,
    image_url: null,
    status: "done",
    errorCode: null,
    createdAt: new Date().toISOString(),
    ...(localImageUrl ? { localImageUrl } : {}),
    isStreaming: role === "assistant",
  };
}

export function ChatPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const queryClient = useQueryClient();
  const { user, status } = useAuth();
  const isSignedIn = Boolean(user);
  const [params, setParams] = useSearchParams();
  const threadId = params.get("thread");
  useDocumentTitle(t("chat.title"));

  const flags = useQuery(featureFlagsQuery);
  const isConnected = flags.data?.llmEnabled !== false;
  const isTestProvider = flags.data?.llmTestProvider === true;
  const charge = useQuery({ queryKey: chatKeys.charge, queryFn: fetchChargeEnabled, staleTime: 60_000 });
  const threads = useQuery({ queryKey: chatKeys.threads, queryFn: fetchThreads, enabled: isSignedIn });
  const messages = useQuery({
    queryKey: chatKeys.messages(threadId ?? ""),
    queryFn: () => fetchMessages(threadId!),
    enabled: isSignedIn && Boolean(threadId),
  });

  const [text, setText] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const [pending, setPending] = useState<TPending | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listEndRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!image) return setImagePreview(null);
    const url = URL.createObjectURL(image);
    setImagePreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  // A thread that is gone (deleted elsewhere, someone else's link) falls back to a new conversation.
  useEffect(() => {
    if (messages.error && isApiError(messages.error) && messages.error.code === "NOT_FOUND") setParams({});
  }, [messages.error, setParams]);

  const shown: TViewMessage[] = [
    ...(threadId ? (messages.data?.messages ?? []) : []),
    ...(pending ? [pending.user, pending.reply] : []),
  ];
  const lastText = pending?.reply.text;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll as messages arrive and the reply grows
  useEffect(() => {
    listEndRef.current?.scrollIntoView?.({ block: "end" });
  }, [shown.length, lastText]);

  const remove = useMutation({
    mutationFn: deleteThread,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
      if (id === threadId) setParams({});
      setToDelete(null);
    },
    onError: () => {
      toast.error(t("chat.deleteFailed"));
      setToDelete(null);
    },
  });

  function chooseImage(file: File | undefined | null) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast.error(t("chat.onlyImages"));
      return;
    }
    setImage(file);
  }

  async function send() {
    if (pending) return;
    if (!isSignedIn) {
      toast.error(t("chat.loginRequired"));
      return;
    }
    const message = text.trim();
    if (!message && !image) {
      toast.error(t("chat.emptyInput"));
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const localImage = image ? URL.createObjectURL(image) : undefined;
    let current: TPending = {
      user: draftMessage("user", message, localImage),
      reply: draftMessage("assistant", ""),
    };
    setPending(current);
    setText("");
    setImage(null);
    let activeThread = threadId;
    const settle = async (target: string | null) => {
      if (target) await queryClient.invalidateQueries({ queryKey: chatKeys.messages(target) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.threads });
      setPending(null);
      if (localImage) URL.revokeObjectURL(localImage);
    };
    try {
      await sendChatMessage(
        { text: message, threadId, image },
        {
          onStart: ({ threadId: started }) => {
            activeThread = started;
            if (started !== threadId) setParams({ thread: started }, { replace: !threadId });
          },
          onDelta: (delta) => {
            current = { ...current, reply: { ...current.reply, text: current.reply.text + delta } };
            setPending(current);
          },
        },
        controller.signal,
      );
      await settle(activeThread);
    } catch (error) {
      if (controller.signal.aborted) {
        // Stopped: the server keeps what had arrived; show it until the stored copy replaces it.
        current = { ...current, reply: { ...current.reply, isStreaming: false, status: "stopped" } };
        setPending(current);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await settle(activeThread);
        return;
      }
      const threadOfError = error instanceof ChatSendError ? (error.threadId ?? activeThread) : activeThread;
      toast.error(`${t("chat.sendFailed")} ${describeError(error, t, "")}`.trim());
      if (!threadOfError) {
        // Nothing was stored: give the person their words back.
        setText(message);
      }
      await settle(threadOfError);
    } finally {
      abortRef.current = null;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    chooseImage(event.dataTransfer.files?.[0]);
  }

  const canCompose = isConnected;
  const threadList = threads.data?.threads ?? [];

  return (
    <div
      data-testid="chat-page"
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 px-4 py-6 md:flex-row md:py-8"
    >
      <aside
        data-testid="chat-threads"
        className="flex max-h-56 shrink-0 flex-col rounded-3xl border border-line bg-surface p-3 shadow-card md:max-h-none md:w-64"
      >
        <div className="flex items-center justify-between px-2 pb-2">
          <h2 className="text-sm font-bold tracking-wide text-ink-soft uppercase">
            {t("chat.threadsTitle")}
          </h2>
          <button
            type="button"
            data-testid="chat-new-thread"
            onClick={() => setParams({})}
            className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-3 py-1.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-100 hover:bg-accent-100"
          >
            <MessageSquarePlus aria-hidden="true" className="size-3.5" />
            {t("chat.newThread")}
          </button>
        </div>
        <ul className="-mx-1 flex-1 space-y-0.5 overflow-y-auto">
          {isSignedIn && threads.isSuccess && threadList.length === 0 && (
            <li className="px-3 py-2 text-sm text-ink-soft">{t("chat.noThreads")}</li>
          )}
          {threadList.map((thread) => (
            <li key={thread.id} data-testid="chat-thread" className="group flex items-center">
              <Link
                to={`${localizePath("/chat", locale)}?thread=${encodeURIComponent(thread.id)}`}
                className={cn(
                  "min-w-0 flex-1 truncate rounded-xl px-3 py-2 text-sm",
                  thread.id === threadId ? "bg-ink/5 font-semibold text-ink" : "text-ink-soft hover:bg-ink/5",
                )}
              >
                {thread.title || t("chat.untitled")}
              </Link>
              <button
                type="button"
                data-testid="chat-delete-thread"
                aria-label={t("chat.deleteThread")}
                title={t("chat.deleteThread")}
                onClick={() => setToDelete(thread.id)}
                className="ml-1 rounded-lg p-1.5 text-ink-soft hover:bg-red-50 hover:text-red-700"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      </aside>

      <section
        aria-labelledby="chat-title"
        onDragOver={(event) => {
          event.preventDefault();
          if (canCompose) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex min-h-[32rem] flex-1 flex-col rounded-3xl border border-line bg-surface shadow-card",
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

        <ol data-testid="chat-messages" className="flex-1 space-y-3 overflow-y-auto px-4 py-5 sm:px-6">
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
          {shown.map((message) => (
            <MessageView key={message.id} message={message} />
          ))}
          <li ref={listEndRef} aria-hidden="true" />
        </ol>

        {isDragging && (
          <div className="pointer-events-none absolute inset-0 grid place-items-center rounded-3xl bg-accent-50/80 text-lg font-bold text-accent-700">
            {t("chat.dropHere")}
          </div>
        )}

        <form
          data-testid="chat-composer"
          className="border-t border-line p-3 sm:p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {imagePreview && (
            <div className="mb-2 inline-flex items-center gap-2 rounded-2xl border border-line p-1.5 pr-2">
              <img
                src={imagePreview}
                alt={t("chat.attachedImage")}
                className="size-12 rounded-xl object-cover"
              />
              <button
                type="button"
                aria-label={t("chat.removeImage")}
                onClick={() => setImage(null)}
                className="rounded-full p-1 text-ink-soft hover:bg-ink/5"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
          <div className="flex items-end gap-2">
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              className="hidden"
              data-testid="chat-file-input"
              onChange={(event) => {
                chooseImage(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
            <button
              type="button"
              aria-label={t("chat.upload")}
              title={t("chat.upload")}
              disabled={!canCompose}
              onClick={() => fileRef.current?.click()}
              className="grid size-11 shrink-0 place-items-center rounded-full border border-line text-ink-soft hover:bg-ink/5 disabled:opacity-50"
            >
              <ImagePlus aria-hidden="true" className="size-5" />
            </button>
            <textarea
              data-testid="chat-input"
              aria-label={t("chat.inputLabel")}
              value={text}
              maxLength={CHAT_TEXT_MAX}
              disabled={!canCompose}
              rows={1}
              placeholder={canCompose ? t("chat.placeholder") : t("chat.notConfiguredTitle")}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              className="max-h-40 min-h-11 flex-1 resize-none rounded-3xl border border-line bg-canvas px-4 py-2.5 text-[15px] text-ink outline-none focus:border-accent-400 disabled:opacity-60"
            />
            {pending ? (
              <button
                type="button"
                data-testid="chat-stop"
                onClick={() => abortRef.current?.abort()}
                className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-ink px-4 text-sm font-semibold text-white"
              >
                <Square aria-hidden="true" className="size-4" />
                {t("chat.stop")}
              </button>
            ) : (
              <button
                type="submit"
                data-testid="chat-send"
                disabled={!canCompose}
                className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-50"
              >
                <Send aria-hidden="true" className="size-4" />
                {t("chat.send")}
              </button>
            )}
          </div>
        </form>
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
