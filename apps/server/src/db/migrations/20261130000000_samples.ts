/**
 * Tool samples (spec 02 §2.3, §3 "Consistency sample" / "Image-edit sample"): one table for every
 * tool's sample column, keyed by `tool` (design TOOLS "samples"). The prompt and the figures the
 * page applies are columns; the tool's other fields are JSON in `payload`. Images are public
 * copies (everyone sees the samples): `ref_key`, `result_keys` (JSON list) and `thumbnail_key`.
 */
import type { Kysely } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

export const samplesMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await addIdColumn(db.schema.createTable("samples"), ctx)
      .addColumn("tool", "text", (c) => c.notNull())
      .addColumn("prompt", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("ref_key", "text")
      .addColumn("result_keys", "text", (c) => c.notNull())
      .addColumn("thumbnail_key", "text")
      .addColumn("display_order", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("samples_tool_order_idx")
      .on("samples")
      .columns(["tool", "display_order", "id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("samples").execute();
  },
};
