/**
 * Chat threads and messages, the banned-keyword list and waiting credit uses (migration
 * 20261128000000_ai_chat). Rows only; the service decides who may see what.
 */
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { ChatMessageRow, ChatMessagesTable, ChatThreadRow, CreditUseRow, DB } from "../../db/schema.ts";

/** Every picture key of a message: image_keys (issue 27), else the one image_key of older rows. */
export function imageKeysOf(row: Pick<ChatMessageRow, "image_key" | "image_keys">): string[] {
  if (row.image_keys) {
    try {
      const keys = JSON.parse(row.image_keys) as unknown;
      if (Array.isArray(keys)) return keys.filter((key): key is string => typeof key === "string");
    } catch {
      // falls back to image_key
    }
  }
  return row.image_key ? [row.image_key] : [];
}

/** A LIKE pattern that matches `text` anywhere, its own % and _ taken literally (escape \\). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

    /** Newest activity first; after `cursor` when given; only those holding `search` when given. */
    listThreads(
      userId: number,
      kind: ChatThreadRow["kind"],
      limit: number,
      cursor: ThreadCursor | undefined,
      search?: string,
    ): Promise<ChatThreadRow[]> {
      let query = db
        .selectFrom("chat_threads")
        .selectAll()
        .where("user_id", "=", userId)
        .where("kind", "=", kind);
      if (search) {
        const pattern = containsPattern(search);
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(${sql.ref("chat_threads.title")}) like ${pattern} escape '\\'`,
            eb.exists(
              eb
                .selectFrom("chat_messages")
                .select(sql`1`.as("one"))
                .whereRef("chat_messages.thread_id", "=", "chat_threads.id")
                .where(sql<boolean>`lower(${sql.ref("chat_messages.text")}) like ${pattern} escape '\\'`),
            ),
          ]),
        );
      }
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

    async renameThread(id: string, title: string): Promise<void> {
      await db.updateTable("chat_threads").set({ title }).where("id", "=", id).execute();
    },

    findMessage(id: number): Promise<ChatMessageRow | undefined> {
      return db.selectFrom("chat_messages").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The newest message of a thread. */
    findLastMessage(threadId: string): Promise<ChatMessageRow | undefined> {
      return db
        .selectFrom("chat_messages")
        .selectAll()
        .where("thread_id", "=", threadId)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
    },

    findMessageByChargeKey(chargeKey: string): Promise<ChatMessageRow | undefined> {
      return db
        .selectFrom("chat_messages")
        .selectAll()
        .where("charge_key", "=", chargeKey)
        .executeTakeFirst();
    },

    /** The thread's messages from `fromId` on, oldest first (what an edit or regenerate replaces). */
    listMessagesFrom(threadId: string, fromId: number): Promise<ChatMessageRow[]> {
      return db
        .selectFrom("chat_messages")
        .selectAll()
        .where("thread_id", "=", threadId)
        .where("id", ">=", fromId)
        .orderBy("id")
        .execute();
    },

    /** The newest `limit` messages of a thread before `beforeId`, oldest first. */
    async listMessagesBefore(threadId: string, beforeId: number, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .selectFrom("chat_messages")
        .selectAll()
        .where("thread_id", "=", threadId)
        .where("id", "<", beforeId)
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    async deleteMessages(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom("chat_messages").where("id", "in", ids).execute();
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
        .select(["image_key", "image_keys"])
        .where("thread_id", "=", threadId)
        .where("image_key", "is not", null)
        .execute();
      return rows.flatMap(imageKeysOf);
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

    /** The oldest waiting rewrite payment of at least `amount` made since `since`. */
    findWaitingCreditUse(userId: number, amount: number, since: string): Promise<CreditUseRow | undefined> {
      return db
        .selectFrom("credit_uses")
        .selectAll()
        .where("user_id", "=", userId)
        .where("used_by", "is", null)
        .where("settled", "is", null)
        .where((eb) => eb.or([eb("purpose", "is", null), eb("purpose", "=", "rewrite")]))
        .where("amount", ">=", amount)
        .where("created_at", ">=", since)
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst();
    },

    /** Claims a waiting payment; false when another request claimed it first (or it was settled). */
    async claimCreditUse(id: string, usedBy: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("credit_uses")
        .set({ used_by: usedBy, claimed_at: now })
        .where("id", "=", id)
        .where("used_by", "is", null)
        .where("settled", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Settles a hold once: false when it was settled before (by its call or by the sweep). */
    async settleCreditUse(id: string, outcome: "done" | "refunded", now: string): Promise<boolean> {
      const result = await db
        .updateTable("credit_uses")
        .set({ settled: outcome, settled_at: now })
        .where("id", "=", id)
        .where("settled", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Holds nobody settled: payments ahead that waited since before `waitingBefore`, and holds a
     * call claimed before `claimedBefore` (its process died, or it never came back).
     */
    listAbandonedCreditUses(
      waitingBefore: string,
      claimedBefore: string,
      limit: number,
    ): Promise<CreditUseRow[]> {
      return db
        .selectFrom("credit_uses")
        .selectAll()
        .where("settled", "is", null)
        .where((eb) =>
          eb.or([
            eb.and([eb("used_by", "is", null), eb("created_at", "<", waitingBefore)]),
            eb.and([
              eb("used_by", "is not", null),
              eb.or([
                eb("claimed_at", "<", claimedBefore),
                // Rows claimed before issue 27 have no claimed_at.
                eb.and([eb("claimed_at", "is", null), eb("created_at", "<", claimedBefore)]),
              ]),
            ]),
          ]),
        )
        .orderBy("created_at")
        .limit(limit)
        .execute();
    },

    /** How many holds are not settled (the crash tests count them). */
    async countUnsettledCreditUses(): Promise<number> {
      const row = await db
        .selectFrom("credit_uses")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("settled", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
