/**
 * The chat calls of spec 02 §7 "Chat" (issue 14) and issue 27's (search, rename, regenerate,
 * continue, edit, several pictures). Sending streams the reply (server-sent events of POST
 * /api/ai/chat); failures are the client's ApiError, whose code the page translates.
 */
import type {
  TChargeEnabledResponse,
  TChatAction,
  TChatMessage,
  TChatReply,
  TChatThread,
  TMessagesResponse,
  TThreadsResponse,
} from "@gyeol/shared/contracts/ai";
import {
  ApiError,
  apiGet,
  apiRequest,
  CLIENT_ERROR_CODES,
  failureFromResponse,
} from "../../../lib/api-client.ts";

export const chatKeys = {
  /** Every thread list (each search is its own). */
  allThreads: ["chat", "threads"] as const,
  threads: (q: string) => ["chat", "threads", q] as const,
  messages: (threadId: string) => ["chat", "messages", threadId] as const,
  charge: ["chat", "charge-enabled"] as const,
};

export const fetchThreads = (q: string) =>
  apiGet<TThreadsResponse>("/api/ai/threads", { query: { limit: 50, ...(q ? { q } : {}) } });

export const fetchMessages = (threadId: string) =>
  apiGet<TMessagesResponse>(`/api/ai/threads/${encodeURIComponent(threadId)}/messages`, {
    query: { limit: 100 },
  });

export const deleteThread = (threadId: string) =>
  apiRequest<{ success: true }>(`/api/ai/threads/${encodeURIComponent(threadId)}`, { method: "DELETE" });

export const renameThread = (threadId: string, title: string) =>
  apiRequest<{ success: true; thread: TChatThread }>(`/api/ai/threads/${encodeURIComponent(threadId)}`, {
    method: "PATCH",
    body: { title },
  });

export const fetchChargeEnabled = () => apiGet<TChargeEnabledResponse>("/api/ai/chat/charge-enabled");

export interface TSendHandlers {
  onStart(start: { threadId: string; userMessage: TChatMessage; thread: TChatThread }): void;
  onDelta(text: string): void;
}

/** A failure after the message was stored: the thread it belongs to, and the reply as stored. */
export class ChatSendError extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly threadId: string | undefined,
    /** The failed reply the server kept (a cut-off one keeps the text that arrived). */
    readonly reply: TChatMessage | undefined,
    /** The stream broke on the way here: the server may still be storing the outcome. */
    readonly isDropped = false,
  ) {
    super(502, code, message);
  }
}

export interface TSendInput {
  text: string;
  threadId: string | null;
  images: readonly File[];
  action?: TChatAction;
  messageId?: number;
}

/** POST /api/ai/chat (multipart text, threadId, image ×1–4, action, messageId), reading the reply as it streams. */
export async function sendChatMessage(
  input: TSendInput,
  handlers: TSendHandlers,
  signal: AbortSignal,
): Promise<TChatReply> {
  const form = new FormData();
  if (input.text) form.append("text", input.text);
  if (input.threadId) form.append("threadId", input.threadId);
  if (input.action && input.action !== "send") form.append("action", input.action);
  if (input.messageId) form.append("messageId", String(input.messageId));
  for (const image of input.images) form.append("image", image, image.name || "image");
  let response: Response;
  try {
    response = await fetch("/api/ai/chat", {
      method: "POST",
      headers: { Accept: "text/event-stream" },
      body: form,
      credentials: "include",
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.NETWORK_ERROR, String(error));
  }
  if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const data: unknown = await response.json().catch(() => undefined);
    throw failureFromResponse(response.ok ? 502 : response.status, data);
  }
  // Our own server's stream (modules/ai): each event is one `event:` line and one `data:` line of
  // JSON, so splitting on blank lines is the whole parser; eventsource-parser (in node_modules only
  // as the AI SDK's dependency) would add a dependency for multi-line data and retry fields we never send.
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let threadId: string | undefined;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal.aborted) throw error;
      // The connection dropped mid-answer: what arrived stays with the page.
      throw new ChatSendError(CLIENT_ERROR_CODES.NETWORK_ERROR, String(error), threadId, undefined, true);
    }
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const payload = JSON.parse(data) as Record<string, unknown>;
      if (event === "start") {
        threadId = payload.threadId as string;
        handlers.onStart(payload as unknown as Parameters<TSendHandlers["onStart"]>[0]);
      } else if (event === "delta") handlers.onDelta(String(payload.text ?? ""));
      else if (event === "done") return payload as unknown as TChatReply;
      else if (event === "error")
        throw new ChatSendError(
          String(payload.code ?? "INTERNAL_ERROR"),
          String(payload.error ?? ""),
          threadId,
          payload.message as TChatMessage | undefined,
        );
    }
  }
  throw new ChatSendError(
    CLIENT_ERROR_CODES.NETWORK_ERROR,
    "The stream ended early.",
    threadId,
    undefined,
    true,
  );
}
