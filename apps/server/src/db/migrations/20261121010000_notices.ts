/**
 * The notice board (spec 01 §3 Notice): notices and their attachments. An attachment row only
 * points at a storage key; the uploaded name is kept for display and never used as a path.
 */
import { type Kysely, sql } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

export const noticesMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await addIdColumn(db.schema.createTable("notices"), ctx)
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0).check(sql`pinned in (0, 1)`))
      // The author may be deleted later; the board then shows its fallback name (spec 01 §2).
      .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("notices_list_idx")
      .on("notices")
      .columns(["pinned desc", "created_at desc", "id desc"])
      .execute();

    await addIdColumn(db.schema.createTable("notice_files"), ctx)
      .addColumn("notice_id", "integer", (c) => c.notNull().references("notices.id").onDelete("cascade"))
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("storage_key", "text", (c) => c.notNull().unique())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("notice_files_notice_id_idx")
      .on("notice_files")
      .column("notice_id")
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("notice_files").execute();
    await db.schema.dropTable("notices").execute();
  },
};
