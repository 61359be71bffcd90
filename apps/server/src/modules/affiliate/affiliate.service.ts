/**
 * The affiliate programme (spec 01 §1: referral link origin + /?aff=code; people who pay through
 * a share link give the sharer half of their credits; §7 calls).
 *
 * Attribution is first touch within a window: the first link a visitor opens sets the gyeol_aff
 * cookie for AFFILIATE_WINDOW_DAYS; at sign-up or the first signed-in request carrying it the
 * referral is stored on the user, once, never replaced; payments made within
 * AFFILIATE_WINDOW_DAYS of that moment reward the sharer with floor(credits / 2) bonus credits,
 * once per transaction (ledger key reward:<transaction id>). Nobody earns from their own link.
 */
import { randomInt } from "node:crypto";
import { AFFILIATE_EARNINGS_LIMIT } from "@gyeol/shared/contracts/affiliate";
import { AFFILIATE_REWARD_SHARE } from "@gyeol/shared/policy";
import type { Repositories, Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { writeLine } from "../credits/ledger.ts";

/**
 * A buyer as the sharer sees them (issue 30): the first and last character of the name with the
 * rest masked ("김철수" → "김*수", "Alexander" → "A******r"), never an e-mail (a name that is one
 * keeps only its first character), and null for an account without a name or one that is gone.
 */
export function maskName(name: string): string | null {
  const base = (name.includes("@") ? (name.split("@")[0] ?? "").slice(0, 1) : name).trim();
  const chars = Array.from(base.replace(/\s+/g, " "));
  if (chars.length === 0) return null;
  if (name.includes("@") || chars.length === 1) return `${chars[0]}*`;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(Math.min(chars.length - 2, 6))}${chars.at(-1)}`;
}

/** Unambiguous characters (no 0/O, 1/I/L), so a code read aloud or typed survives. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const AFFILIATE_CODE_LENGTH = 8;
const MAX_CODE_ATTEMPTS = 5;

export interface AffiliateServiceDeps {
  store: Store;
  clock: Clock;
  isEnabled: boolean;
  /** Attribution window in days (config AFFILIATE_WINDOW_DAYS). */
  windowDays?: number;
}

export interface ClickInput {
  code: string;
  campaign: string | undefined;
  ip: string;
  userAgent: string;
}

function generateCode(): string {
  let code = "";
  for (let i = 0; i < AFFILIATE_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;

export const DEFAULT_AFFILIATE_WINDOW_DAYS = 30;

export function createAffiliateService({
  store,
  clock,
  isEnabled,
  windowDays = DEFAULT_AFFILIATE_WINDOW_DAYS,
}: AffiliateServiceDeps) {
  return {
    isEnabled: () => isEnabled,

    /** The user's code, created once (unique, 8 characters) and the same on every later call. */
    async ensureCode(userId: number): Promise<string> {
      if (!isEnabled) throw new AppError(403, "FORBIDDEN", "The affiliate programme is turned off.");
      for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
        const existing = await store.affiliate.findCodeOfUser(userId);
        if (existing === undefined) throw new AppError(404, "NOT_FOUND", "User not found.");
        if (existing !== null) return existing;
        try {
          await store.affiliate.setCodeIfMissing(userId, generateCode(), clock.now().toISOString());
        } catch (error) {
          // Another user already holds this code: draw again.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error("Could not allocate a unique affiliate code");
    },

    /**
     * Records a click when the code belongs to a user. The visitor is kept as a hash of address
     * and browser only (privacy policy, spec 01 §9: no more personal data than needed).
     */
    async recordClick(input: ClickInput): Promise<{ isRecorded: boolean }> {
      if (!isEnabled) return { isRecorded: false };
      const ownerId = await store.affiliate.findUserIdByCode(input.code);
      if (ownerId === undefined) return { isRecorded: false };
      await store.affiliate.insertClick({
        code: input.code,
        campaign: input.campaign || null,
        visitor_hash: sha256Hex(`${input.ip}\n${input.userAgent}`),
        created_at: clock.now().toISOString(),
      });
      return { isRecorded: true };
    },

    countClicks: (code: string) => store.affiliate.countClicks(code),

    windowDays: () => windowDays,

    /**
     * Stores who referred `userId`, from the first-touch cookie's code. A code that is unknown or
     * the user's own, or a user already referred, changes nothing.
     */
    async attribute(userId: number, code: string): Promise<{ isAttributed: boolean }> {
      if (!isEnabled) return { isAttributed: false };
      const referrerId = await store.affiliate.findUserIdByCode(code);
      if (referrerId === undefined || referrerId === userId) return { isAttributed: false };
      const isAttributed = await store.affiliate.insertReferralIfMissing({
        user_id: userId,
        referrer_user_id: referrerId,
        code,
        created_at: clock.now().toISOString(),
      });
      return { isAttributed };
    },

    /**
     * Inside the payment's transaction: gives the buyer's referrer floor(credits × 1/2) bonus
     * credits for this transaction, once, when the payment falls within the window. Returns the
     * credits rewarded (0 when none).
     */
    async rewardReferrer(
      tx: Repositories,
      purchase: { buyerId: number; credits: number; transactionId: string; paidAt: string },
    ): Promise<number> {
      if (!isEnabled || purchase.credits <= 0) return 0;
      const referral = await tx.affiliate.findReferral(purchase.buyerId);
      if (!referral || referral.referrer_user_id === purchase.buyerId) return 0;
      const windowEnd = Date.parse(referral.created_at) + windowDays * DAY_MS;
      if (Date.parse(purchase.paidAt) > windowEnd) return 0;
      const reward = Math.floor(purchase.credits * AFFILIATE_REWARD_SHARE);
      const key = `reward:${purchase.transactionId}`;
      if (reward <= 0 || (await tx.credits.findByIdempotencyKey(key))) return 0;
      const now = clock.now().toISOString();
      await writeLine(
        tx,
        referral.referrer_user_id,
        {
          bucket: "bonus",
          delta: reward,
          kind: "reward",
          reason: `affiliate reward (user ${purchase.buyerId})`,
          idempotencyKey: key,
        },
        now,
      );
      // What My Page lists and the sharer is told about (issue 30), in the same transaction.
      await tx.affiliate.insertReward({
        referrer_user_id: referral.referrer_user_id,
        buyer_user_id: purchase.buyerId,
        transaction_id: purchase.transactionId,
        purchase_credits: purchase.credits,
        credits: reward,
        created_at: now,
      });
      return reward;
    },

    /** What the user's share link earned (GET /api/affiliate/earnings); no other person's e-mail. */
    async earnings(userId: number) {
      const [code, totals, referred, rows] = await Promise.all([
        store.affiliate.findCodeOfUser(userId),
        store.affiliate.rewardTotals(userId),
        store.affiliate.countReferrals(userId),
        store.affiliate.listRewards(userId, AFFILIATE_EARNINGS_LIMIT),
      ]);
      return {
        success: true as const,
        enabled: isEnabled,
        affiliate_code: code ?? null,
        clicks: code ? await store.affiliate.countClicks(code) : 0,
        referred,
        paid: totals.buyers,
        total_credits: totals.credits,
        reward_share: AFFILIATE_REWARD_SHARE,
        earnings: rows.map((row) => ({
          id: row.id,
          buyer: row.buyer_deleted_at === null ? maskName(row.buyer_name) : null,
          credits: row.credits,
          purchase_credits: row.purchase_credits,
          created_at: row.created_at,
        })),
      };
    },

    /** The rewards not announced to the user yet, now marked announced (once, whichever tab asks). */
    async acknowledgeRewards(userId: number) {
      const rows = await store.affiliate.claimUnseenRewards(userId, clock.now().toISOString());
      return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
    },
  };
}
