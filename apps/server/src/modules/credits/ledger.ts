/**
 * The ledger's moves inside one open transaction (ARCHITECTURE "Credits are a ledger"). The credits
 * service wraps each in its own transaction; billing calls them inside the transaction that also
 * records a webhook event, so a payment, its credits and the event id commit or roll back together.
 *
 * Every move first locks the user's row (credits.lockUser), then checks its idempotency key, then
 * changes the bucket with a conditional UPDATE (never below zero, also guarded by a CHECK
 * constraint) and writes the row with the bucket's balance after it.
 */
import { CREDIT_SPENDING_ORDER } from "@gyeol/shared/policy";
import type { CreditLedgerRow, TCreditBucket, TLedgerKind, UserRow } from "../../db/schema.ts";
import type { Repositories } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";

export interface LedgerLine {
  bucket: TCreditBucket;
  /** Signed: positive adds, negative takes. */
  delta: number;
  kind: TLedgerKind;
  reason: string;
  idempotencyKey: string;
  jobId?: string | null;
}

export function bucketBalance(user: UserRow, bucket: TCreditBucket): number {
  if (bucket === "onetime") return user.onetime_credits;
  if (bucket === "subscription") return user.subscription_credits;
  return user.bonus_credits;
}

export function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError(400, "VALIDATION_ERROR", "The amount must be a positive whole number.");
  }
}

export function assertKey(key: string) {
  if (key.trim() === "") throw new AppError(400, "VALIDATION_ERROR", "An idempotency key is required.");
}

/** Locks the user's row for this transaction; 404 when there is no such user. */
export async function lockAccount(tx: Repositories, userId: number, now: string): Promise<UserRow> {
  const user = await tx.credits.lockUser(userId, now);
  if (!user) throw new AppError(404, "NOT_FOUND", "User not found.");
  return user;
}

/** Writes one line and its bucket change; INSUFFICIENT_CREDITS rather than go below zero. */
export async function writeLine(
  tx: Repositories,
  userId: number,
  line: LedgerLine,
  now: string,
): Promise<CreditLedgerRow> {
  const balanceAfter = await tx.credits.applyDelta(userId, line.bucket, line.delta, now);
  if (balanceAfter === undefined) throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.");
  return tx.credits.insertEntry({
    user_id: userId,
    bucket: line.bucket,
    delta: line.delta,
    kind: line.kind,
    reason: line.reason,
    idempotency_key: line.idempotencyKey,
    balance_after: balanceAfter,
    created_at: now,
    job_id: line.jobId ?? null,
  });
}

/**
 * The keys of a move that spans several buckets: the first line carries the caller's key, the
 * others `key#2`, `key#3`. All are written in one transaction, so the first key's presence means
 * the whole move happened.
 */
export function partKeys(key: string): string[] {
  return [key, `${key}#2`, `${key}#3`];
}

/**
 * How a spend of `amount` splits over the buckets in the policy's order (spec 01 §4: one-time,
 * then subscription; bonus last, see policy.ts). Undefined when the buckets together hold too little.
 */
export function splitSpend(
  user: UserRow,
  amount: number,
): Array<{ bucket: TCreditBucket; take: number }> | undefined {
  let left = amount;
  const parts: Array<{ bucket: TCreditBucket; take: number }> = [];
  for (const bucket of CREDIT_SPENDING_ORDER) {
    const take = Math.min(left, bucketBalance(user, bucket));
    if (take > 0) parts.push({ bucket, take });
    left -= take;
    if (left === 0) return parts;
  }
  return undefined;
}

/**
 * Empties a bucket with one expiry line (subscription credits at the period end, spec 01 §4).
 * Writes nothing when the bucket is already empty or the key was used.
 */
export async function expireBucket(
  tx: Repositories,
  user: UserRow,
  bucket: TCreditBucket,
  amount: number,
  reason: string,
  idempotencyKey: string,
  now: string,
): Promise<CreditLedgerRow | undefined> {
  const take = Math.min(amount, bucketBalance(user, bucket));
  if (take <= 0) return undefined;
  if (await tx.credits.findByIdempotencyKey(idempotencyKey)) return undefined;
  return writeLine(tx, user.id, { bucket, delta: -take, kind: "expiry", reason, idempotencyKey }, now);
}
