/**
 * Job status answers beyond GET /api/image/status (contracts/images.ts ZImageStatusResponse).
 * spec 02 §7 "Image edit": GET /api/seedream/status/{taskId} reads status, urls, partial, error.code.
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
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type TSeedreamStatusResponse = z.infer<typeof ZSeedreamStatusResponse>;
