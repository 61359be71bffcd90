/**
 * Accounts (issue 7): social sign-in identities, the age confirmation of the terms (spec 01 §5),
 * the deletion undo window (spec 01 §4), password-reset tokens and the demo user (spec README).
 */
import { type Kysely, sql } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

export const accountsMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable("users").addColumn("age_confirmed_at", "text").execute();
    await db.schema.alterTable("users").addColumn("deletion_requested_at", "text").execute();
    await db.schema.alterTable("users").addColumn("deleted_at", "text").execute();
    await db.schema
      .alterTable("users")
      .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_demo in (0, 1)`))
      .execute();
    await db.schema
      .createIndex("users_deletion_requested_at_idx")
      .on("users")
      .column("deletion_requested_at")
      .execute();

    await addIdColumn(db.schema.createTable("user_identities"), ctx)
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('google', 'naver', 'kakao')`))
      // The provider's own stable id of the person (Google sub, Naver id, Kakao id).
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text", (c) => c.notNull())
      .addUniqueConstraint("user_identities_provider_subject_key", ["provider", "subject"])
      .execute();
    await db.schema
      .createIndex("user_identities_user_id_idx")
      .on("user_identities")
      .column("user_id")
      .execute();

    await db.schema
      .createTable("password_reset_tokens")
      // sha256 hex of the token in the e-mailed link: a leaked table gives no working links.
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema
      .createIndex("password_reset_tokens_user_id_idx")
      .on("password_reset_tokens")
      .column("user_id")
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("password_reset_tokens").execute();
    await db.schema.dropTable("user_identities").execute();
    await db.schema.dropIndex("users_deletion_requested_at_idx").execute();
    for (const column of ["is_demo", "deleted_at", "deletion_requested_at", "age_confirmed_at"]) {
      await db.schema.alterTable("users").dropColumn(column).execute();
    }
  },
};
