/**
 * The chat calls of spec 02 §7 "Chat" (issue 14). Sending streams the reply (server-sent events
 * of POST /api/ai/chat); failures are the client's ApiError, whose code the page translates.
 */
import type {
  TChargeEnabledResponse,
  TChatMessage,
  TChatReply,
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
  threads: ["chat", "threads"] as const,
  messages: (threadId: string) => ["chat", "messages", threadId] as const,
  charge: ["chat", "charge-enabled"] as const,
};

export const fetchThreads = () => apiGet<TThreadsResponse>("/api/ai/threads", { query: { limit: 50 } });

export const fetchMessages = (threadId: string) =>
  apiGet<TMessagesResponse>(`/api/ai/threads/${encodeURIComponent(threadId)}/messages`, {
    query: { limit: 100 },
  });

export const deleteThread = (threadId: string) =>
  apiRequest<{ success: true }>(`/api/ai/threads/${encodeURIComponent(threadId)}`, { method: "DELETE" });

export const fetchChargeEnabled = () => apiGet<TChargeEnabledResponse>("/api/ai/chat/charge-enabled");

export interface TSendHandlers {
  onStart(start: { threadId: string; userMessage: TChatMessage }): void;
  onDelta(text: string): void;
}

/** A failure after the message was stored: the thread it belongs to. */
export class ChatSendError extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly threadId: string | undefined,
  ) {
    super(502, code, message);
  }
}

/** POST /api/ai/chat (multipart text, threadId, image), reading the reply as it streams. */
export async function sendChatMessage(
  input: { text: string; threadId: string | null; image: File | null },
  handlers: TSendHandlers,
  signal: AbortSignal,
): Promise<TChatReply> {
  const form = new FormData();
  if (input.text) form.append("text", input.text);
  if (input.threadId) form.append("threadId", input.threadId);
  if (input.image) form.append("image", input.image, input.image.name || "image");
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
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let threadId: string | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
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
        handlers.onStart(payload as { threadId: string; userMessage: TChatMessage });
      } else if (event === "delta") handlers.onDelta(String(payload.text ?? ""));
      else if (event === "done") return payload as unknown as TChatReply;
      else if (event === "error")
        throw new ChatSendError(
          String(payload.code ?? "INTERNAL_ERROR"),
          String(payload.error ?? ""),
          threadId,
        );
    }
  }
  throw new ChatSendError(CLIENT_ERROR_CODES.NETWORK_ERROR, "The stream ended early.", threadId);
}
