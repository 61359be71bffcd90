import type { Insertable, Kysely } from "kysely";
import type { DB, PaymentSubscriptionRow, PaymentSubscriptionsTable, UserUpdate } from "../../db/schema.ts";

export type BillingRepository = ReturnType<typeof createBillingRepository>;

/** The users' columns the billing module owns (spec 01 §3 User). */
export type UserBillingFields = Pick<
  UserUpdate,
  | "plan"
  | "cancelled_at"
  | "subscription_end_date"
  | "next_renewal_date"
  | "subscription_id"
  | "payment_customer_id"
>;

export function createBillingRepository(db: Kysely<DB>) {
  return {
    /** Records an event id; false when it was processed before (the row exists). */
    async recordEvent(event: {
      event_id: string;
      event_type: string;
      occurred_at: string;
      processed_at: string;
    }) {
      const inserted = await db
        .insertInto("payment_events")
        .values(event)
        .onConflict((oc) => oc.column("event_id").doNothing())
        .returning("event_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async hasEvent(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom("payment_events")
        .select("event_id")
        .where("event_id", "=", eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findSubscription(id: string): Promise<PaymentSubscriptionRow | undefined> {
      return db.selectFrom("payment_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async upsertSubscription(row: Insertable<PaymentSubscriptionsTable>): Promise<PaymentSubscriptionRow> {
      const { id, created_at, ...changes } = row;
      return db
        .insertInto("payment_subscriptions")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet(changes))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findUserIdByCustomer(customerId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom("users")
        .select("id")
        .where("payment_customer_id", "=", customerId)
        .executeTakeFirst();
      return row?.id;
    },

    async updateUserBilling(userId: number, fields: UserBillingFields, now: string): Promise<void> {
      await db
        .updateTable("users")
        .set({ ...fields, updated_at: now })
        .where("id", "=", userId)
        .execute();
    },
  };
}
