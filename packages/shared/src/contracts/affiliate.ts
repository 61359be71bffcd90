import { z } from "zod";
import { ZSingleLine } from "./text.ts";

export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** GET /api/affiliate/click?aff=&campaign= (spec 01 §3 Affiliate click, §7) */
export const ZAffiliateClickQuery = z.object({
  aff: ZSingleLine.trim().regex(AFFILIATE_CODE_PATTERN, "Invalid affiliate code."),
  campaign: ZSingleLine.trim().max(64).optional(),
});
export type TAffiliateClickQuery = z.infer<typeof ZAffiliateClickQuery>;

export const ZAffiliateEnabledResponse = z.object({ enabled: z.boolean() });
export const ZEnsureCodeResponse = z.object({
  success: z.literal(true),
  affiliate_code: z.string(),
});
