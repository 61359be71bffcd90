/** What the metrics read from the database at scrape time (the same for every process). */
import { type Kysely, sql } from "kysely";
import type { DB, TLedgerKind } from "../../db/schema.ts";

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;

export function createMetricsRepository(db: Kysely<DB>) {
  return {
    /** Jobs waiting and running, per tool, with the oldest waiting job's creation time. */
    async openJobsByTool(): Promise<
      Array<{ tool: string; status: "queued" | "processing"; count: number; oldest: string | null }>
    > {
      const rows = await db
        .selectFrom("jobs")
        .select(["tool", "status"])
        .select((eb) => [eb.fn.countAll<string | number>().as("count"), eb.fn.min("created_at").as("oldest")])
        .where("status", "in", ["queued", "processing"])
        .groupBy(["tool", "status"])
        .execute();
      return rows.map((row) => ({
        tool: row.tool,
        status: row.status as "queued" | "processing",
        count: Number(row.count),
        oldest: row.oldest ?? null,
      }));
    },

    /** Credits moved by each kind of ledger line since the start (absolute amounts). */
    async ledgerTotals(): Promise<Array<{ kind: TLedgerKind; total: number }>> {
      const rows = await db
        .selectFrom("credit_ledger")
        .select("kind")
        .select(sql<string | number>`coalesce(sum(abs(delta)), 0)`.as("total"))
        .groupBy("kind")
        .execute();
      return rows.map((row) => ({ kind: row.kind, total: Number(row.total) }));
    },
  };
}
