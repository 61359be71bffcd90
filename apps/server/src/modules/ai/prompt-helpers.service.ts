/**
 * The prompt helpers (issue 14, 27; spec 02 §7; split from ai.service.ts in issue 26): POST
 * /api/ai/rewrite (3 credits, paid ahead through /api/credit/use or charged here), POST
 * /api/ai/extract-prompt-from-image (free) and POST /api/seedream/auto-prompt (5 credits). Each
 * answer must read as a prompt and pass the banned keywords; a charge is a hold, refunded when the
 * call fails or is refused.
 */
import { randomUUID } from "node:crypto";
import { AUTO_PROMPT_COST, plainTitle, REWRITE_COST } from "@gyeol/shared/contracts/ai";
import { cleanHelperPrompt, helperPromptProblem, promptFromReply } from "@gyeol/shared/helper-prompt";
import type { UserRow } from "../../db/schema.ts";
import type { ChatModel, ChatRequest } from "../../drivers/llm/chat-model.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Hold } from "../credits/credit-holds.service.ts";
import { type AiKit, type AiServiceDeps, DATA_URL, MAX_OUTPUT_TOKENS } from "./ai-kit.ts";
import { type ModelImage, prepareModelImage } from "./model-image.ts";
import {
  AUTO_PROMPT_SYSTEM_PROMPT,
  autoPromptRequest,
  EXTRACT_SYSTEM_PROMPT,
  REWRITE_SYSTEM_PROMPT,
  rewriteRequest,
} from "./prompts.ts";

export function createPromptHelpers(deps: AiServiceDeps, kit: AiKit) {
  const { store, storage, images, moderation, holds } = deps;
  const { now, requireModel, assertPromptAllowed, codeOf, ownedThread, historyTurns } = kit;
  const { settleDone, settleRefund } = holds;
  const openHold = holds.open;

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

  return {
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
      let hold: Hold | null = await holds.claimPaidAhead(user.id, REWRITE_COST, usedBy);
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
  };
}
