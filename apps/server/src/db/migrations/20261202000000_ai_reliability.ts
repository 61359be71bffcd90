/**
 * Issue 27, prompt helpers and chat you can rely on:
 * - credit_uses becomes the hold of every charge a prompt helper or chat message makes: `purpose`
 *   (rewrite, chat, auto-prompt), `claimed_at` (when the call it pays for took it), `settled`
 *   (done: the call delivered; refunded: given back) and `settled_at`. A hold that is never
 *   settled is refunded by the sweep (cron "refund-abandoned-credit-holds"), so a crash midway
 *   loses nothing.
 * - chat_messages.image_keys: every picture of a message (a JSON list; image_key stays the first).
 * - banned_keywords: the Korean words and the further English ones of the default list, added
 *   to a list that does not hold them yet (the administrator's edits stay).
 */
import { DEFAULT_BANNED_KEYWORDS } from "@gyeol/shared/moderation";
import type { Kysely } from "kysely";
import type { DialectMigration } from "./migration-helpers.ts";

export const aiReliabilityMigration: DialectMigration = {
  async up(db: Kysely<unknown>) {
    for (const column of ["purpose", "claimed_at", "settled", "settled_at"])
      await db.schema.alterTable("credit_uses").addColumn(column, "text").execute();
    await db.schema
      .createIndex("credit_uses_unsettled_idx")
      .on("credit_uses")
      .columns(["settled", "created_at"])
      .execute();
    await db.schema.alterTable("chat_messages").addColumn("image_keys", "text").execute();
    const now = new Date().toISOString();
    await (db as Kysely<{ banned_keywords: { keyword: string; created_at: string } }>)
      .insertInto("banned_keywords")
      .values(DEFAULT_BANNED_KEYWORDS.map((keyword) => ({ keyword, created_at: now })))
      .onConflict((oc) => oc.column("keyword").doNothing())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("chat_messages").dropColumn("image_keys").execute();
    await db.schema.dropIndex("credit_uses_unsettled_idx").execute();
    for (const column of ["settled_at", "settled", "claimed_at", "purpose"])
      await db.schema.alterTable("credit_uses").dropColumn(column).execute();
  },
};
