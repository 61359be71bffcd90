/**
 * Upload moderation (ARCHITECTURE "moderation: local NSFW classifier on uploads"): the built-in
 * engine's nsfwjs classifier. A port so a cloud vision service can replace it.
 */
import { classifyNsfw, warmNsfwModel } from "@gyeol/engine/nsfw";

export interface ModerationDriver {
  classify(bytes: Uint8Array): Promise<{ verdict: "allow" | "block" }>;
  /** Loads what the first classify would, so the first upload after a start does not wait. */
  warm?(): Promise<void>;
}

export const builtinModeration: ModerationDriver = {
  classify: (bytes) => classifyNsfw(bytes),
  warm: () => warmNsfwModel(),
};
