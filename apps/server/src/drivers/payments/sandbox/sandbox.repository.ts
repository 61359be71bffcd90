/** Provider-side state of the sandbox payment driver (its own tables, see the billing migration). */
import type { Kysely } from "kysely";
import type { DB, SandboxCheckoutRow, SandboxSubscriptionRow } from "../../../db/schema.ts";

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;

export function createSandboxRepository(db: Kysely<DB>) {
  return {
    async insertCheckout(row: { id: string; user_id: number; price_id: string; created_at: string }) {
      await db
        .insertInto("sandbox_checkouts")
        .values({ ...row, status: "open", transaction_id: null, completed_at: null })
        .execute();
    },

    findCheckout(id: string): Promise<SandboxCheckoutRow | undefined> {
      return db.selectFrom("sandbox_checkouts").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async markCheckoutCompleted(id: string, transactionId: string, now: string) {
      await db
        .updateTable("sandbox_checkouts")
        .set({ status: "completed", transaction_id: transactionId, completed_at: now })
        .where("id", "=", id)
        .where("status", "=", "open")
        .execute();
    },

    findUserEmail(userId: number) {
      return db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
    },

    async insertSubscriptionIfMissing(row: SandboxSubscriptionRow) {
      await db
        .insertInto("sandbox_subscriptions")
        .values(row)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    },

    findSubscription(id: string): Promise<SandboxSubscriptionRow | undefined> {
      return db.selectFrom("sandbox_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    updateSubscription(
      id: string,
      changes: Partial<Omit<SandboxSubscriptionRow, "id" | "user_id" | "created_at">>,
      expectedPeriodEnd?: string,
    ) {
      let query = db.updateTable("sandbox_subscriptions").set(changes).where("id", "=", id);
      // Two cron processes advancing one subscription: only the first moves the period.
      if (expectedPeriodEnd !== undefined) query = query.where("current_period_end", "=", expectedPeriodEnd);
      return query.returningAll().executeTakeFirst();
    },

    listDue(now: string): Promise<SandboxSubscriptionRow[]> {
      return db
        .selectFrom("sandbox_subscriptions")
        .selectAll()
        .where("status", "in", ["active", "trialing", "past_due"])
        .where("current_period_end", "<=", now)
        .orderBy("current_period_end")
        .execute();
    },
  };
}
