/**
 * Chat threads and messages, the banned-keyword list and waiting credit uses (migration
 * 20261128000000_ai_chat). Rows only; the service decides who may see what.
 */
import type { Insertable, Kysely, Updateable } from "kysely";
import type { ChatMessageRow, ChatMessagesTable, ChatThreadRow, CreditUseRow, DB } from "../../db/schema.ts";

export interface ThreadCursor {
  updatedAt: string;
  id: string;
}

export type AiRepository = ReturnType<typeof createAiRepository>;

export function createAiRepository(db: Kysely<DB>) {
  return {
    async insertThread(row: ChatThreadRow): Promise<void> {
      await db.insertInto("chat_threads").values(row).execute();
    },

    findThread(id: string): Promise<ChatThreadRow | undefined> {
      return db.selectFrom("chat_threads").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Newest activity first; after `cursor` when given. */
    listThreads(
      userId: number,
      kind: ChatThreadRow["kind"],
      limit: number,
      cursor: ThreadCursor | undefined,
    ): Promise<ChatThreadRow[]> {
      let query = db
        .selectFrom("chat_threads")
        .selectAll()
        .where("user_id", "=", userId)
        .where("kind", "=", kind);
      if (cursor) {
        query = query.where((eb) =>
          eb.or([
            eb("updated_at", "<", cursor.updatedAt),
            eb.and([eb("updated_at", "=", cursor.updatedAt), eb("id", "<", cursor.id)]),
          ]),
        );
      }
      return query.orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },

    async touchThread(id: string, updatedAt: string): Promise<void> {
      await db.updateTable("chat_threads").set({ updated_at: updatedAt }).where("id", "=", id).execute();
    },

    async deleteThread(id: string): Promise<void> {
      await db.deleteFrom("chat_messages").where("thread_id", "=", id).execute();
      await db.deleteFrom("chat_threads").where("id", "=", id).execute();
    },

    async insertMessage(row: Insertable<ChatMessagesTable>): Promise<ChatMessageRow> {
      return db.insertInto("chat_messages").values(row).returningAll().executeTakeFirstOrThrow();
    },

    async updateMessage(id: number, patch: Updateable<ChatMessagesTable>): Promise<ChatMessageRow> {
      return db
        .updateTable("chat_messages")
        .set(patch)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The newest `limit` messages of a thread, oldest first. */
    async listMessages(threadId: string, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .selectFrom("chat_messages")
        .selectAll()
        .where("thread_id", "=", threadId)
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    async listImageKeys(threadId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("chat_messages")
        .select("image_key")
        .where("thread_id", "=", threadId)
        .where("image_key", "is not", null)
        .execute();
      return rows.map((row) => row.image_key as string);
    },

    async listBannedKeywords(): Promise<string[]> {
      const rows = await db.selectFrom("banned_keywords").select("keyword").orderBy("keyword").execute();
      return rows.map((row) => row.keyword);
    },

    async replaceBannedKeywords(keywords: readonly string[], now: string): Promise<void> {
      await db.deleteFrom("banned_keywords").execute();
      if (keywords.length === 0) return;
      await db
        .insertInto("banned_keywords")
        .values(keywords.map((keyword) => ({ keyword, created_at: now })))
        .execute();
    },

    async insertCreditUse(row: CreditUseRow): Promise<void> {
      await db.insertInto("credit_uses").values(row).execute();
    },

    /** The oldest waiting payment of at least `amount` made since `since`. */
    findWaitingCreditUse(userId: number, amount: number, since: string): Promise<CreditUseRow | undefined> {
      return db
        .selectFrom("credit_uses")
        .selectAll()
        .where("user_id", "=", userId)
        .where("used_by", "is", null)
        .where("amount", ">=", amount)
        .where("created_at", ">=", since)
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst();
    },

    /** Claims a waiting payment; false when another request claimed it first. */
    async claimCreditUse(id: string, usedBy: string): Promise<boolean> {
      const result = await db
        .updateTable("credit_uses")
        .set({ used_by: usedBy })
        .where("id", "=", id)
        .where("used_by", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
