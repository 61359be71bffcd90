/**
 * What the chat and the prompt helpers share (issue 26, split from ai.service.ts): the connected
 * model or LLM_NOT_CONFIGURED, the banned-keyword check, the caller's own threads and the earlier
 * turns the model sees.
 */
import type { ChatMessageRow, ChatThreadRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import type { ChatModel, ChatTurn } from "../../drivers/llm/chat-model.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CreditHoldsService } from "../credits/credit-holds.service.ts";
import type { ImagesService } from "../images/images.service.ts";
import type { BannedKeywordsService } from "../moderation/banned-keywords.service.ts";
import { imageKeysOf } from "./ai.repository.ts";

/** How many earlier messages of a thread the model sees with a new one. */
export const HISTORY_TURNS = 20;
export const MAX_OUTPUT_TOKENS = 1200;
export const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

export interface AiServiceDeps {
  store: Store;
  storage: FileStorage;
  images: ImagesService;
  moderation: ModerationDriver;
  clock: Clock;
  /** Undefined when no model is connected (LLM_BASE_URL / LLM_MODEL unset). */
  model: ChatModel | undefined;
  chatChargeEnabled: boolean;
  limits: { maxBytes: number; maxPixels: number };
  /** The credit holds every charge here is paid through (credits/credit-holds.service.ts). */
  holds: CreditHoldsService;
  /** The banned prompt keywords (moderation/banned-keywords.service.ts). */
  bannedKeywords: Pick<BannedKeywordsService, "assertAllowed">;
}

export type AiKit = ReturnType<typeof createAiKit>;

export function createAiKit(deps: AiServiceDeps) {
  const { store, clock, model, bannedKeywords } = deps;
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

  const assertPromptAllowed = (...texts: string[]) => bannedKeywords.assertAllowed(...texts);
  const codeOf = (error: unknown) => (isAppError(error) ? error.code : "INTERNAL_ERROR");

  async function ownedThread(user: Pick<UserRow, "id">, threadId: string, kind: ChatThreadRow["kind"]) {
    const thread = await store.ai.findThread(threadId);
    if (!thread || thread.user_id !== user.id || thread.kind !== kind) throw threadNotFound();
    return thread;
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

  return { now, requireModel, assertPromptAllowed, codeOf, ownedThread, historyTurns };
}
