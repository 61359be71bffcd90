import { z } from "zod";
import { ZMultiLine, ZSingleLine } from "./text.ts";

/**
 * The prompt chat and the prompt helpers (issue 14; spec 02 §3 "Chat thread / message / reply",
 * §7 "Chat", "Consistency" rewrite and extract, "Image edit" auto-prompt, §9). Field names are the
 * spec's; everything the language model answers goes through the server's port (drivers/llm).
 */

/** spec 02 §9: a chat message costs 3 credits while charging is on (otherwise the free beta). */
export const CHAT_MESSAGE_COST = 3;
/** spec 02 §5, §9 "Prompt rewrite 3 credits" (POST /api/credit/use {amount: 3}). */
export const REWRITE_COST = 3;
/** spec 02 §9 "auto-prompt adds 5 credits". */
export const AUTO_PROMPT_COST = 5;
/** spec 02 §9 "Thread list limit 50; messages limit 100". */
export const CHAT_THREAD_LIMIT = 50;
export const CHAT_MESSAGE_LIMIT = 100;
/** spec 02 §7 "images (up to 4)". */
export const AUTO_PROMPT_MAX_IMAGES = 4;
/** Longest chat message or helper instruction we take (characters). */
export const CHAT_TEXT_MAX = 4000;
/** Thread titles are the first message, cut to this many characters. */
export const CHAT_TITLE_MAX = 40;
/** The multipart field names of POST /api/ai/chat. */
export const CHAT_IMAGE_FIELD = "image";
export const CHAT_TEXT_FIELD = "text";

/**
 * spec 02 §5 "Consistency": the list the page falls back to when GET /api/auth/banned-keywords
 * fails. The server's list starts as this one and the administrator edits it.
 */
export const FALLBACK_BANNED_KEYWORDS = ["nude", "breast", "hot body", "sexy", "bikini"] as const;
export const BANNED_KEYWORD_MAX = 100;
export const BANNED_KEYWORDS_MAX_COUNT = 500;

/** The first keyword the prompt holds, checked lower-cased (spec 02 §5), or null. */
export function findBannedKeyword(text: string, keywords: readonly string[]): string | null {
  const lower = text.toLowerCase();
  for (const keyword of keywords) {
    const k = keyword.trim().toLowerCase();
    if (k && lower.includes(k)) return keyword;
  }
  return null;
}

/**
 * The prompt inside an assistant's reply: the first ```prompt fenced block (the assistant is told
 * to write prompts so), else the first fenced block, else null. The chat page offers "use in
 * image edit / generation" for it; the helpers take it as their answer.
 */
