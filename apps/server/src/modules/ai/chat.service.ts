/**
 * The prompt chat (issue 14, 27; spec 02 §2.6, §7 "Chat"; split from ai.service.ts in issue 26):
 * the caller's threads (list, messages, rename, delete) and POST /api/ai/chat (send, regenerate,
 * continue, edit), charged as a hold when charging is on. Owner-only: a thread someone else owns
 * answers 404, like one that does not exist. Nothing is written for a request that is refused.
 */
import { randomUUID } from "node:crypto";
import {
  CHAT_MESSAGE_COST,
  plainTitle,
  type TChatAction,
  type TChatMessage,
  type TChatReply,
  type TChatThread,
  type TThreadsQuery,
  type TThreadsResponse,
} from "@gyeol/shared/contracts/ai";
import type { ChatMessageRow, ChatThreadRow, CreditUseRow, UserRow } from "../../db/schema.ts";
import type { Repositories } from "../../db/store.ts";
import { ChatCutOffError, ChatStoppedError, type ChatTurn } from "../../drivers/llm/chat-model.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import type { Hold } from "../credits/credit-holds.service.ts";
import { uploadsFolder } from "../images/image-files.ts";
import { imageKeysOf } from "./ai.repository.ts";
import { type AiKit, type AiServiceDeps, HISTORY_TURNS, MAX_OUTPUT_TOKENS } from "./ai-kit.ts";
import { type ModelImage, prepareModelImage } from "./model-image.ts";
import { CHAT_SYSTEM_PROMPT, CONTINUE_REQUEST } from "./prompts.ts";

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

export function createChatService(deps: AiServiceDeps, kit: AiKit) {
  const { store, storage, images, moderation, model, holds } = deps;
  const { now, requireModel, assertPromptAllowed, ownedThread, historyTurns } = kit;
  const { assertCanPay, settleDone, settleRefund } = holds;
  const openHold = holds.open;
  const notEditable = (why: string) => new AppError(409, "CHAT_MESSAGE_NOT_EDITABLE", why);

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
     * A chat message's hold the sweep refunded (credit-holds.service.ts onSweptRefund): the message
     * it paid for gets the failed reply its call never wrote.
     */
    chatHoldRefunded,
  };

  async function chatHoldRefunded(tx: Repositories, row: CreditUseRow, at: string) {
    if ((row.purpose ?? "rewrite") !== "chat") return;
    const asked = await tx.ai.findMessageByChargeKey(row.spend_key);
    if (!asked) return;
    const last = await tx.ai.findLastMessage(asked.thread_id);
    if (last?.id !== asked.id) return;
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
}
