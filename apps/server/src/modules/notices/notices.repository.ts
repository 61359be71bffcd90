import type { Kysely } from "kysely";
import type { DB, NoticeFileRow } from "../../db/schema.ts";

export interface NoticeRecord {
  id: number;
  title: string;
  content: string;
  pinned: number;
  author_name: string | null;
  created_at: string;
  updated_at: string;
}

export type NoticeListRecord = Omit<NoticeRecord, "content" | "updated_at">;

export interface NewNoticeFile {
  file_name: string;
  storage_key: string;
  content_type: string;
  size: number;
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;

export function createNoticesRepository(db: Kysely<DB>) {
  const withAuthor = () => db.selectFrom("notices").leftJoin("users", "users.id", "notices.author_id");

  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Pinned first, then newest first (spec 01 §2 Notice list). */
    listPage(offset: number, limit: number): Promise<NoticeListRecord[]> {
      return withAuthor()
        .select([
          "notices.id",
          "notices.title",
          "notices.pinned",
          "users.name as author_name",
          "notices.created_at",
        ])
        .orderBy("notices.pinned", "desc")
        .orderBy("notices.created_at", "desc")
        .orderBy("notices.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    findById(id: number): Promise<NoticeRecord | undefined> {
      return withAuthor()
        .select([
          "notices.id",
          "notices.title",
          "notices.content",
          "notices.pinned",
          "users.name as author_name",
          "notices.created_at",
          "notices.updated_at",
        ])
        .where("notices.id", "=", id)
        .executeTakeFirst();
    },

    async insert(notice: {
      title: string;
      content: string;
      pinned: number;
      author_id: number;
      created_at: string;
    }): Promise<number> {
      const row = await db
        .insertInto("notices")
        .values({ ...notice, updated_at: notice.created_at })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      id: number,
      changes: { title: string; content: string; pinned: number; updated_at: string },
    ): Promise<boolean> {
      const result = await db.updateTable("notices").set(changes).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom("notices").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertFiles(noticeId: number, files: NewNoticeFile[], createdAt: string): Promise<void> {
      if (files.length === 0) return;
      await db
        .insertInto("notice_files")
        .values(files.map((file) => ({ ...file, notice_id: noticeId, created_at: createdAt })))
        .execute();
    },

    listFiles(noticeId: number): Promise<NoticeFileRow[]> {
      return db
        .selectFrom("notice_files")
        .selectAll()
        .where("notice_id", "=", noticeId)
        .orderBy("id", "asc")
        .execute();
    },

    /**
     * How many notices other than `exceptId` mention a storage key in their body (an inline image
     * pasted into two notices). Keys are [a-z0-9/.-] only, so they need no LIKE escaping.
     */
    async countOtherNoticesMentioning(storageKey: string, exceptId: number): Promise<number> {
      if (!/^[a-z0-9/.-]+$/.test(storageKey)) throw new Error("not a storage key");
      const row = await db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("id", "!=", exceptId)
        .where("content", "like", `%${storageKey}%`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
