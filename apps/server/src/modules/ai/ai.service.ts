/**
 * The prompt chat and the prompt helpers on the language-model port (issue 14; spec 02 §2.6,
 * §4.6, §5, §7, §9; issue 27). Owner-only: a thread someone else owns answers 404, like one that
 * does not exist.
 *
 * Credits (ARCHITECTURE "Credits are a ledger"; issue 27 "no prepaid credit is ever lost"): every
 * charge a helper or a chat message makes is a hold (a credit_uses row) written in the
 * transaction that spends it. The call it pays for claims it and settles it once: done when it
 * delivered, refunded (under `refund:<spend key>`) when it failed or was refused, whatever
 * refused it. A payment made ahead (POST /api/credit/use) that no rewrite claims in
 * CREDIT_USE_VALID_MINUTES, and a hold its call never settled (the process died midway), are
 * refunded by the sweep (`refundAbandonedHolds`, a cron task).
 *
 * Nothing is written for a request that is refused: the text, the thread, the pictures (type,
 * size, content) and the credits are checked before a file or a row is written.
 */
import { randomUUID } from "node:crypto";
import {
  AUTO_PROMPT_COST,
  CHAT_MESSAGE_COST,
  CREDIT_USE_VALID_MINUTES,
  findBannedKeyword,
  plainTitle,
  REWRITE_COST,
  type TChatAction,
  type TChatMessage,
  type TChatReply,
  type TChatThread,
  type TThreadsQuery,
  type TThreadsResponse,
} from "@gyeol/shared/contracts/ai";
import { cleanHelperPrompt, helperPromptProblem, promptFromReply } from "@gyeol/shared/helper-prompt";
import type {
  ChatMessageRow,
  ChatThreadRow,
  CreditUseRow,
  TCreditHoldPurpose,
  UserRow,
} from "../../db/schema.ts";
import type { Repositories, Store } from "../../db/store.ts";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import {
  ChatCutOffError,
  type ChatModel,
  type ChatRequest,
  ChatStoppedError,
  type ChatTurn,
} from "../../drivers/llm/chat-model.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import type { CreditsService } from "../credits/credits.service.ts";
import { type ImagesService, uploadsFolder } from "../images/images.service.ts";
import { isDemoUser } from "../users/demo-user.ts";
import { imageKeysOf } from "./ai.repository.ts";
import { type ModelImage, prepareModelImage } from "./model-image.ts";
import {
  AUTO_PROMPT_SYSTEM_PROMPT,
  autoPromptRequest,
  CHAT_SYSTEM_PROMPT,
  CONTINUE_REQUEST,
  EXTRACT_SYSTEM_PROMPT,
  REWRITE_SYSTEM_PROMPT,
  rewriteRequest,
} from "./prompts.ts";

/** How many earlier messages of a thread the model sees with a new one. */
const HISTORY_TURNS = 20;
const MAX_OUTPUT_TOKENS = 1200;
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;
/** Holds the sweep settles per run (it runs again a minute later). */
const SWEEP_BATCH = 200;
export const BANNED_PROMPT_MESSAGE = "The prompt holds a word this service does not allow";

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
  /**
   * How long a claimed hold may stay unsettled before the sweep counts its call as lost (longer
   * than any model call can take: LLM_TIMEOUT_MS times its tries).
   */
  holdTimeoutMs?: number;
}

export interface ChatInput {
  text: string | undefined;
  threadId: string | undefined;
  images: readonly Buffer[];
  action?: TChatAction;
  messageId?: number | undefined;
}

export interface ChatCallbacks {
  signal?: AbortSignal;
  /** The person's message is stored (and charged): the stream's `start` event. */
  onStart?: (start: { threadId: string; userMessage: TChatMessage; thread: TChatThread }) => void;
  onDelta?: (text: string) => void;
}

/** A chat or helper failure that happened after a thread existed: the route answers its id too. */
export class ThreadedError extends Error {
  constructor(
    readonly error: AppError,
    readonly threadId: string,
    /** The reply as stored (a cut-off reply keeps its text). */
    readonly reply?: TChatMessage,
  ) {
    super(error.message);
  }
}

