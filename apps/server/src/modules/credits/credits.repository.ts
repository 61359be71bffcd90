import { type Kysely, sql } from "kysely";
import type { CreditLedgerRow, DB, TCreditBucket, TLedgerKind } from "../../db/schema.ts";

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
}

export function createCreditsRepository(db: Kysely<DB>) {
  return {
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
