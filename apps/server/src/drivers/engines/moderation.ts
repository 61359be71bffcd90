/**
 * Upload moderation (ARCHITECTURE "moderation: local NSFW classifier on uploads"): the built-in
 * engine's nsfwjs classifier. A port so a cloud vision service can replace it.
 */
import { classifyNsfw } from "@gyeol/engine/nsfw";

export interface ModerationDriver {
  classify(bytes: Uint8Array): Promise<{ verdict: "allow" | "block" }>;
}

export const builtinModeration: ModerationDriver = {
  classify: (bytes) => classifyNsfw(bytes),
};
