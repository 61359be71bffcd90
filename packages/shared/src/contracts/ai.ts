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

export { DEFAULT_BANNED_KEYWORDS, FALLBACK_BANNED_KEYWORDS, findBannedKeyword } from "../moderation.ts";
export const BANNED_KEYWORD_MAX = 100;
export const BANNED_KEYWORDS_MAX_COUNT = 500;

/** Issue 27: a chat message carries up to this many pictures (as auto-prompt takes, spec 02 §7). */
export const CHAT_MAX_IMAGES = 4;
/** A thread title the person sets by renaming it. */
export const CHAT_TITLE_EDIT_MAX = 80;
/** The longest thread search. */
export const CHAT_SEARCH_MAX = 100;

/**
 * A thread title as plain text (issue 27 "titles as plain text"): the first line of a message
 * without its markdown (emphasis, code marks, headings, list marks, links and images by their
 * text), spaces collapsed, cut to CHAT_TITLE_MAX characters.
 */
export function plainTitle(text: string, max = CHAT_TITLE_MAX): string {
  const plain = text
    .replace(/```[^\n]*\n?/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}_*])[*_](?=\S)([^*_\n]*?\S)[*_](?![\p{L}\p{N}_])/gu, "$1$2")
    .replace(/`+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return [...plain].length > max ? `${[...plain].slice(0, max - 1).join("")}…` : plain;
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
  /** Issue 27: every picture of the message (image_url is the first), up to CHAT_MAX_IMAGES. */
  image_urls: z.array(z.string()),
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
  /** Issue 27: only threads whose title or messages hold this text (any case). */
  q: ZSingleLine.trim().max(CHAT_SEARCH_MAX).optional(),
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

/** PATCH /api/ai/threads/{threadId} (issue 27): rename a thread. */
export const ZRenameThreadBody = z.object({ title: ZSingleLine.trim().min(1).max(CHAT_TITLE_EDIT_MAX) });
export const ZRenameThreadResponse = z.object({ success: z.literal(true), thread: ZChatThread });

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

/**
 * What a POST /api/ai/chat asks for (issue 27): send a new message (the default); regenerate the
 * thread's last reply; continue a reply that was cut off or stopped; edit one of the person's
 * messages and send it again (the messages after it are replaced by the new answer).
 */
export const CHAT_ACTIONS = ["send", "regenerate", "continue", "edit"] as const;
export type TChatAction = (typeof CHAT_ACTIONS)[number];

/** POST /api/ai/chat, the multipart text fields (pictures arrive as `image` files, up to CHAT_MAX_IMAGES). */
export const ZChatFields = z.object({
  text: ZMultiLine.max(CHAT_TEXT_MAX).optional(),
  threadId: ZSingleLine.max(64).optional(),
  action: z.enum(CHAT_ACTIONS).default("send"),
  /** regenerate / continue: the reply; edit: the person's message. */
  messageId: z.coerce.number().int().positive().optional(),
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
export const ZChatStreamStart = z.object({
  threadId: z.string(),
  /** The person's message this reply answers (stored, with our picture URLs). */
  userMessage: ZChatMessage,
  /** The new thread as listed (title and times), so the page lists it at once. */
  thread: ZChatThread,
});
export const ZChatStreamDelta = z.object({ text: z.string() });
export const ZChatStreamError = z.object({
  success: z.literal(false),
  code: z.string(),
  error: z.string(),
  threadId: z.string().optional(),
  /** The reply as stored when it failed: a cut-off reply keeps the text that had arrived. */
  message: ZChatMessage.optional(),
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
