/**
 * Upload moderation (ARCHITECTURE "moderation: local NSFW classifier on uploads"): the built-in
 * engine's nsfwjs classifier. A port so a cloud vision service can replace it.
 */
import { getEngineThread } from "@gyeol/engine/thread/engine-thread";

export interface ModerationResult {
  verdict: "allow" | "block";
  /**
   * The classifier's class probabilities the verdict was taken from (built in: Drawing, Hentai,
   * Neutral, Porn, Sexy; packages/engine moderation-rule.ts). Logged with every refusal so an
   * operator can review it; never sent to the client.
   */
  scores: Readonly<Record<string, number>>;
  /**
   * The built-in engine's second classifier (InceptionV3 on the picture unsquashed), asked only
   * when the first would refuse; the upload passes when it disagrees. Logged with a refusal.
   */
  second?: Readonly<Record<string, number>>;
  /**
   * The built-in engine's second check, measured only when the scores land in its grey band:
   * faces found, the largest face's share of the frame, bare skin outside the head (moderation-rule.ts
   * CloseUpFeatures). Logged with a refusal beside the scores.
   */
  closeUp?: Readonly<Record<string, number | null>>;
  /**
   * The built-in engine found no colour in the picture (a black-and-white photo), so it asked the
   * second classifier whatever the first said. Logged with a refusal.
   */
  monochrome?: boolean;
}

export interface ModerationDriver {
  classify(bytes: Uint8Array): Promise<ModerationResult>;
  /** Loads what the first classify would, so the first upload after a start does not wait. */
  warm?(): Promise<void>;
}

/**
 * Runs in the engine thread (~130 ms a check; the few uploads the first classifier would refuse
 * add the second classifier and, in the grey band, the close-up check: README "Upload
 * moderation"), off the API's event loop.
 */
export const builtinModeration: ModerationDriver = {
  classify: (bytes) => getEngineThread("uploads").classifyNsfw(bytes),
  warm: () => getEngineThread("uploads").warmNsfw(),
};
