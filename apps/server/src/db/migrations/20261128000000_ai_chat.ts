/**
 * The prompt chat and the prompt helpers (issue 14, spec 02 §3 "Chat thread / message"):
 * - chat_threads: a person's conversations, newest activity first; titled from the first message
 * - chat_messages: their turns; an image is a private upload key (purged with the tool uploads
 *   after 30 days), a reply that failed keeps its code, and `charge_key` is the ledger key of a
 *   charged message (refunded once under `refund:<key>`)
 * - banned_keywords: the server's list of spec 02 §5 (GET /api/auth/banned-keywords), seeded with
 *   the spec's fallback list; the administrator edits it
 * - credit_uses: POST /api/credit/use payments waiting for the rewrite they pay for
 */
import type { Kysely } from "kysely";
import { addIdColumn, type DialectMigration } from "./migration-helpers.ts";

const SEED_KEYWORDS = ["nude", "breast", "hot body", "sexy", "bikini"];

export const aiChatMigration: DialectMigration = {
  async up(db: Kysely<unknown>, ctx) {
    await db.schema
      .createTable("chat_threads")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      /** chat: a /chat conversation; rewrite: the prompt rewrites of a tool's edit tab (not listed in /chat). */
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("chat_threads_user_updated_idx")
      .on("chat_threads")
      .columns(["user_id", "kind", "updated_at", "id"])
      .execute();

    await addIdColumn(db.schema.createTable("chat_messages"), ctx)
      .addColumn("thread_id", "text", (c) => c.notNull().references("chat_threads.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("image_key", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("error_code", "text")
      .addColumn("charge_key", "text")
      .addColumn("input_tokens", "integer")
      .addColumn("output_tokens", "integer")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("chat_messages_thread_idx")
      .on("chat_messages")
      .columns(["thread_id", "id"])
      .execute();

    await db.schema
      .createTable("banned_keywords")
      .addColumn("keyword", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    const now = new Date().toISOString();
    await (db as Kysely<{ banned_keywords: { keyword: string; created_at: string } }>)
      .insertInto("banned_keywords")
      .values(SEED_KEYWORDS.map((keyword) => ({ keyword, created_at: now })))
      .execute();

    await db.schema
      .createTable("credit_uses")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("spend_key", "text", (c) => c.notNull())
      /** What used it (rewrite:<id>); null while it waits. */
      .addColumn("used_by", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("credit_uses_user_idx")
      .on("credit_uses")
      .columns(["user_id", "used_by", "created_at"])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("credit_uses").execute();
    await db.schema.dropTable("banned_keywords").execute();
    await db.schema.dropTable("chat_messages").execute();
    await db.schema.dropTable("chat_threads").execute();
  },
};
