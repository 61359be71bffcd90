import { type Kysely, sql } from "kysely";
import type { CreditLedgerRow, DB, TCreditBucket, TLedgerKind, UserRow } from "../../db/schema.ts";

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;

const BUCKET_COLUMN = {
  subscription: "subscription_credits",
  onetime: "onetime_credits",
  bonus: "bonus_credits",
} as const satisfies Record<TCreditBucket, string>;

export interface NewLedgerEntry {
  user_id: number;
  bucket: TCreditBucket;
  delta: number;
  kind: TLedgerKind;
  reason: string;
  idempotency_key: string;
  balance_after: number;
  created_at: string;
  job_id?: string | null;
}

export function createCreditsRepository(db: Kysely<DB>) {
  return {
    /**
     * Locks the user's row for the rest of the transaction and returns it. A write, not a read, on
     * purpose: on PostgreSQL the UPDATE takes the row lock (like SELECT … FOR UPDATE); on SQLite it
     * takes the write lock at once, so the transaction never has to upgrade a read lock later
     * (the cause of SQLITE_BUSY between processes). Concurrent spends of one user queue here.
     */
    lockUser(userId: number, now: string): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ updated_at: now })
        .where("id", "=", userId)
        .returningAll()
        .executeTakeFirst();
    },

    findByIdempotencyKeys(keys: readonly string[]): Promise<CreditLedgerRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("credit_ledger")
        .selectAll()
        .where("idempotency_key", "in", keys)
        .orderBy("id")
        .execute();
    },

    /** One page of the user's ledger, newest first (My Page credit history). */
    listPageForUser(userId: number, limit: number, offset: number): Promise<CreditLedgerRow[]> {
      return db
        .selectFrom("credit_ledger")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("credit_ledger")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Credits added to a bucket since `since` (one-time credit validity, policy.ts). */
    async sumAddedSince(userId: number, bucket: TCreditBucket, since: string): Promise<number> {
      const row = await db
        .selectFrom("credit_ledger")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("delta"), sql<number>`0`).as("total"))
        .where("user_id", "=", userId)
        .where("bucket", "=", bucket)
        .where("delta", ">", 0)
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async listUserIdsHolding(bucket: TCreditBucket): Promise<number[]> {
      const rows = await db
        .selectFrom("users")
        .select("id")
        .where(sql.ref(BUCKET_COLUMN[bucket]), ">", 0)
        .orderBy("id")
        .execute();
      return rows.map((r) => r.id);
    },

    findByIdempotencyKey(key: string): Promise<CreditLedgerRow | undefined> {
      return db.selectFrom("credit_ledger").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
    },

    /**
     * Adds `delta` to the bucket in one statement, only if the result stays at or above zero,
     * so two concurrent spends can never both pass a stale check. Returns the new bucket
     * balance, or undefined when the user is missing or the bucket would go negative.
     */
    async applyDelta(userId: number, bucket: TCreditBucket, delta: number, now: string) {
      const column = BUCKET_COLUMN[bucket];
      const row = await db
        .updateTable("users")
        .set({ [column]: sql`${sql.ref(column)} + ${delta}`, updated_at: now })
        .where("id", "=", userId)
        .where(sql.ref(column), ">=", -delta)
        .returning(sql<number>`${sql.ref(column)}`.as("balance"))
        .executeTakeFirst();
      return row ? Number(row.balance) : undefined;
    },

    insertEntry(entry: NewLedgerEntry): Promise<CreditLedgerRow> {
      return db.insertInto("credit_ledger").values(entry).returningAll().executeTakeFirstOrThrow();
    },

    listForUser(userId: number): Promise<CreditLedgerRow[]> {
      return db.selectFrom("credit_ledger").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    },

    async sumForUser(userId: number, bucket: TCreditBucket): Promise<number> {
      const row = await db
        .selectFrom("credit_ledger")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("delta"), sql<number>`0`).as("total"))
        .where("user_id", "=", userId)
        .where("bucket", "=", bucket)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
