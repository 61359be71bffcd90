/**
 * Failed password sign-ins per account (issue 11: a per-account login limit that holds across
 * API processes). One row per throttle key: the e-mail's sha256 for strangers' attempts, that plus
 * a device id for a browser that signed in to the account before (auth/login-throttle.service.ts).
 * Unknown e-mails get rows too, so the limit answers the same whether or not an account exists.
 */
import type { Kysely } from "kysely";
import type { DialectMigration } from "./migration-helpers.ts";

export const loginFailuresMigration: DialectMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("login_failures")
      .addColumn("key", "text", (c) => c.primaryKey())
      /** The account the e-mail belonged to at the last failure; null when none. Clears go by it. */
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("last_failed_at", "text", (c) => c.notNull())
      /** No password is checked for this key before then (ISO-8601 UTC); null under the free tries. */
      .addColumn("blocked_until", "text")
      .execute();
    await db.schema
      .createIndex("login_failures_user_id_idx")
      .on("login_failures")
      .column("user_id")
      .execute();
    await db.schema
      .createIndex("login_failures_last_failed_at_idx")
      .on("login_failures")
      .column("last_failed_at")
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("login_failures").execute();
  },
};
