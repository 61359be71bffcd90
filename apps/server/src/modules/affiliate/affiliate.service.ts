/**
 * The affiliate programme's foundation (spec 01 §1: referral link origin + /?aff=code; §7 calls).
 * Rewards at checkout come with the money issue; this records clicks and hands out codes.
 */
import { randomInt } from "node:crypto";
import type { Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { sha256Hex } from "../../lib/crypto.ts";

/** Unambiguous characters (no 0/O, 1/I/L), so a code read aloud or typed survives. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const AFFILIATE_CODE_LENGTH = 8;
const MAX_CODE_ATTEMPTS = 5;

export interface AffiliateServiceDeps {
  store: Store;
  clock: Clock;
  isEnabled: boolean;
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

export function createAffiliateService({ store, clock, isEnabled }: AffiliateServiceDeps) {
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
  };
}
