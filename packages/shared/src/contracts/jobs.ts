/**
 * Job status answers beyond GET /api/image/status (contracts/images.ts ZImageStatusResponse).
 * spec 02 §7 "Image edit": GET /api/seedream/status/{taskId} reads status, urls, partial, error.code
 * (the vendor's code, §8), with our own code beside it in error.gyeolCode.
 */
import { z } from "zod";

export const SEEDREAM_STATUSES = ["processing", "completed", "failed"] as const;

export const ZSeedreamStatusResponse = z.object({
  success: z.literal(true),
  status: z.enum(SEEDREAM_STATUSES),
  /** Signed URLs of the edited images, once completed. */
  urls: z.array(z.string()),
  /** true when fewer images came back than were asked for. */
  partial: z.boolean(),
  /** 1-based place in the queue while waiting; 0 while running; null when done. */
  queuePosition: z.number().int().nullable(),
  etaSeconds: z.number().int().nullable(),
  /**
   * A failed job's reason. `code` is what spec 02 §7–§8 read there: the vendor's own code when the
   * vendor named one (Seedream's `InvalidParameter.OversizeImage`, `OutputImageSensitiveContentDetected`,
   * OpenAI's `moderation_blocked` …), else ours. `gyeolCode` is always ours: the error modal's row
   * (EDIT_* of shared/image-edit.ts) or a platform code (JOB_CANCELLED, JOB_ABANDONED …), each with
   * a sentence in both languages.
   */
  error: z.object({ code: z.string(), message: z.string(), gyeolCode: z.string() }).nullable(),
});
export type TSeedreamStatusResponse = z.infer<typeof ZSeedreamStatusResponse>;
