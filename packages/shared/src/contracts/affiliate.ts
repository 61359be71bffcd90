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

/** How many rewards the earnings answer lists, newest first (its totals count them all). */
export const AFFILIATE_EARNINGS_LIMIT = 50;

/**
 * GET /api/affiliate/earnings (issue 30): what the signed-in user's share link earned. The people
 * who paid are shown by a masked name ("김*수"), never by e-mail; null for an account without a
 * name (a deleted one among them).
 */
const ZAffiliateEarning = z.object({
  id: z.number().int(),
  buyer: z.string().nullable(),
  credits: z.number().int(),
  /** Credits the buyer received (null for rewards older than this record). */
  purchase_credits: z.number().int().nullable(),
  created_at: z.string(),
});

export const ZAffiliateEarningsResponse = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** The user's code (null until the link is first asked for: POST /api/affiliate/ensure-code). */
  affiliate_code: z.string().nullable(),
  clicks: z.number().int(),
  /** People who signed up through the link. */
  referred: z.number().int(),
  /** People who paid through it, and all credits earned. */
  paid: z.number().int(),
  total_credits: z.number().int(),
  /** Share of each payment's credits given to the sharer (spec 01 §1: half). */
  reward_share: z.number(),
  earnings: z.array(ZAffiliateEarning),
});
export type TAffiliateEarningsResponse = z.infer<typeof ZAffiliateEarningsResponse>;
export type TAffiliateEarning = TAffiliateEarningsResponse["earnings"][number];

/** POST /api/affiliate/rewards/acknowledge: the rewards not announced yet, now marked announced. */
export const ZRewardsAcknowledgeResponse = z.object({
  success: z.literal(true),
  rewards: z.array(z.object({ id: z.number().int(), credits: z.number().int(), created_at: z.string() })),
});
export type TRewardsAcknowledgeResponse = z.infer<typeof ZRewardsAcknowledgeResponse>;
