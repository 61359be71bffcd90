/**
 * One turn of the chat at a time (issue 27): send, regenerate, continue or edit, streamed. The
 * page shows the thread's stored messages (the query cache) with the turn in progress laid over
 * them, so the person's message appears once: before the server has it, as a draft; from the
 * stream's `start` on, as stored (and a new thread joins the list at that moment). When the turn
 * ends, its outcome is written into the cache: the reply; a failed reply as the server kept it
 * (a cut-off one with its text); after a stop or a dropped connection, what arrived, until the
 * stored copy is read again.
 */
import type {
  TChatAction,
  TChatMessage,
  TChatThread,
  TMessagesResponse,
  TThreadsResponse,
} from "@gyeol/shared/contracts/ai";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { ChatSendError, chatKeys, sendChatMessage } from "../api/chat-api.ts";
import type { TViewMessage } from "../components/message-view.tsx";

export interface TTurn {
  action: TChatAction;
  /** The thread the page showed when the turn began (null: a new conversation). */
  origin?: string | null;
  /** The thread the turn is in; null until a new thread's `start`. */
  threadId: string | null;
  /** regenerate: the reply it replaces; continue: the reply it finishes; edit: the message it changes. */
  targetId?: number;
  /** edit: the new text. */
  editedText?: string;
  /** send: the person's message until the server has it. */
  user: TViewMessage | null;
  reply: TViewMessage;
}

export interface TTurnRequest {
  action: TChatAction;
  threadId: string | null;
  text?: string;
  images?: readonly File[];
  target?: TChatMessage;
}

export type TTurnOutcome =
  | { kind: "done" }
  | { kind: "stopped" }
  | {
      kind: "failed";
      error: unknown;
      threadId: string | null;
      /** The person's message was stored (the stream had started). */
      stored: boolean;
      /** The failure shows in the thread (the reply as stored, or what arrived before a drop). */
      isShown: boolean;
    };

let draftIds = 0;
const draftId = () => -(Date.now() * 10 + (draftIds++ % 10));

function draft(role: TChatMessage["role"], text: string, extra: Partial<TViewMessage> = {}): TViewMessage {
  return {
    id: draftId(),
    role,
    text,
    image_url: null,
    image_urls: [],
    status: "done",
    errorCode: null,
    createdAt: new Date().toISOString(),
    ...extra,
  };
}

/** The stored messages with a turn's changes made: what the thread looks like while it runs. */
export function withTurn(messages: readonly TViewMessage[], turn: TTurn | null): TViewMessage[] {
  if (!turn) return [...messages];
  let list = [...messages];
  if (turn.action === "continue") return list.map((m) => (m.id === turn.targetId ? turn.reply : m));
  if (turn.action === "regenerate") list = list.filter((m) => m.id !== turn.targetId);
  if (turn.action === "edit") {
    const at = list.findIndex((m) => m.id === turn.targetId);
    if (at >= 0) list = [...list.slice(0, at), { ...list[at]!, text: turn.editedText ?? list[at]!.text }];
  }
  if (turn.user && !list.some((m) => m.id === turn.user!.id)) list.push(turn.user);
  list.push(turn.reply);
  return list;
}

function updateMessages(
  client: QueryClient,
  threadId: string,
  update: (messages: TChatMessage[]) => TChatMessage[],
  thread?: TChatThread,
) {
  client.setQueryData<TMessagesResponse>(chatKeys.messages(threadId), (old) => {
    const base = old ?? (thread ? { success: true as const, thread, messages: [] } : undefined);
    return base ? { ...base, messages: update(base.messages) } : base;
  });
}

/** The thread at the top of the unfiltered list (a new one, or one just answered). */
function listThread(client: QueryClient, thread: TChatThread) {
  client.setQueryData<TThreadsResponse>(chatKeys.threads(""), (old) =>
    old
      ? { ...old, threads: [thread, ...old.threads.filter((t) => t.id !== thread.id)] }
      : { success: true, threads: [thread], nextCursor: null },
  );
}

