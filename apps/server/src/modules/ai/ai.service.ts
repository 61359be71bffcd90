/**
 * The prompt chat and the prompt helpers on the language-model port (issue 14; spec 02 §2.6,
 * §4.6, §5, §7, §9). Owner-only: a thread someone else owns answers 404, like one that does not
 * exist. Credits follow the ledger's rule (ARCHITECTURE "Credits are a ledger"): charged when a
 * request is accepted, in the same transaction as the message it pays for, and refunded once,
 * under `refund:<key>`, when the model fails. A person's message is stored before the model is
 * asked, so a failed reply loses nothing they wrote.
 */
import { randomUUID } from "node:crypto";
import {
  AUTO_PROMPT_COST,
  CHAT_MESSAGE_COST,
  CHAT_TITLE_MAX,
  CREDIT_USE_VALID_MINUTES,
  extractPromptBlock,
  findBannedKeyword,
  REWRITE_COST,
  type TChatMessage,
  type TChatReply,
  type TChatThread,
  type TThreadsQuery,
  type TThreadsResponse,
} from "@gyeol/shared/contracts/ai";
import type { ChatMessageRow, ChatThreadRow, UserRow } from "../../db/schema.ts";
import type { Repositories, Store } from "../../db/store.ts";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import { type ChatModel, ChatStoppedError, type ChatTurn } from "../../drivers/llm/chat-model.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import type { CreditsService, MultiLineResult } from "../credits/credits.service.ts";
import { type ImagesService, uploadsFolder } from "../images/images.service.ts";
import { type ModelImage, prepareModelImage } from "./model-image.ts";
import {
  AUTO_PROMPT_SYSTEM_PROMPT,
  autoPromptRequest,
  CHAT_SYSTEM_PROMPT,
  EXTRACT_SYSTEM_PROMPT,
  REWRITE_SYSTEM_PROMPT,
  rewriteRequest,
} from "./prompts.ts";

/** How many earlier messages of a thread the model sees with a new one. */
const HISTORY_TURNS = 20;
const MAX_OUTPUT_TOKENS = 1200;
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

export interface AiServiceDeps {
  store: Store;
  storage: FileStorage;
  images: ImagesService;
  credits: CreditsService;
  moderation: ModerationDriver;
  clock: Clock;
  /** Undefined when no model is connected (LLM_BASE_URL / LLM_MODEL unset). */
  model: ChatModel | undefined;
  chatChargeEnabled: boolean;
  limits: { maxBytes: number; maxPixels: number };
}

export interface ChatInput {
  text: string | undefined;
  threadId: string | undefined;
  image: Buffer | undefined;
}

export interface ChatCallbacks {
  signal?: AbortSignal;
  /** The person's message is stored (and charged): the stream's `start` event. */
  onStart?: (start: { threadId: string; userMessage: TChatMessage }) => void;
  onDelta?: (text: string) => void;
}

/** A chat or helper failure that happened after a thread existed: the route answers its id too. */
export class ThreadedError extends Error {
  constructor(
    readonly error: AppError,
    readonly threadId: string,
  ) {
    super(error.message);
  }
}

export type AiService = ReturnType<typeof createAiService>;

function encodeCursor(row: ChatThreadRow): string {
  return Buffer.from(JSON.stringify([row.updated_at, row.id])).toString("base64url");
}

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof updatedAt === "string" && typeof id === "string") return { updatedAt, id };
  } catch {
    // falls through to the 400 below
  }
  throw fieldError("cursor", "invalid", "This cursor is not one we gave out.");
}

function toThread(row: ChatThreadRow): TChatThread {
  return { id: row.id, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at };
}

function titleOf(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > CHAT_TITLE_MAX ? `${line.slice(0, CHAT_TITLE_MAX - 1)}…` : line;
}

function chargedBy(result: MultiLineResult | undefined): number {
  return result ? -result.entries.reduce((sum, entry) => sum + entry.delta, 0) : 0;
}

