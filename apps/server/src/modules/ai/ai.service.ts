/**
 * The prompt chat and the prompt helpers on the language-model port, by use case (issue 26):
 * chat.service.ts (threads and POST /api/ai/chat), prompt-helpers.service.ts (rewrite, extract,
 * auto-prompt), ai-kit.ts (what both share); issue 14; spec 02 §2.6, §4.6, §5, §7, §9; issue 27.
 * Owner-only: a thread someone else owns answers 404, like one that
 * does not exist.
 *
 * Credits (ARCHITECTURE "Credits are a ledger"; issue 27 "no prepaid credit is ever lost"): every
 * charge a helper or a chat message makes is a hold (credits/credit-holds.service.ts), settled once
 * by the call it pays for; a chat message whose hold the sweep refunds gets its failed reply here
 * (chatHoldRefunded). Banned keywords are the moderation module's.
 *
 * Nothing is written for a request that is refused: the text, the thread, the pictures (type,
 * size, content) and the credits are checked before a file or a row is written.
 */
import { type AiServiceDeps, createAiKit } from "./ai-kit.ts";
import { createChatService } from "./chat.service.ts";
import { createPromptHelpers } from "./prompt-helpers.service.ts";

export type { AiServiceDeps } from "./ai-kit.ts";
export { type ChatCallbacks, type ChatInput, ThreadedError } from "./chat.service.ts";

export type AiService = ReturnType<typeof createAiService>;

export function createAiService(deps: AiServiceDeps) {
  const kit = createAiKit(deps);
  return {
    ...createChatService(deps, kit),
    ...createPromptHelpers(deps, kit),
    /** The requireModel check, for the payment ahead of a rewrite (POST /api/credit/use). */
    assertModel: () => void kit.requireModel(),
  };
}
