/**
 * The credit ledger (ARCHITECTURE "Credits are a ledger"; spec 01 §3 Credits, §4 spending order).
 * Every change of a bucket is a ledger row written in the same transaction as the bucket, keyed
 * by an idempotency key so a retried grant, spend or refund applies once. A balance never goes
 * below zero: each move locks the user's row first (ledger.ts), and the bucket update is
 * conditional besides.
 *
 * The tools (issue 4) call `spend` when they accept a job and `refund` once when it fails.
 */
import type { TCreditHistoryQuery, TCreditHistoryResponse } from "@gyeol/shared/contracts/payment";
import type { CreditLedgerRow, TCreditBucket, TLedgerKind, UserRow } from "../../db/schema.ts";
import type { Repositories, Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../drivers/db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import { isDemoUser } from "../users/demo-user.ts";
import {
  assertAmount,
  assertKey,
  expireBucket,
  lockAccount,
  partKeys,
  splitSpend,
  writeLine,
} from "./ledger.ts";

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

export interface SpendOptions {
  /** Same key, same spend: a retried job accept charges once. */
  idempotencyKey: string;
  reason: string;
  jobId?: string | null;
}

export interface RefundOptions {
  /** The idempotency key the spend was made with. */
  spendKey: string;
  /** Defaults to `refund:<spendKey>`, so a job's refund applies once however often it is asked. */
  idempotencyKey?: string;
  reason?: string;
  jobId?: string | null;
  /**
   * Give back only this many credits of the spend (image edit's images the provider did not
   * deliver), taken from the spend's lines in order; with its own idempotency key. Default: all.
   */
  amount?: number;
}

export interface Balances {
  onetime: number;
  subscription: number;
  bonus: number;
  /** What the user can spend: all three buckets. */
  total: number;
}

export interface MultiLineResult {
  /** The lines of this move (one per bucket touched); the earlier ones on a replay. */
  entries: CreditLedgerRow[];
  isReplay: boolean;
  balances: Balances;
}

export interface CreditsServiceDeps {
  store: Store;
  clock: Clock;
}

function toBalances(user: UserRow): Balances {
  return {
    onetime: user.onetime_credits,
    subscription: user.subscription_credits,
    bonus: user.bonus_credits,
    total: user.onetime_credits + user.subscription_credits + user.bonus_credits,
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

export function createCreditsService({ store, clock }: CreditsServiceDeps) {
  /** Runs a keyed move; two calls racing with one key end as one move and one replay. */
  async function keyed<T>(key: string, run: (tx: Repositories) => Promise<T>, replay: () => Promise<T>) {
    try {
      return await store.transaction(run);
    } catch (error) {
      if (isUniqueViolation(error) && (await store.credits.findByIdempotencyKey(key))) return replay();
      throw error;
    }
  }

  async function currentBalances(userId: number): Promise<Balances> {
    const user = await store.users.findById(userId);
    if (!user) throw new AppError(404, "NOT_FOUND", "User not found.");
    return toBalances(user);
  }

  async function apply(userId: number, change: CreditChange, sign: 1 | -1, kind: TLedgerKind) {
    assertAmount(change.amount);
    assertKey(change.idempotencyKey);
    const replay = async (): Promise<CreditResult> => ({
      entry: (await store.credits.findByIdempotencyKey(change.idempotencyKey))!,
      isReplay: true,
    });
    return keyed(
      change.idempotencyKey,
      async (tx): Promise<CreditResult> => {
        const now = clock.now().toISOString();
        await lockAccount(tx, userId, now);
        const earlier = await tx.credits.findByIdempotencyKey(change.idempotencyKey);
        if (earlier) return { entry: earlier, isReplay: true };
        const entry = await writeLine(
          tx,
          userId,
          {
            bucket: change.bucket ?? "onetime",
            delta: sign * change.amount,
            kind: change.kind ?? kind,
            reason: change.reason,
            idempotencyKey: change.idempotencyKey,
          },
          now,
        );
        return { entry, isReplay: false };
      },
      replay,
    );
  }

  async function spendIn(
    tx: Repositories,
    userId: number,
    amount: number,
    options: SpendOptions,
  ): Promise<MultiLineResult> {
    assertAmount(amount);
    assertKey(options.idempotencyKey);
    const keys = partKeys(options.idempotencyKey);
    const now = clock.now().toISOString();
    const user = await lockAccount(tx, userId, now);
    // spec 02 §1, §6: the demo user's tools run without deducting credits (issue 7 demo mode).
    if (isDemoUser(user)) return { entries: [], isReplay: false, balances: toBalances(user) };
    if (await tx.credits.findByIdempotencyKey(options.idempotencyKey)) {
      return {
        entries: await tx.credits.findByIdempotencyKeys(keys),
        isReplay: true,
        balances: toBalances(user),
      };
    }
    const parts = splitSpend(user, amount);
    if (!parts) throw new AppError(400, "INSUFFICIENT_CREDITS", "Not enough credits.");
    const entries: CreditLedgerRow[] = [];
    for (const [i, part] of parts.entries()) {
      entries.push(
        await writeLine(
          tx,
          userId,
          {
            bucket: part.bucket,
            delta: -part.take,
            kind: "spend",
            reason: options.reason,
            idempotencyKey: keys[i]!,
            jobId: options.jobId ?? null,
          },
          now,
        ),
      );
    }
    return { entries, isReplay: false, balances: toBalances((await tx.users.findById(userId))!) };
  }

  async function refundIn(
    tx: Repositories,
    userId: number,
    options: RefundOptions,
  ): Promise<MultiLineResult> {
    assertKey(options.spendKey);
    const key = options.idempotencyKey ?? `refund:${options.spendKey}`;
    const keys = partKeys(key);
    const now = clock.now().toISOString();
    const user = await lockAccount(tx, userId, now);
    if (await tx.credits.findByIdempotencyKey(key)) {
      return {
        entries: await tx.credits.findByIdempotencyKeys(keys),
        isReplay: true,
        balances: toBalances(user),
      };
    }
    const spent = (await tx.credits.findByIdempotencyKeys(partKeys(options.spendKey))).filter(
      (row) => row.user_id === userId && row.kind === "spend",
    );
    if (options.amount !== undefined) assertAmount(options.amount);
    let left = options.amount ?? Number.POSITIVE_INFINITY;
    const entries: CreditLedgerRow[] = [];
    for (const [i, row] of spent.entries()) {
      const give = Math.min(-row.delta, left);
      if (give <= 0) break;
      left -= give;
      entries.push(
        await writeLine(
          tx,
          userId,
          {
            bucket: row.bucket,
            delta: give,
            kind: "refund",
            reason: options.reason ?? row.reason,
            idempotencyKey: keys[i]!,
            jobId: options.jobId ?? row.job_id,
          },
          now,
        ),
      );
    }
    return { entries, isReplay: false, balances: toBalances((await tx.users.findById(userId))!) };
  }

  async function replayOf(userId: number, key: string): Promise<MultiLineResult> {
    const entries = await store.credits.findByIdempotencyKeys(partKeys(key));
    return { entries, isReplay: true, balances: await currentBalances(userId) };
  }

  return {
    /** Adds credits to a bucket (default one-time). */
    grant: (userId: number, change: CreditChange) => apply(userId, change, 1, "grant"),

    /** Takes credits from a bucket; refuses with INSUFFICIENT_CREDITS rather than go below zero. */
    revoke: (userId: number, change: CreditChange) => apply(userId, change, -1, "admin"),

    /**
     * Charges `amount` across the buckets in the spending order (one-time, subscription, bonus;
     * policy.ts). All or nothing: 400 INSUFFICIENT_CREDITS when the buckets together hold less.
     */
    async spend(userId: number, amount: number, options: SpendOptions): Promise<MultiLineResult> {
      return keyed(
        options.idempotencyKey,
        (tx) => spendIn(tx, userId, amount, options),
        () => replayOf(userId, options.idempotencyKey),
      );
    },

    /**
     * `spend` inside a transaction the caller owns, so a job row and its charge commit together
     * (ARCHITECTURE "A job is charged when it is accepted"). Use a fresh key (job:<id>).
     */
    spendIn,

    /**
     * Gives back what a spend took, to the buckets it came from, once. A refund for a spend that
     * never happened (a job that failed before it was charged) is a no-op with no lines.
     */
    async refund(userId: number, options: RefundOptions): Promise<MultiLineResult> {
      assertKey(options.spendKey);
      const key = options.idempotencyKey ?? `refund:${options.spendKey}`;
      return keyed(
        key,
        (tx) => refundIn(tx, userId, options),
        () => replayOf(userId, key),
      );
    },

    /** `refund` inside the caller's transaction (a job marked failed and its refund commit together). */
    refundIn,

    balances: currentBalances,

    /**
     * The alternative reading of one-time credit validity (policy.ts ONE_TIME_CREDIT_VALIDITY_DAYS):
     * credits are spent oldest first, so what a user holds beyond what was added in the last
     * `validityDays` days is older than that and expires. Unused while the setting is null.
     */
    async expireOneTimeCredits(validityDays: number): Promise<number> {
      const now = clock.now();
      const since = new Date(now.getTime() - validityDays * DAY_MS).toISOString();
      const day = now.toISOString().slice(0, 10);
      let expired = 0;
      for (const userId of await store.credits.listUserIdsHolding("onetime")) {
        expired += await store.transaction(async (tx) => {
          const user = await lockAccount(tx, userId, now.toISOString());
          const recent = await tx.credits.sumAddedSince(userId, "onetime", since);
          const row = await expireBucket(
            tx,
            user,
            "onetime",
            user.onetime_credits - recent,
            `one-time credits older than ${validityDays} days`,
            `expiry:onetime:${userId}:${day}`,
            now.toISOString(),
          );
          return row ? -row.delta : 0;
        });
      }
      return expired;
    },

    async history(
      userId: number,
      query: TCreditHistoryQuery,
    ): Promise<Omit<TCreditHistoryResponse, "success">> {
      const [rows, total] = await Promise.all([
        store.credits.listPageForUser(userId, query.limit, query.offset),
        store.credits.countForUser(userId),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          bucket: row.bucket,
          delta: row.delta,
          kind: row.kind,
          reason: row.reason,
          balance_after: row.balance_after,
          job_id: row.job_id,
          created_at: row.created_at,
        })),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    listLedger: (userId: number) => store.credits.listForUser(userId),

    ledgerSum: (userId: number, bucket: TCreditBucket) => store.credits.sumForUser(userId, bucket),
  };
}
