/**
 * Issue 29, history at twice the requests/s: one revision number per user that moves with every
 * write to that user's history rows, kept by the database itself (a trigger on `images`), so the
 * history page's kept answer (modules/images/image-history.ts) is checked with one primary-key
 * read instead of re-reading the page's rows. A trigger catches every writer, whichever process or
 * module, and moves the number in the same transaction as the write. No foreign key: a row whose
 * user was purged is harmless, and a cascade from `users` must not be refused by it.
 */
import { type Kysely, sql } from "kysely";
import type { DialectMigration } from "./migration-helpers.ts";

const EVENTS = ["insert", "update", "delete"] as const;

export const historyRevisionsMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await db.schema
      .createTable("history_revisions")
      .addColumn("user_id", "integer", (c) => c.primaryKey())
      .addColumn("rev", "integer", (c) => c.notNull())
      .execute();
    if (ctx.dialect === "sqlite") {
      for (const event of EVENTS) {
        const row = event === "delete" ? "old" : "new";
        await sql
          .raw(
            `create trigger images_history_revision_${event} after ${event} on images begin
               insert into history_revisions (user_id, rev) values (${row}.user_id, 1)
                 on conflict (user_id) do update set rev = rev + 1;
             end`,
          )
          .execute(db);
      }
    } else {
      await sql
        .raw(
          `create function images_history_revision() returns trigger language plpgsql as $$
           declare uid integer;
           begin
             if tg_op = 'DELETE' then uid := old.user_id; else uid := new.user_id; end if;
             insert into history_revisions (user_id, rev) values (uid, 1)
               on conflict (user_id) do update set rev = history_revisions.rev + 1;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger images_history_revision after insert or update or delete on images
           for each row execute function images_history_revision()`,
        )
        .execute(db);
    }
  },

  async down(db: Kysely<unknown>, ctx) {
    if (ctx.dialect === "sqlite") {
      for (const event of EVENTS) await sql.raw(`drop trigger images_history_revision_${event}`).execute(db);
    } else {
      await sql.raw("drop trigger images_history_revision on images").execute(db);
      await sql.raw("drop function images_history_revision()").execute(db);
    }
    await db.schema.dropTable("history_revisions").execute();
  },
};