export function extractPromptBlock(text: string): string | null {
  const tagged = /```[ \t]*prompt[ \t]*\r?\n([\s\S]*?)```/i.exec(text);
  const any = tagged ?? /```[^\n`]*\r?\n([\s\S]*?)```/.exec(text);
  const body = any?.[1]?.trim();
  return body ? body : null;
}

export const ZChatRole = z.enum(["user", "assistant"]);
/** done: a whole reply; stopped: the person pressed stop (what came is kept); failed: the model failed. */
export const ZChatMessageStatus = z.enum(["done", "stopped", "failed"]);

/** spec 02 §3 "Chat thread: id, title". */
export const ZChatThread = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TChatThread = z.infer<typeof ZChatThread>;

/** spec 02 §3 "Chat message: role, text, image_url". */
export const ZChatMessage = z.object({
  id: z.number().int(),
  role: ZChatRole,
  text: z.string(),
  image_url: z.string().nullable(),
  status: ZChatMessageStatus,
  /** A failed reply's code (LLM_TIMEOUT …), for the page to translate. */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** GET /api/ai/threads?limit=50&cursor */
export const ZThreadsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_THREAD_LIMIT).default(CHAT_THREAD_LIMIT),
  cursor: ZSingleLine.max(200).optional(),
});
export type TThreadsQuery = z.infer<typeof ZThreadsQuery>;
export const ZThreadsResponse = z.object({
  success: z.literal(true),
  threads: z.array(ZChatThread),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type TThreadsResponse = z.infer<typeof ZThreadsResponse>;

export const ZThreadParams = z.object({ threadId: ZSingleLine.min(1).max(64) });

/** GET /api/ai/threads/{threadId}/messages?limit=100: the newest `limit`, oldest first. */
export const ZMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_MESSAGE_LIMIT).default(CHAT_MESSAGE_LIMIT),
});
export const ZMessagesResponse = z.object({
  success: z.literal(true),
  thread: ZChatThread,
  messages: z.array(ZChatMessage),
});
export type TMessagesResponse = z.infer<typeof ZMessagesResponse>;

/** GET /api/ai/chat/charge-enabled */
export const ZChargeEnabledResponse = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** Credits one message costs while enabled. */
  cost: z.number().int(),
});
export type TChargeEnabledResponse = z.infer<typeof ZChargeEnabledResponse>;

/** POST /api/ai/chat, the multipart text fields (the image arrives as the `image` file). */
export const ZChatFields = z.object({
  text: ZMultiLine.max(CHAT_TEXT_MAX).optional(),
  threadId: ZSingleLine.max(64).optional(),
});

/** spec 02 §3 "Chat reply: success, threadId, message, error" (JSON; the stream ends with it too). */
export const ZChatReply = z.object({
  success: z.literal(true),
  threadId: z.string(),
  message: ZChatMessage,
  /** The person's message as stored (its image_url is ours). */
  userMessage: ZChatMessage,
  /** Credits charged for this message (0 in the free beta). */
  charged: z.number().int(),
});
export type TChatReply = z.infer<typeof ZChatReply>;

/**
 * Server-sent events of POST /api/ai/chat with `Accept: text/event-stream` (beyond the spec: the
 * reply streams into the page): `start` {threadId, userMessage}, then `delta` {text} as the model
 * writes, then `done` (a ZChatReply) or `error` ({success:false, code, error, threadId}).
 */
export const ZChatStreamStart = z.object({ threadId: z.string(), userMessage: ZChatMessage });
export const ZChatStreamDelta = z.object({ text: z.string() });
export const ZChatStreamError = z.object({
  success: z.literal(false),
  code: z.string(),
  error: z.string(),
  threadId: z.string().optional(),
});

/** POST /api/ai/rewrite (spec 02 §7 "Consistency"). */
export const ZRewriteBody = z.object({
  userPrompt: ZMultiLine.trim().min(1).max(CHAT_TEXT_MAX),
  currentPrompt: ZMultiLine.max(CHAT_TEXT_MAX).default(""),
  threadId: ZSingleLine.max(64).nullish(),
});
export type TRewriteBody = z.input<typeof ZRewriteBody>;
export const ZRewriteResponse = z.object({
  success: z.literal(true),
  rewrittenPrompt: z.string(),
  threadId: z.string(),
});
export type TRewriteResponse = z.infer<typeof ZRewriteResponse>;

/** POST /api/ai/extract-prompt-from-image (binary body) and POST /api/seedream/auto-prompt. */
export const ZPromptResponse = z.object({ success: z.literal(true), prompt: z.string() });
export type TPromptResponse = z.infer<typeof ZPromptResponse>;

/**
 * POST /api/seedream/auto-prompt: up to 4 images, each one of our own upload URLs or a data URL
 * (data:image/jpeg;base64,…, what the image-edit tiles hold), and the person's notes.
 */
export const ZAutoPromptBody = z.object({
  images: z
    .array(ZSingleLine.min(1).max(16 * 1024 * 1024))
    .min(1)
    .max(AUTO_PROMPT_MAX_IMAGES),
  userNotes: ZMultiLine.max(CHAT_TEXT_MAX).default(""),
});
export type TAutoPromptBody = z.input<typeof ZAutoPromptBody>;

/** GET /api/auth/banned-keywords (spec 02 §7) and the administrator's PUT of the same path. */
export const ZBannedKeywordsResponse = z.object({
  success: z.literal(true),
  keywords: z.array(z.string()),
});
export type TBannedKeywordsResponse = z.infer<typeof ZBannedKeywordsResponse>;
export const ZBannedKeywordsBody = z.object({
  keywords: z.array(ZSingleLine.trim().min(1).max(BANNED_KEYWORD_MAX)).max(BANNED_KEYWORDS_MAX_COUNT),
});

/**
 * POST /api/credit/use {amount: 3} (spec 02 §7 "Consistency": the page pays for a rewrite before
 * asking for it). The next POST /api/ai/rewrite within CREDIT_USE_VALID_MINUTES uses this payment
 * instead of charging again, and gives it back if the rewrite fails.
 */
export const CREDIT_USE_AMOUNTS = [REWRITE_COST] as const;
export const CREDIT_USE_VALID_MINUTES = 10;
export const ZCreditUseBody = z.object({
  amount: z.literal(CREDIT_USE_AMOUNTS),
});
export const ZCreditUseResponse = z.object({
  success: z.literal(true),
  /** The user's credits after the charge (all buckets). */
  credits: z.number().int(),
  useId: z.string(),
});
export type TCreditUseResponse = z.infer<typeof ZCreditUseResponse>;
