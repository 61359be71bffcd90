/**
 * Credit holds (issue 27; moved here from the AI service in issue 26): every charge a prompt helper
 * or a chat message makes is a hold (a credit_uses row) written in the transaction that spends it.
 * The call it pays for claims it and settles it once: done when it delivered, refunded (under
 * `refund:<spend key>`) when it failed or was refused. POST /api/credit/use is a payment made
 * ahead for the next rewrite; one that no rewrite claims in CREDIT_USE_VALID_MINUTES, and a hold
 * whose call never settled it (the process died midway), are refunded by the sweep
 * (`refundAbandonedHolds`, a cron task).
 */
import { randomUUID } from "node:crypto";
import { CREDIT_USE_VALID_MINUTES } from "@gyeol/shared/contracts/ai";
import type { CreditUseRow, TCreditHoldPurpose } from "../../db/schema.ts";
import type { Repositories, Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { isDemoUser } from "../users/demo-user.ts";
import type { CreditsService } from "./credits.service.ts";

/** Holds the sweep settles per run (it runs again a minute later). */
const SWEEP_BATCH = 200;

/** A hold being paid for by a call in progress. */
export interface Hold {
  id: string;
  spendKey: string;
  /** Credits this call took (0 for a demo user; a payment ahead counts as its amount). */
  charged: number;
}

export const HOLD_REASONS: Record<TCreditHoldPurpose, string> = {
  rewrite: "prompt rewrite",
  chat: "prompt chat message",
  "auto-prompt": "image edit auto-prompt",
};

export interface CreditHoldsDeps {
  store: Store;
  credits: Pick<CreditsService, "spendIn" | "refundIn">;
  clock: Clock;
  /**
   * How long a claimed hold may stay unsettled before the sweep counts its call as lost (longer
   * than any model call can take: LLM_TIMEOUT_MS times its tries).
   */
  holdTimeoutMs?: number;
  /** What else a refunded hold's purpose undoes, in the refund's transaction (chat: the missing reply). */
  onSweptRefund?: (tx: Repositories, row: CreditUseRow, at: string) => Promise<void>;
}

export type CreditHoldsService = ReturnType<typeof createCreditHoldsService>;

export function createCreditHoldsService(deps: CreditHoldsDeps) {
  const { store, credits, clock } = deps;
  const holdTimeoutMs = deps.holdTimeoutMs ?? 15 * 60_000;
  const now = () => clock.now().toISOString();

  async function refundHold(row: CreditUseRow): Promise<boolean> {
    const purpose = row.purpose ?? "rewrite";
    const reason =
      row.used_by === null
        ? `refund: ${HOLD_REASONS[purpose]} paid ahead and not used within ${CREDIT_USE_VALID_MINUTES} minutes`
        : `refund: ${HOLD_REASONS[purpose]} did not finish`;
    return store.transaction(async (tx) => {
      const at = now();
      if (!(await tx.ai.settleCreditUse(row.id, "refunded", at))) return false;
      await credits.refundIn(tx, row.user_id, { spendKey: row.spend_key, reason });
      await deps.onSweptRefund?.(tx, row, at);
      return true;
    });
  }

  return {
    /** Refuses before anything is written when the user cannot pay `amount` (demo users pay nothing). */
    async assertCanPay(userId: number, amount: number) {
      const user = await store.users.findById(userId);
      if (!user) throw new AppError(404, "NOT_FOUND", "User not found.");
      if (isDemoUser(user)) return;
      if (user.onetime_credits + user.subscription_credits + user.bonus_credits < amount)
        throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.", { cost: amount });
    },

    /** Spends `amount` and records the hold its call now owns, in the caller's transaction. */
    async open(
      tx: Repositories,
      userId: number,
      amount: number,
      purpose: TCreditHoldPurpose,
      usedBy: string,
    ): Promise<Hold> {
      const id = randomUUID();
      const spendKey = `${purpose}:${id}`;
      const spent = await credits.spendIn(tx, userId, amount, {
        idempotencyKey: spendKey,
        reason: HOLD_REASONS[purpose],
      });
      const at = now();
      await tx.ai.insertCreditUse({
        id,
        user_id: userId,
        amount,
        spend_key: spendKey,
        used_by: usedBy,
        created_at: at,
        purpose,
        claimed_at: at,
        settled: null,
        settled_at: null,
      });
      return { id, spendKey, charged: -spent.entries.reduce((sum, entry) => sum + entry.delta, 0) };
    },

    /** Claims a payment made ahead (POST /api/credit/use) of `amount` for `usedBy`, if one waits. */
    async claimPaidAhead(userId: number, amount: number, usedBy: string): Promise<Hold | null> {
      const since = new Date(clock.now().getTime() - CREDIT_USE_VALID_MINUTES * 60_000).toISOString();
      const waiting = await store.ai.findWaitingCreditUse(userId, amount, since);
      return waiting && (await store.ai.claimCreditUse(waiting.id, usedBy, now()))
        ? { id: waiting.id, spendKey: waiting.spend_key, charged: waiting.amount }
        : null;
    },

    /** The call delivered: the hold is spent for good (unless the sweep already gave it back). */
    async settleDone(hold: Hold | null) {
      if (hold) await store.ai.settleCreditUse(hold.id, "done", now());
    },

    /** The call failed or was refused: the hold goes back, once, with a ledger line. */
    async settleRefund(userId: number, hold: Hold | null, reason: string) {
      if (!hold) return;
      await store.transaction(async (tx) => {
        if (!(await tx.ai.settleCreditUse(hold.id, "refunded", now()))) return;
        await credits.refundIn(tx, userId, { spendKey: hold.spendKey, reason });
      });
    },

    /**
     * POST /api/credit/use {amount: 3} (spec 02 §7): the rewrite's payment ahead of the call, kept
     * for the next rewrite within CREDIT_USE_VALID_MINUTES and refunded by the sweep after.
     */
    async payAhead(userId: number, amount: number) {
      const id = randomUUID();
      const spendKey = `use:${id}`;
      const result = await store.transaction(async (tx) => {
        const spent = await credits.spendIn(tx, userId, amount, {
          idempotencyKey: spendKey,
          reason: "prompt rewrite (paid ahead)",
        });
        await tx.ai.insertCreditUse({
          id,
          user_id: userId,
          amount,
          spend_key: spendKey,
          used_by: null,
          created_at: now(),
          purpose: "rewrite",
          claimed_at: null,
          settled: null,
          settled_at: null,
        });
        return spent;
      });
      return { success: true as const, credits: result.balances.total, useId: id };
    },

    /**
     * The sweep (cron, every minute): refunds, once, every hold nobody settled in time: payments
     * ahead no rewrite claimed within CREDIT_USE_VALID_MINUTES, and holds whose call never came
     * back (the process stopped midway). Returns how many it refunded.
     */
    async refundAbandonedHolds(): Promise<{ refunded: number }> {
      const current = clock.now().getTime();
      const waitingBefore = new Date(current - CREDIT_USE_VALID_MINUTES * 60_000).toISOString();
      const claimedBefore = new Date(current - holdTimeoutMs).toISOString();
      let refunded = 0;
      for (const row of await store.ai.listAbandonedCreditUses(waitingBefore, claimedBefore, SWEEP_BATCH)) {
        if (await refundHold(row)) refunded += 1;
      }
      return { refunded };
    },
  };
}
