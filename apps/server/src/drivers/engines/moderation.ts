/**
 * Upload moderation (ARCHITECTURE "moderation: local NSFW classifier on uploads"): the built-in
 * engine's nsfwjs classifier. A port so a cloud vision service can replace it.
 */
import { getEngineThread } from "@gyeol/engine/thread/engine-thread";

export interface ModerationDriver {
  classify(bytes: Uint8Array): Promise<{ verdict: "allow" | "block" }>;
  /** Loads what the first classify would, so the first upload after a start does not wait. */
  warm?(): Promise<void>;
}

/** Runs in the engine thread (~130 ms a check), off the API's event loop. */
export const builtinModeration: ModerationDriver = {
  classify: (bytes) => getEngineThread("uploads").classifyNsfw(bytes),
  warm: () => getEngineThread("uploads").warmNsfw(),
};