export function createAiService(deps: AiServiceDeps) {
  const { store, storage, images, credits, moderation, clock, model } = deps;
  const now = () => clock.now().toISOString();
  const threadNotFound = () => new AppError(404, "NOT_FOUND", "Conversation not found.");

  function requireModel(): ChatModel {
    if (!model) {
      throw new AppError(
        503,
        "LLM_NOT_CONFIGURED",
        "No language model is connected: the operator sets LLM_BASE_URL and LLM_MODEL.",
      );
    }
    return model;
  }

  async function assertPromptAllowed(...texts: string[]) {
    const keywords = await store.ai.listBannedKeywords();
    for (const text of texts) {
      if (text && findBannedKeyword(text, keywords)) {
        throw new AppError(
          400,
          "NSFW_PROMPT_BLOCKED",
          "The prompt holds a word this service does not allow.",
        );
      }
    }
  }

  async function ownedThread(user: Pick<UserRow, "id">, threadId: string, kind: ChatThreadRow["kind"]) {
    const thread = await store.ai.findThread(threadId);
    if (!thread || thread.user_id !== user.id || thread.kind !== kind) throw threadNotFound();
    return thread;
  }

  async function toMessage(row: ChatMessageRow): Promise<TChatMessage> {
    // A purged upload (30 days) leaves the message without its picture.
    const upload = row.image_key ? await store.images.findUpload(row.image_key) : undefined;
    return {
      id: row.id,
      role: row.role,
      text: row.text,
      image_url: upload ? await images.urlOf(row.image_key) : null,
      status: row.status,
      errorCode: row.error_code,
      createdAt: row.created_at,
    };
  }

  /** Earlier turns for the model: replies that failed are left out, old pictures named only. */
  function historyTurns(rows: readonly ChatMessageRow[]): ChatTurn[] {
    return rows
      .filter((row) => row.status !== "failed")
      .map((row) => ({
        role: row.role,
        text: row.image_key && row.role === "user" ? `${row.text}\n[an image was attached]`.trim() : row.text,
      }));
  }

  async function storeImage(user: Pick<UserRow, "id">, image: ModelImage): Promise<string> {
    const key = await storage.put({
      visibility: "private",
      folder: uploadsFolder(user.id),
      extension: "jpg",
      contentType: image.mediaType,
      bytes: image.bytes,
    });
    // An upload row puts it under the tool uploads' 30-day purge (images.service).
    await store.images.insertUpload({
      key,
      user_id: user.id,
      status: "ready",
      mime: image.mediaType,
      size: image.bytes.length,
      checksum_sha256: null,
      width: image.width,
      height: image.height,
      created_at: now(),
    });
    return key;
  }

  /** Refunds a failed request's charge, once; a refund that fails is logged by the caller's error. */
  async function refund(userId: number, spendKey: string | null, reason: string) {
    if (spendKey) await credits.refund(userId, { spendKey, reason });
  }

  /** The model's answer as a prompt: the ```prompt block, else the whole reply. */
  async function promptFrom(text: string): Promise<string> {
    const prompt = (extractPromptBlock(text) ?? text).trim();
    if (!prompt) throw new AppError(502, "LLM_EMPTY_REPLY", "The language model answered with no prompt.");
    await assertPromptAllowed(prompt);
    return prompt;
  }

  async function imageFromReference(user: Pick<UserRow, "id">, reference: string, field: string) {
    const data = DATA_URL.exec(reference);
    let bytes: Buffer | null;
    if (data) {
      bytes = Buffer.from(data[2]!.replace(/\s+/g, ""), "base64");
      if (bytes.length > deps.limits.maxBytes)
        throw new AppError(
          413,
          "PAYLOAD_TOO_LARGE",
          `Images up to ${Math.round(deps.limits.maxBytes / 1048576)} MB.`,
        );
    } else {
      bytes = await storage.get(await images.ownedKeyOf(user, reference));
      if (!bytes) throw new AppError(404, "NOT_FOUND", "Image not found.");
    }
    return prepareModelImage(bytes, { field, maxPixels: deps.limits.maxPixels, moderation });
  }

  return {
    isEnabled: () => model !== undefined,

    chargeInfo: () => ({ enabled: deps.chatChargeEnabled, cost: CHAT_MESSAGE_COST }),

    bannedKeywords: () => store.ai.listBannedKeywords(),

    /** The administrator's edit: the list as given, lower-cased, without repeats. */
    async setBannedKeywords(keywords: readonly string[]): Promise<string[]> {
      const unique = [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))];
      await store.transaction((tx) => tx.ai.replaceBannedKeywords(unique, now()));
      return store.ai.listBannedKeywords();
    },

    async listThreads(user: Pick<UserRow, "id">, query: TThreadsQuery): Promise<TThreadsResponse> {
      const rows = await store.ai.listThreads(user.id, "chat", query.limit + 1, decodeCursor(query.cursor));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        success: true,
        threads: page.map(toThread),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    async messages(user: Pick<UserRow, "id">, threadId: string, limit: number) {
      const thread = await ownedThread(user, threadId, "chat");
      const rows = await store.ai.listMessages(thread.id, limit);
      return {
        success: true as const,
        thread: toThread(thread),
        messages: await Promise.all(rows.map(toMessage)),
      };
    },

    /** DELETE /api/ai/threads/{id}: the thread, its messages and their pictures. */
    async deleteThread(user: Pick<UserRow, "id">, threadId: string) {
      const thread = await ownedThread(user, threadId, "chat");
      for (const key of await store.ai.listImageKeys(thread.id)) {
        await storage.delete(key);
        await store.images.deleteUpload(key);
      }
      await store.transaction((tx) => tx.ai.deleteThread(thread.id));
    },

    /**
     * POST /api/ai/chat: stores the message (and its picture), charges it when charging is on,
     * asks the model with the thread's recent history and stores the reply. A model failure
     * stores a failed reply, refunds and throws a ThreadedError; stop keeps what had arrived.
     */
    async chat(
      user: Pick<UserRow, "id">,
      input: ChatInput,
      callbacks: ChatCallbacks = {},
    ): Promise<TChatReply> {
      const chatModel = requireModel();
      const text = input.text?.trim() ?? "";
      if (!text && !input.image) throw fieldError("text", "required", "Enter a message or an image.");
      await assertPromptAllowed(text);
      const existing = input.threadId ? await ownedThread(user, input.threadId, "chat") : undefined;
      const image = input.image
        ? await prepareModelImage(input.image, {
            field: "image",
            maxPixels: deps.limits.maxPixels,
            moderation,
          })
        : undefined;
      const history = existing ? await store.ai.listMessages(existing.id, HISTORY_TURNS) : [];
      const imageKey = image ? await storeImage(user, image) : null;
      const chargeKey = deps.chatChargeEnabled ? `chat:${randomUUID()}` : null;
      const at = now();
      const threadId = existing?.id ?? randomUUID();
      let charge: MultiLineResult | undefined;
      const userRow = await store.transaction(async (tx: Repositories) => {
        if (!existing) {
          await tx.ai.insertThread({
            id: threadId,
            user_id: user.id,
            kind: "chat",
            title: titleOf(text),
            created_at: at,
            updated_at: at,
          });
        } else {
          await tx.ai.touchThread(threadId, at);
        }
        if (chargeKey) {
          charge = await credits.spendIn(tx, user.id, CHAT_MESSAGE_COST, {
            idempotencyKey: chargeKey,
            reason: "prompt chat message",
          });
        }
        return tx.ai.insertMessage({
          thread_id: threadId,
          user_id: user.id,
          role: "user",
          text,
          image_key: imageKey,
          status: "done",
          error_code: null,
          charge_key: chargeKey,
          input_tokens: null,
          output_tokens: null,
          created_at: at,
        });
      });
      const userMessage = await toMessage(userRow);
      callbacks.onStart?.({ threadId, userMessage });

      const reply = (
        fields: Pick<ChatMessageRow, "text" | "status" | "error_code"> & Partial<ChatMessageRow>,
      ) =>
        store.ai.insertMessage({
          thread_id: threadId,
          user_id: user.id,
          role: "assistant",
          charge_key: null,
          image_key: null,
          input_tokens: null,
          output_tokens: null,
          created_at: now(),
          ...fields,
        });
      try {
        const result = await chatModel.stream(
          {
            system: CHAT_SYSTEM_PROMPT,
            turns: [...historyTurns(history), { role: "user", text, ...(image ? { images: [image] } : {}) }],
            maxOutputTokens: MAX_OUTPUT_TOKENS,
            ...(callbacks.signal ? { signal: callbacks.signal } : {}),
          },
          (delta) => callbacks.onDelta?.(delta),
        );
        if (!result.text.trim())
          throw new AppError(502, "LLM_EMPTY_REPLY", "The language model answered with nothing.");
        const row = await reply({
          text: result.text,
          status: "done",
          error_code: null,
          input_tokens: result.usage.inputTokens ?? null,
          output_tokens: result.usage.outputTokens ?? null,
        });
        await store.ai.touchThread(threadId, row.created_at);
        return {
          success: true,
          threadId,
          message: await toMessage(row),
          userMessage,
          charged: chargedBy(charge),
        };
      } catch (error) {
        if (error instanceof ChatStoppedError) {
          // Stopped by the person: what came is kept, and the message stays paid for.
          const row = await reply({ text: error.partial, status: "stopped", error_code: null });
          return {
            success: true,
            threadId,
            message: await toMessage(row),
            userMessage,
            charged: chargedBy(charge),
          };
        }
        const failure = isAppError(error)
          ? error
          : new AppError(502, "LLM_UNAVAILABLE", "The language model failed.");
        await reply({ text: "", status: "failed", error_code: failure.code });
        await refund(user.id, chargeKey, "prompt chat: the model failed");
        if (!isAppError(error)) throw error;
        throw new ThreadedError(failure, threadId);
      }
    },

    /**
     * POST /api/credit/use {amount: 3}: the rewrite's payment ahead of the call (spec 02 §7),
     * kept for the next rewrite within CREDIT_USE_VALID_MINUTES.
     */
    async useCredits(user: Pick<UserRow, "id">, amount: number) {
      const id = randomUUID();
      const spendKey = `use:${id}`;
      const result = await store.transaction(async (tx) => {
        const spent = await credits.spendIn(tx, user.id, amount, {
          idempotencyKey: spendKey,
          reason: "prompt rewrite (paid ahead)",
        });
        await tx.ai.insertCreditUse({
          id,
          user_id: user.id,
          amount,
          spend_key: spendKey,
          used_by: null,
          created_at: now(),
        });
        return spent;
      });
      return { success: true as const, credits: result.balances.total, useId: id };
    },

    /**
     * POST /api/ai/rewrite: the prompt rewritten by the instruction, 3 credits (paid ahead through
     * /api/credit/use, or charged here), refunded if it fails. Rewrites of one tool tab share a
     * thread (threadId), kept apart from /chat.
     */
    async rewrite(
      user: Pick<UserRow, "id">,
      body: { userPrompt: string; currentPrompt: string; threadId?: string | null | undefined },
    ) {
      const chatModel = requireModel();
      await assertPromptAllowed(body.userPrompt, body.currentPrompt);
      const existing = body.threadId ? await ownedThread(user, body.threadId, "rewrite") : undefined;
      const requestId = randomUUID();
      const since = new Date(clock.now().getTime() - CREDIT_USE_VALID_MINUTES * 60_000).toISOString();
      const waiting = await store.ai.findWaitingCreditUse(user.id, REWRITE_COST, since);
      let spendKey: string;
      if (waiting && (await store.ai.claimCreditUse(waiting.id, `rewrite:${requestId}`))) {
        spendKey = waiting.spend_key;
      } else {
        spendKey = `rewrite:${requestId}`;
        await credits.spend(user.id, REWRITE_COST, { idempotencyKey: spendKey, reason: "prompt rewrite" });
      }
      const threadId = existing?.id ?? randomUUID();
      const at = now();
      const userText = rewriteRequest(body.currentPrompt, body.userPrompt);
      const history = existing ? await store.ai.listMessages(existing.id, 6) : [];
      await store.transaction(async (tx) => {
        if (!existing) {
          await tx.ai.insertThread({
            id: threadId,
            user_id: user.id,
            kind: "rewrite",
            title: titleOf(body.userPrompt),
            created_at: at,
            updated_at: at,
          });
        } else {
          await tx.ai.touchThread(threadId, at);
        }
        await tx.ai.insertMessage({
          thread_id: threadId,
          user_id: user.id,
          role: "user",
          text: userText,
          image_key: null,
          status: "done",
          error_code: null,
          charge_key: spendKey,
          input_tokens: null,
          output_tokens: null,
          created_at: at,
        });
      });
      try {
        const result = await chatModel.generate({
          system: REWRITE_SYSTEM_PROMPT,
          turns: [...historyTurns(history), { role: "user", text: userText }],
          maxOutputTokens: MAX_OUTPUT_TOKENS,
        });
        const rewrittenPrompt = await promptFrom(result.text);
        await store.ai.insertMessage({
          thread_id: threadId,
          user_id: user.id,
          role: "assistant",
          text: rewrittenPrompt,
          image_key: null,
          status: "done",
          error_code: null,
          charge_key: null,
          input_tokens: result.usage.inputTokens ?? null,
          output_tokens: result.usage.outputTokens ?? null,
          created_at: now(),
        });
        return { success: true as const, rewrittenPrompt, threadId };
      } catch (error) {
        await refund(user.id, spendKey, "prompt rewrite failed");
        throw error;
      }
    },

    /** POST /api/ai/extract-prompt-from-image: a prompt that would reproduce the photo (free). */
    async extractPrompt(user: Pick<UserRow, "id">, bytes: Buffer) {
      const chatModel = requireModel();
      void user;
      const image = await prepareModelImage(bytes, {
        field: "body",
        maxPixels: deps.limits.maxPixels,
        moderation,
      });
      const result = await chatModel.generate({
        system: EXTRACT_SYSTEM_PROMPT,
        turns: [{ role: "user", text: "Write the prompt for this image.", images: [image] }],
        maxOutputTokens: MAX_OUTPUT_TOKENS,
      });
      return { success: true as const, prompt: await promptFrom(result.text) };
    },

    /** POST /api/seedream/auto-prompt: an edit prompt from up to 4 images and notes, 5 credits. */
    async autoPrompt(user: Pick<UserRow, "id">, body: { images: string[]; userNotes: string }) {
      const chatModel = requireModel();
      await assertPromptAllowed(body.userNotes);
      const prepared: ModelImage[] = [];
      for (const [i, reference] of body.images.entries())
        prepared.push(await imageFromReference(user, reference, `images.${i}`));
      const spendKey = `auto-prompt:${randomUUID()}`;
      await credits.spend(user.id, AUTO_PROMPT_COST, {
        idempotencyKey: spendKey,
        reason: "image edit auto-prompt",
      });
      try {
        const result = await chatModel.generate({
          system: AUTO_PROMPT_SYSTEM_PROMPT,
          turns: [
            { role: "user", text: autoPromptRequest(prepared.length, body.userNotes), images: prepared },
          ],
          maxOutputTokens: MAX_OUTPUT_TOKENS,
        });
        return { success: true as const, prompt: await promptFrom(result.text) };
      } catch (error) {
        await refund(user.id, spendKey, "image edit auto-prompt failed");
        throw error;
      }
    },
  };
}
