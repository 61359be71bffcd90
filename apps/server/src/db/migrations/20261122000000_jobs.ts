/**
 * Durable jobs and the image history (ARCHITECTURE "Jobs are durable"; spec 02 §3 History image
 * item). A job is a row first and a queue message second. Image columns hold storage KEYS; the
 * service turns them into URLs (signed, or rewritten to the CDN) when it answers.
 */
import type { Kysely } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

export const jobsMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await db.schema
      .createTable("jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("tool", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("input", "text", (c) => c.notNull())
      .addColumn("output", "text")
      .addColumn("error_code", "text")
      .addColumn("error_message", "text")
      .addColumn("cost", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("provider_job_id", "text")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("started_at", "text")
      .addColumn("finished_at", "text")
      .addColumn("heartbeat_at", "text")
      .execute();
    await db.schema.createIndex("jobs_status_idx").on("jobs").columns(["status", "created_at"]).execute();
    await db.schema.createIndex("jobs_user_status_idx").on("jobs").columns(["user_id", "status"]).execute();

    await addIdColumn(db.schema.createTable("images"), ctx)
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("job_id", "text", (c) => c.unique())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("image_url", "text")
      .addColumn("original_image_url", "text")
      .addColumn("thumbnail_url", "text")
      .addColumn("prompt", "text")
      .addColumn("seed", "integer")
      .addColumn("kling_task_id", "text")
      .addColumn("seedream_task_id", "text")
      .addColumn("all_image_urls", "text")
      .addColumn("runpod_job_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("images_user_source_idx")
      .on("images")
      .columns(["user_id", "source", "id"])
      .execute();

    // Tool uploads: who owns a key, its checked size, and for presigned uploads what was promised.
    await db.schema
      .createTable("uploads")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("mime", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("checksum_sha256", "text")
      .addColumn("width", "integer")
      .addColumn("height", "integer")
      .addColumn("overlay_key", "text")
      .addColumn("faces_found", "integer")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("uploads_user_idx").on("uploads").column("user_id").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("uploads").execute();
    await db.schema.dropTable("images").execute();
    await db.schema.dropTable("jobs").execute();
  },
};
