/**
 * The banned prompt keywords (spec 02 §5 "prompt moderation"; issue 26: moved out of the AI
 * service, since every prompted tool checks them): the administrator's list, and the check a
 * prompt the person wrote passes before anything is charged (NSFW_PROMPT_BLOCKED naming the word).
 */
import { findBannedKeyword } from "@gyeol/shared/contracts/ai";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";

export const BANNED_PROMPT_MESSAGE = "The prompt holds a word this service does not allow";

export type BannedKeywordsService = ReturnType<typeof createBannedKeywordsService>;

export function createBannedKeywordsService({ store, clock }: { store: Store; clock: Clock }) {
  const list = () => store.ai.listBannedKeywords();
  return {
    /** GET /api/auth/banned-keywords: the current list. */
    list,

    /** PUT /api/auth/banned-keywords (the administrator): the list as given, lower-cased, without repeats. */
    async set(keywords: readonly string[]): Promise<string[]> {
      const unique = [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))];
      await store.transaction((tx) => tx.ai.replaceBannedKeywords(unique, clock.now().toISOString()));
      return list();
    },

    /** The keyword of the current list a text holds, or null. */
    async find(text: string): Promise<string | null> {
      return text ? findBannedKeyword(text, await list()) : null;
    },

    /** NSFW_PROMPT_BLOCKED naming the keyword (details.keyword), for the page to say which. */
    async assertAllowed(...texts: string[]) {
      const keywords = await list();
      for (const text of texts) {
        const keyword = text ? findBannedKeyword(text, keywords) : null;
        if (keyword)
          throw new AppError(400, "NSFW_PROMPT_BLOCKED", `${BANNED_PROMPT_MESSAGE}: "${keyword}".`, {
            keyword,
          });
      }
    },
  };
}