export function useChatTurns(options: { onThread(threadId: string, isNew: boolean): void }) {
  const client = useQueryClient();
  const [turn, setTurn] = useState<TTurn | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onThreadRef = useRef(options.onThread);
  onThreadRef.current = options.onThread;

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const run = useCallback(
    async (request: TTurnRequest): Promise<TTurnOutcome> => {
      const controller = new AbortController();
      abortRef.current = controller;
      const { action, target } = request;
      const localUrls = (request.images ?? []).map((file) => URL.createObjectURL(file));
      let current: TTurn = {
        action,
        origin: request.threadId,
        threadId: request.threadId,
        ...(target ? { targetId: target.id } : {}),
        ...(action === "edit" ? { editedText: request.text ?? "" } : {}),
        user:
          action === "send"
            ? draft("user", request.text ?? "", localUrls.length ? { localImageUrls: localUrls } : {})
            : null,
        reply:
          action === "continue" && target
            ? { ...target, status: "done", errorCode: null, isStreaming: true }
            : draft("assistant", "", { isStreaming: true }),
      };
      const show = (next: TTurn) => {
        current = next;
        setTurn(next);
      };
      show(current);
      let threadId = request.threadId;
      let started = false;
      const structural = (messages: TChatMessage[], userMessage?: TChatMessage) => {
        let list = messages;
        if (action === "regenerate") list = list.filter((m) => m.id !== target?.id);
        if (action === "edit" && target) {
          const at = list.findIndex((m) => m.id === target.id);
          if (at >= 0)
            list = [...list.slice(0, at), userMessage ?? { ...list[at]!, text: request.text ?? "" }];
        }
        if (action === "send" && userMessage && !list.some((m) => m.id === userMessage.id))
          list = [...list, userMessage];
        return list;
      };
      /** Writes the turn's reply into the stored messages and ends the turn. */
      const settle = (reply: TChatMessage) => {
        if (threadId) {
          updateMessages(client, threadId, (messages) =>
            action === "continue"
              ? messages.map((m) => (m.id === target?.id ? reply : m))
              : [...structural(messages).filter((m) => m.id !== reply.id), reply],
          );
        }
        setTurn(null);
      };
      /** What arrived, kept on screen; the stored copy replaces it once read again. */
      const keepDraft = (status: TChatMessage["status"], errorCode: string | null) => {
        const reply = { ...current.reply, status, errorCode, isStreaming: false } as TViewMessage;
        if (threadId && started) {
          settle(reply);
          const id = threadId;
          setTimeout(() => void client.invalidateQueries({ queryKey: chatKeys.messages(id) }), 600);
        } else setTurn(null);
      };
      try {
        const answer = await sendChatMessage(
          {
            text: request.text ?? "",
            threadId: request.threadId,
            images: request.images ?? [],
            action,
            ...(target ? { messageId: target.id } : {}),
          },
          {
            onStart: ({ threadId: id, userMessage, thread }) => {
              started = true;
              const isNew = id !== request.threadId;
              threadId = id;
              if (isNew) {
                client.setQueryData<TMessagesResponse>(chatKeys.messages(id), {
                  success: true,
                  thread,
                  messages: [userMessage],
                });
              } else {
                updateMessages(client, id, (messages) => structural(messages, userMessage));
              }
              listThread(client, thread);
              for (const url of localUrls) URL.revokeObjectURL(url);
              show({
                ...current,
                threadId: id,
                user: null,
                ...(action === "edit" ? { editedText: userMessage.text } : {}),
              });
              onThreadRef.current(id, isNew);
            },
            onDelta: (delta) => {
              show({ ...current, reply: { ...current.reply, text: current.reply.text + delta } });
            },
          },
          controller.signal,
        );
        settle({ ...answer.message });
        void client.invalidateQueries({ queryKey: chatKeys.allThreads });
        return { kind: "done" };
      } catch (error) {
        if (controller.signal.aborted) {
          // Stopped: the server keeps what had arrived.
          keepDraft("stopped", null);
          return { kind: "stopped" };
        }
        let isShown = false;
        if (error instanceof ChatSendError && error.reply) {
          settle(error.reply);
          isShown = true;
        } else if (error instanceof ChatSendError && error.isDropped && started && current.reply.text) {
          keepDraft("failed", "LLM_UNAVAILABLE");
          isShown = true;
        } else {
          setTurn(null);
          if (threadId && started) void client.invalidateQueries({ queryKey: chatKeys.messages(threadId) });
        }
        for (const url of localUrls) URL.revokeObjectURL(url);
        void client.invalidateQueries({ queryKey: chatKeys.allThreads });
        return { kind: "failed", error, threadId, stored: started, isShown };
      } finally {
        abortRef.current = null;
      }
    },
    [client],
  );

  return { turn, run, stop, isBusy: turn !== null };
}

/**
 * The thread a page showing `threadId` should draw, and the turn to lay over it: a new thread's
 * turn goes on showing in the view it began in until the address names the thread, so nothing
 * blinks away between the stream's start and the navigation.
 */
export function threadInView(threadId: string | null, turn: TTurn | null) {
  if (!turn) return { threadId, turn: null };
  if (turn.threadId === threadId) return { threadId, turn };
  if ((turn.origin ?? null) === threadId) return { threadId: turn.threadId, turn };
  return { threadId, turn: null };
}
