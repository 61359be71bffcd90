/**
 * The credit ledger (ARCHITECTURE "Credits are a ledger"; spec 01 §3 Credits, §4 spending order).
 * Every change of a bucket is a ledger row written in the same transaction as the bucket, keyed
 * by an idempotency key so a retried grant or refund applies once. The money issue adds spending
 * across buckets, purchases and expiry on top of these two primitives.
 */
import type { CreditLedgerRow, TCreditBucket, TLedgerKind } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";

export const CREDIT_BUCKETS = [
  "onetime",
  "subscription",
  "bonus",
] as const satisfies readonly TCreditBucket[];

export interface CreditChange {
  /** A positive whole number; revoke subtracts it. */
  amount: number;
  bucket?: TCreditBucket;
  kind?: TLedgerKind;
  reason: string;
  /** Same key, same effect: a replay returns the first row and changes nothing. */
  idempotencyKey: string;
}

export interface CreditResult {
  entry: CreditLedgerRow;
  /** True when the key had been used before and nothing changed now. */
  isReplay: boolean;
}

export interface CreditsServiceDeps {
  store: Store;
  clock: Clock;
}

export type CreditsService = ReturnType<typeof createCreditsService>;

export function createCreditsService({ store, clock }: CreditsServiceDeps) {
  async function apply(userId: number, change: CreditChange, sign: 1 | -1, kind: TLedgerKind) {
    if (!Number.isSafeInteger(change.amount) || change.amount <= 0) {
      throw new AppError(400, "VALIDATION_ERROR", "The amount must be a positive whole number.");
    }
    if (change.idempotencyKey.trim() === "") {
      throw new AppError(400, "VALIDATION_ERROR", "An idempotency key is required.");
    }
    const bucket = change.bucket ?? "onetime";
    const delta = sign * change.amount;
    try {
      return await store.transaction(async (tx): Promise<CreditResult> => {
        const earlier = await tx.credits.findByIdempotencyKey(change.idempotencyKey);
        if (earlier) return { entry: earlier, isReplay: true };
        const now = clock.now().toISOString();
        const balanceAfter = await tx.credits.applyDelta(userId, bucket, delta, now);
        if (balanceAfter === undefined) {
          if (!(await tx.users.findById(userId))) throw new AppError(404, "NOT_FOUND", "User not found.");
          throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.");
        }
        const entry = await tx.credits.insertEntry({
          user_id: userId,
          bucket,
          delta,
          kind: change.kind ?? kind,
          reason: change.reason,
          idempotency_key: change.idempotencyKey,
          balance_after: balanceAfter,
          created_at: now,
        });
        return { entry, isReplay: false };
      });
    } catch (error) {
      // Two calls with one key raced: the loser's transaction rolled back; answer like a replay.
      if (isUniqueViolation(error)) {
        const earlier = await store.credits.findByIdempotencyKey(change.idempotencyKey);
        if (earlier) return { entry: earlier, isReplay: true };
      }
      throw error;
    }
  }

  return {
    /** Adds credits to a bucket (default one-time). */
    grant: (userId: number, change: CreditChange) => apply(userId, change, 1, "grant"),

    /** Takes credits from a bucket; refuses with INSUFFICIENT_CREDITS rather than go below zero. */
    revoke: (userId: number, change: CreditChange) => apply(userId, change, -1, "admin"),

    listLedger: (userId: number) => store.credits.listForUser(userId),

    ledgerSum: (userId: number, bucket: TCreditBucket) => store.credits.sumForUser(userId, bucket),
  };
}