/** A hold being paid for by a call in progress. */
interface Hold {
  id: string;
  spendKey: string;
  /** Credits this call took (0 for a demo user; a payment ahead counts as its amount). */
  charged: number;
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
  // Titles made before issue 27 may hold the first message's markdown.
  return {
    id: row.id,
    title: plainTitle(row.title, 200),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const HOLD_REASONS: Record<TCreditHoldPurpose, string> = {
  rewrite: "prompt rewrite",
  chat: "prompt chat message",
  "auto-prompt": "image edit auto-prompt",
};

export function createAiService(deps: AiServiceDeps) {
  const { store, storage, images, credits, moderation, clock, model } = deps;
  const holdTimeoutMs = deps.holdTimeoutMs ?? 15 * 60_000;
  const now = () => clock.now().toISOString();
  const threadNotFound = () => new AppError(404, "NOT_FOUND", "Conversation not found.");
  const notEditable = (why: string) => new AppError(409, "CHAT_MESSAGE_NOT_EDITABLE", why);

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

  /** NSFW_PROMPT_BLOCKED naming the keyword (details.keyword), for the page to say which. */
  async function assertPromptAllowed(...texts: string[]) {
    const keywords = await store.ai.listBannedKeywords();
    for (const text of texts) {
      const keyword = text ? findBannedKeyword(text, keywords) : null;
      if (keyword)
        throw new AppError(400, "NSFW_PROMPT_BLOCKED", `${BANNED_PROMPT_MESSAGE}: "${keyword}".`, {
          keyword,
        });
    }
  }

  async function ownedThread(user: Pick<UserRow, "id">, threadId: string, kind: ChatThreadRow["kind"]) {
    const thread = await store.ai.findThread(threadId);
    if (!thread || thread.user_id !== user.id || thread.kind !== kind) throw threadNotFound();
    return thread;
  }

  async function toMessage(row: ChatMessageRow): Promise<TChatMessage> {
    // A purged upload (30 days) leaves the message without its picture.
    const urls: string[] = [];
    for (const key of imageKeysOf(row)) {
      const url = (await store.images.findUpload(key)) ? await images.urlOf(key) : null;
      if (url) urls.push(url);
    }
    return {
      id: row.id,
      role: row.role,
      text: row.text,
      image_url: urls[0] ?? null,
      image_urls: urls,
      status: row.status,
      errorCode: row.error_code,
      createdAt: row.created_at,
    };
  }

  /** Earlier turns for the model: replies that failed without text are left out, old pictures named only. */
  function historyTurns(rows: readonly ChatMessageRow[]): ChatTurn[] {
    return rows
      .filter((row) => row.status !== "failed" || (row.role === "assistant" && row.text.trim()))
      .map((row) => {
        const count = imageKeysOf(row).length;
        const note =
          count > 1 ? `[${count} images were attached]` : count === 1 ? "[an image was attached]" : "";
        return {
          role: row.role,
          text: row.role === "user" && note ? `${row.text}\n${note}`.trim() : row.text,
        };
      });
  }

  /** Writes the pictures, each as a private tool upload (the 30-day purge); all or none. */
  async function storeImages(user: Pick<UserRow, "id">, prepared: readonly ModelImage[]): Promise<string[]> {
    const keys: string[] = [];
    try {
      for (const image of prepared) {
        const key = await storage.put({
          visibility: "private",
          folder: uploadsFolder(user.id),
          extension: "jpg",
          contentType: image.mediaType,
          bytes: image.bytes,
        });
        keys.push(key);
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
      }
      return keys;
    } catch (error) {
      await deleteImages(keys);
      throw error;
    }
  }

  async function deleteImages(keys: readonly string[]) {
    for (const key of keys) {
      await storage.delete(key).catch(() => {});
      await store.images.deleteUpload(key).catch(() => {});
    }
  }

  /** The stored pictures of a message, as the model takes them (they were prepared when sent). */
  async function storedImages(row: ChatMessageRow): Promise<ModelImage[]> {
    const out: ModelImage[] = [];
    for (const key of imageKeysOf(row)) {
      const upload = await store.images.findUpload(key);
      const bytes = upload ? await storage.get(key) : null;
      if (bytes && upload)
        out.push({ bytes, mediaType: "image/jpeg", width: upload.width ?? 0, height: upload.height ?? 0 });
    }
    return out;
  }

  /** Refuses before anything is written when the user cannot pay `amount` (demo users pay nothing). */
  async function assertCanPay(userId: number, amount: number) {
    const user = await store.users.findById(userId);
    if (!user) throw new AppError(404, "NOT_FOUND", "User not found.");
    if (isDemoUser(user)) return;
    if (user.onetime_credits + user.subscription_credits + user.bonus_credits < amount)
      throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.", { cost: amount });
  }

  /** Spends `amount` and records the hold its call now owns, in the caller's transaction. */
  async function openHold(
    tx: Repositories,
    userId: number,
    amount: number,
    purpose: TCreditHoldPurpose,
    usedBy: string,
  ): Promise<Hold> {
    const id = randomUUID();
    const spendKey = `${purpose}:${id}`;
    const spent = await credits.spendIn(tx, userId, amount, {
      idempotencyKey: spendKey,
      reason: HOLD_REASONS[purpose],
    });
    const at = now();
    await tx.ai.insertCreditUse({
      id,
      user_id: userId,
      amount,
      spend_key: spendKey,
      used_by: usedBy,
      created_at: at,
      purpose,
      claimed_at: at,
      settled: null,
      settled_at: null,
    });
    return { id, spendKey, charged: -spent.entries.reduce((sum, entry) => sum + entry.delta, 0) };
  }

  /** The call delivered: the hold is spent for good (unless the sweep already gave it back). */
  async function settleDone(hold: Hold | null) {
    if (hold) await store.ai.settleCreditUse(hold.id, "done", now());
  }

  /** The call failed or was refused: the hold goes back, once, with a ledger line. */
  async function settleRefund(userId: number, hold: Hold | null, reason: string) {
    if (!hold) return;
    await store.transaction(async (tx) => {
      if (!(await tx.ai.settleCreditUse(hold.id, "refunded", now()))) return;
      await credits.refundIn(tx, userId, { spendKey: hold.spendKey, reason });
    });
  }

  const codeOf = (error: unknown) => (isAppError(error) ? error.code : "INTERNAL_ERROR");

  /**
   * A helper's prompt (issue 27): asked for as structured output, read out of text when the
   * model lacks it, and accepted only if it passes a typed prompt's checks and reads as a prompt.
   */
  async function helperPrompt(chatModel: ChatModel, request: ChatRequest) {
    const result = await chatModel.generatePrompt(request);
    const raw = result.mode === "text" ? promptFromReply(result.prompt) : result.prompt;
    const prompt = cleanHelperPrompt(raw);
    const problem = helperPromptProblem(prompt);
    if (problem === "empty")
      throw new AppError(502, "LLM_EMPTY_REPLY", "The language model answered with no prompt.");
    if (problem)
      throw new AppError(
        502,
        "LLM_NOT_A_PROMPT",
        `The language model's answer is not a prompt (${problem}).`,
        {
          reason: problem,
        },
      );
    await assertPromptAllowed(prompt);
    return { prompt, usage: result.usage };
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
      if (bytes.length === 0) throw new AppError(400, "IMAGE_EMPTY", `The picture in ${field} is empty.`);
    } else {
      bytes = await storage.get(await images.ownedKeyOf(user, reference));
      if (!bytes) throw new AppError(404, "NOT_FOUND", "Image not found.");
    }
    return prepareModelImage(bytes, { field, maxPixels: deps.limits.maxPixels, moderation });
  }

  /** What a chat request will do, found and checked before anything is written. */
  async function planTurn(user: Pick<UserRow, "id">, input: ChatInput) {
    const action = input.action ?? "send";
    const text = input.text?.trim() ?? "";
    const existing = input.threadId ? await ownedThread(user, input.threadId, "chat") : undefined;
    if (action === "send") {
      if (!text && input.images.length === 0)
        throw fieldError("text", "required", "Enter a message or an image.");
      return { action, text, existing, target: undefined };
    }
    if (!existing) throw fieldError("threadId", "required", `Name the thread to ${action} in.`);
    if (!input.messageId) throw fieldError("messageId", "required", `Name the message to ${action}.`);
    if (input.images.length > 0)
      throw fieldError("image", "too_big", `Pictures go with a new message, not a ${action}.`, {
        origin: "file",
        maximum: 0,
      });
    const target = await store.ai.findMessage(input.messageId);
    if (!target || target.thread_id !== existing.id)
      throw new AppError(404, "NOT_FOUND", "Message not found.");
    const last = await store.ai.findLastMessage(existing.id);
    if (action === "edit") {
      if (target.role !== "user") throw notEditable("Only your own messages can be edited.");
      if (!text && imageKeysOf(target).length === 0)
        throw fieldError("text", "required", "Enter a message or an image.");
    } else {
      if (target.role !== "assistant" || target.id !== last?.id)
        throw notEditable("Only the last reply can be regenerated or continued.");
      if (action === "continue" && !(target.status !== "done" && target.text.trim()))
        throw notEditable("Only a reply that was cut off or stopped can be continued.");
    }
    return { action, text, existing, target };
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
      const rows = await store.ai.listThreads(
        user.id,
        "chat",
        query.limit + 1,
        decodeCursor(query.cursor),
        query.q || undefined,
      );
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

    /** PATCH /api/ai/threads/{id}: a new title, as plain text. */
    async renameThread(user: Pick<UserRow, "id">, threadId: string, title: string) {
      const thread = await ownedThread(user, threadId, "chat");
      await store.ai.renameThread(thread.id, title.replace(/\s+/g, " ").trim());
      return { success: true as const, thread: toThread((await store.ai.findThread(thread.id))!) };
    },

    /** DELETE /api/ai/threads/{id}: the thread, its messages and their pictures. */
    async deleteThread(user: Pick<UserRow, "id">, threadId: string) {
      const thread = await ownedThread(user, threadId, "chat");
      const keys = await store.ai.listImageKeys(thread.id);
      await store.transaction((tx) => tx.ai.deleteThread(thread.id));
      await deleteImages(keys);
    },

    /**
     * POST /api/ai/chat: a new message (send), or the last reply again (regenerate), the rest of
     * a reply that was cut off (continue), or one of the person's messages changed and sent again
     * (edit). Charged as a message when charging is on; a reply that fails is refunded and keeps
     * the text that had arrived (LLM_UNAVAILABLE: cut off); stop keeps it too, paid.
     */
    async chat(
      user: Pick<UserRow, "id">,
      input: ChatInput,
      callbacks: ChatCallbacks = {},
    ): Promise<TChatReply> {
      const chatModel = requireModel();
      const plan = await planTurn(user, input);
      const { action, text, existing, target } = plan;
      await assertPromptAllowed(text);
      const prepared: ModelImage[] = [];
      for (const [i, bytes] of input.images.entries()) {
        prepared.push(
          await prepareModelImage(bytes, {
            field: input.images.length > 1 ? `image.${i}` : "image",
            maxPixels: deps.limits.maxPixels,
            moderation,
          }),
        );
      }
      const charging = deps.chatChargeEnabled;
      if (charging) await assertCanPay(user.id, CHAT_MESSAGE_COST);

      // Everything is checked: the pictures are written, then the rows and the charge together.
      const newKeys = await storeImages(user, prepared);
      const at = now();
      const threadId = existing?.id ?? randomUUID();
      const usedBy = `chat:${randomUUID()}`;
      let hold: Hold | null = null;
      let replaced: ChatMessageRow[] = [];
      let userRow: ChatMessageRow;
      try {
        userRow = await store.transaction(async (tx: Repositories) => {
          if (!existing) {
            await tx.ai.insertThread({
              id: threadId,
              user_id: user.id,
              kind: "chat",
              title: plainTitle(text) || "",
              created_at: at,
              updated_at: at,
            });
          } else {
            await tx.ai.touchThread(threadId, at);
          }
          if (charging) hold = await openHold(tx, user.id, CHAT_MESSAGE_COST, "chat", usedBy);
          const chargeKey = (hold as Hold | null)?.spendKey ?? null;
          if (action === "send") {
            return tx.ai.insertMessage({
              thread_id: threadId,
              user_id: user.id,
              role: "user",
              text,
              image_key: newKeys[0] ?? null,
              image_keys: newKeys.length ? JSON.stringify(newKeys) : null,
              status: "done",
              error_code: null,
              charge_key: chargeKey,
              input_tokens: null,
              output_tokens: null,
              created_at: at,
            });
          }
          if (action === "edit") {
            // The edited message stays where it was; what came after it is replaced by the new answer.
            replaced = (await tx.ai.listMessagesFrom(threadId, target!.id)).filter(
              (row) => row.id !== target!.id,
            );
            await tx.ai.deleteMessages(replaced.map((row) => row.id));
            return tx.ai.updateMessage(target!.id, { text, charge_key: chargeKey ?? target!.charge_key });
          }
          if (action === "regenerate") {
            replaced = [target!];
            await tx.ai.deleteMessages([target!.id]);
          }
          // regenerate and continue answer the person's last message before the reply.
          const before = await tx.ai.listMessagesBefore(threadId, target!.id, HISTORY_TURNS);
          const asked = [...before].reverse().find((row) => row.role === "user");
          if (!asked) throw notEditable("There is no message of yours for this reply to answer.");
          return asked;
        });
      } catch (error) {
        await deleteImages(newKeys);
        if (isAppError(error) && error.code === "INSUFFICIENT_CREDITS")
          throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.", { cost: CHAT_MESSAGE_COST });
        throw error;
      }
      await deleteImages(replaced.flatMap(imageKeysOf));
      const thread = toThread((await store.ai.findThread(threadId))!);
      const userMessage = await toMessage(userRow);
      callbacks.onStart?.({ threadId, userMessage, thread });

      // What the model reads: the thread up to the person's message, then (continue) the reply so far.
      const history = await store.ai.listMessagesBefore(threadId, userRow.id, HISTORY_TURNS);
      const pictures = action === "send" ? prepared : await storedImages(userRow);
      const turns: ChatTurn[] = [
        ...historyTurns(history),
        { role: "user", text: userRow.text, ...(pictures.length ? { images: pictures } : {}) },
      ];
      const earlier = action === "continue" ? target!.text : "";
      if (action === "continue")
        turns.push({ role: "assistant", text: earlier }, { role: "user", text: CONTINUE_REQUEST });

      const saveReply = async (
        fields: Pick<ChatMessageRow, "text" | "status" | "error_code"> & Partial<ChatMessageRow>,
      ) => {
        const row =
          action === "continue"
            ? await store.ai.updateMessage(target!.id, { ...fields, text: earlier + fields.text })
            : await store.ai.insertMessage({
                thread_id: threadId,
                user_id: user.id,
                role: "assistant",
                charge_key: null,
                image_key: null,
                image_keys: null,
                input_tokens: null,
                output_tokens: null,
                created_at: now(),
                ...fields,
              });
        await store.ai.touchThread(threadId, now());
        return row;
      };
      const charged = () => (hold as Hold | null)?.charged ?? 0;

      try {
        const result = await chatModel.stream(
          {
            system: CHAT_SYSTEM_PROMPT,
            turns,
            maxOutputTokens: MAX_OUTPUT_TOKENS,
            ...(callbacks.signal ? { signal: callbacks.signal } : {}),
          },
          (delta) => callbacks.onDelta?.(delta),
        );
        if (!result.text.trim())
          throw new AppError(502, "LLM_EMPTY_REPLY", "The language model answered with nothing.");
        const row = await saveReply({
          text: result.text,
          status: "done",
          error_code: null,
          input_tokens: result.usage.inputTokens ?? null,
          output_tokens: result.usage.outputTokens ?? null,
        });
        await settleDone(hold);
        return { success: true, threadId, message: await toMessage(row), userMessage, charged: charged() };
      } catch (error) {
        if (error instanceof ChatStoppedError) {
          // Stopped by the person: what came is kept, and the message stays paid for.
          const row = await saveReply({ text: error.partial, status: "stopped", error_code: null });
          await settleDone(hold);
          return { success: true, threadId, message: await toMessage(row), userMessage, charged: charged() };
        }
        // Cut off: the text that arrived is kept, and the fault is the provider's, not the person's.
        const cutOff = error instanceof ChatCutOffError;
        const failure = cutOff
          ? new AppError(502, "LLM_UNAVAILABLE", `The reply was cut off: ${error.failure.message}`)
          : isAppError(error)
            ? error
            : new AppError(502, "LLM_UNAVAILABLE", "The language model failed.");
        const row = await saveReply({
          text: cutOff ? error.partial : "",
          status: "failed",
          error_code: failure.code,
        });
        await settleRefund(user.id, hold, `refund: prompt chat reply failed (${failure.code})`);
        if (!isAppError(error) && !cutOff) throw error;
        throw new ThreadedError(failure, threadId, await toMessage(row));
      }
    },

    /**
     * POST /api/credit/use {amount: 3}: the rewrite's payment ahead of the call (spec 02 §7),
     * kept for the next rewrite within CREDIT_USE_VALID_MINUTES and refunded by the sweep after.
     */
    async useCredits(user: Pick<UserRow, "id">, amount: number) {
      requireModel();
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
          purpose: "rewrite",
          claimed_at: null,
          settled: null,
          settled_at: null,
        });
        return spent;
      });
      return { success: true as const, credits: result.balances.total, useId: id };
    },

    /**
     * POST /api/ai/rewrite: the prompt rewritten by the instruction, 3 credits (paid ahead through
     * /api/credit/use, or charged here). The payment ahead is claimed first, so whatever refuses
     * the rewrite (no model, a banned word, a foreign thread, a reply that is not a prompt) gives
     * it back. Rewrites of one tool tab share a thread (threadId), kept apart from /chat.
     */
    async rewrite(
      user: Pick<UserRow, "id">,
      body: { userPrompt: string; currentPrompt: string; threadId?: string | null | undefined },
    ) {
      const requestId = randomUUID();
      const usedBy = `rewrite:${requestId}`;
      const since = new Date(clock.now().getTime() - CREDIT_USE_VALID_MINUTES * 60_000).toISOString();
      const waiting = await store.ai.findWaitingCreditUse(user.id, REWRITE_COST, since);
      let hold: Hold | null =
        waiting && (await store.ai.claimCreditUse(waiting.id, usedBy, now()))
          ? { id: waiting.id, spendKey: waiting.spend_key, charged: waiting.amount }
          : null;
      try {
        const chatModel = requireModel();
        await assertPromptAllowed(body.userPrompt, body.currentPrompt);
        const existing = body.threadId ? await ownedThread(user, body.threadId, "rewrite") : undefined;
        const threadId = existing?.id ?? randomUUID();
        const at = now();
        const userText = rewriteRequest(body.currentPrompt, body.userPrompt);
        const history = existing ? await store.ai.listMessages(existing.id, 6) : [];
        await store.transaction(async (tx) => {
          if (!hold) hold = await openHold(tx, user.id, REWRITE_COST, "rewrite", usedBy);
          if (!existing) {
            await tx.ai.insertThread({
              id: threadId,
              user_id: user.id,
              kind: "rewrite",
              title: plainTitle(body.userPrompt),
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
            image_keys: null,
            status: "done",
            error_code: null,
            charge_key: (hold as Hold).spendKey,
            input_tokens: null,
            output_tokens: null,
            created_at: at,
          });
        });
        const { prompt, usage } = await helperPrompt(chatModel, {
          system: REWRITE_SYSTEM_PROMPT,
          turns: [...historyTurns(history), { role: "user", text: userText }],
          maxOutputTokens: MAX_OUTPUT_TOKENS,
        });
        await store.ai.insertMessage({
          thread_id: threadId,
          user_id: user.id,
          role: "assistant",
          text: prompt,
          image_key: null,
          image_keys: null,
          status: "done",
          error_code: null,
          charge_key: null,
          input_tokens: usage.inputTokens ?? null,
          output_tokens: usage.outputTokens ?? null,
          created_at: now(),
        });
        await settleDone(hold);
        return { success: true as const, rewrittenPrompt: prompt, threadId };
      } catch (error) {
        await settleRefund(user.id, hold, `refund: prompt rewrite failed (${codeOf(error)})`);
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
      const { prompt } = await helperPrompt(chatModel, {
        system: EXTRACT_SYSTEM_PROMPT,
        turns: [{ role: "user", text: "Write the prompt for this image.", images: [image] }],
        maxOutputTokens: MAX_OUTPUT_TOKENS,
      });
      return { success: true as const, prompt };
    },

    /** POST /api/seedream/auto-prompt: an edit prompt from up to 4 images and notes, 5 credits. */
    async autoPrompt(user: Pick<UserRow, "id">, body: { images: string[]; userNotes: string }) {
      const chatModel = requireModel();
      await assertPromptAllowed(body.userNotes);
      const prepared: ModelImage[] = [];
      for (const [i, reference] of body.images.entries())
        prepared.push(await imageFromReference(user, reference, `images.${i}`));
      const usedBy = `auto-prompt:${randomUUID()}`;
      let hold: Hold | null = null;
      try {
        hold = await store.transaction((tx) =>
          openHold(tx, user.id, AUTO_PROMPT_COST, "auto-prompt", usedBy),
        );
      } catch (error) {
        if (isAppError(error) && error.code === "INSUFFICIENT_CREDITS")
          throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.", { cost: AUTO_PROMPT_COST });
        throw error;
      }
      try {
        const { prompt } = await helperPrompt(chatModel, {
          system: AUTO_PROMPT_SYSTEM_PROMPT,
          turns: [
            { role: "user", text: autoPromptRequest(prepared.length, body.userNotes), images: prepared },
          ],
          maxOutputTokens: MAX_OUTPUT_TOKENS,
        });
        await settleDone(hold);
        return { success: true as const, prompt };
      } catch (error) {
        await settleRefund(user.id, hold, `refund: image edit auto-prompt failed (${codeOf(error)})`);
        throw error;
      }
    },

    /**
     * The sweep (cron, every minute): refunds, once, every hold nobody settled in time: payments
     * ahead no rewrite claimed within CREDIT_USE_VALID_MINUTES, and holds whose call never came
     * back (the process stopped midway). A chat message whose reply never came gets a failed
     * reply saying so. Returns how many it refunded.
     */
    async refundAbandonedHolds(): Promise<{ refunded: number }> {
      const current = clock.now().getTime();
      const waitingBefore = new Date(current - CREDIT_USE_VALID_MINUTES * 60_000).toISOString();
      const claimedBefore = new Date(current - holdTimeoutMs).toISOString();
      let refunded = 0;
      for (const row of await store.ai.listAbandonedCreditUses(waitingBefore, claimedBefore, SWEEP_BATCH)) {
        if (await refundHold(row)) refunded += 1;
      }
      return { refunded };
    },
  };

  async function refundHold(row: CreditUseRow): Promise<boolean> {
    const purpose = row.purpose ?? "rewrite";
    const reason =
      row.used_by === null
        ? `refund: ${HOLD_REASONS[purpose]} paid ahead and not used within ${CREDIT_USE_VALID_MINUTES} minutes`
        : `refund: ${HOLD_REASONS[purpose]} did not finish`;
    return store.transaction(async (tx) => {
      const at = now();
      if (!(await tx.ai.settleCreditUse(row.id, "refunded", at))) return false;
      await credits.refundIn(tx, row.user_id, { spendKey: row.spend_key, reason });
      if (purpose !== "chat") return true;
      // The message it paid for gets the failed reply its call never wrote.
      const asked = await tx.ai.findMessageByChargeKey(row.spend_key);
      if (asked) {
        const last = await tx.ai.findLastMessage(asked.thread_id);
        if (last?.id === asked.id)
          await tx.ai.insertMessage({
            thread_id: asked.thread_id,
            user_id: asked.user_id,
            role: "assistant",
            text: "",
            image_key: null,
            image_keys: null,
            status: "failed",
            error_code: "LLM_UNAVAILABLE",
            charge_key: null,
            input_tokens: null,
            output_tokens: null,
            created_at: at,
          });
      }
      return true;
    });
  }
}
