/** SQL of the image history (spec 02 §3) and of tool uploads. */
import { CompiledQuery, type Kysely } from "kysely";
import type { DB, ImageRow, UploadRow } from "../../db/schema.ts";

export type ImagesRepository = ReturnType<typeof createImagesRepository>;

export interface NewImage {
  user_id: number;
  job_id: string | null;
  source: string;
  original_image_url: string | null;
  prompt: string | null;
  seed: number | null;
  created_at: string;
}

export interface HistoryFilter {
  source?: string | undefined;
  q?: string | undefined;
  /** Only rows of this status (image edit's history asks for completed runs). */
  status?: "completed" | "processing" | "failed" | undefined;
  limit: number;
  offset: number;
}

/** `q` as a LIKE pattern matching it anywhere, its own %, _ and backslash taken literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createImagesRepository(db: Kysely<DB>) {
  /** A user's history page (limit + 1 rows, to tell whether there is more), newest first. */
  function historyQuery(userId: number, filter: HistoryFilter) {
    let query = db.selectFrom("images").where("user_id", "=", userId);
    if (filter.source) query = query.where("source", "=", filter.source);
    if (filter.status) query = query.where("status", "=", filter.status);
    if (filter.q) {
      const pattern = likePattern(filter.q);
      query = query.where((eb) => eb("prompt", "like", eb.val(pattern)));
    }
    return query
      .orderBy("id", "desc")
      .limit(filter.limit + 1)
      .offset(filter.offset);
  }

  /** historyRevision's SQL, compiled once (the dialect's placeholder) and run with each user id. */
  const revisionSql = db.selectFrom("history_revisions").select("rev").where("user_id", "=", 0).compile().sql;

  return {
    insertImage(image: NewImage): Promise<ImageRow> {
      return db
        .insertInto("images")
        .values({ ...image, status: "processing", updated_at: image.created_at })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findImageByJobId(jobId: string): Promise<ImageRow | undefined> {
      return db.selectFrom("images").selectAll().where("job_id", "=", jobId).executeTakeFirst();
    },

    /** A job's row done: its 1–4 images (the first is image_url) and the provider's task id. */
    async completeImage(
      jobId: string,
      result: { imageKeys: readonly string[]; thumbnailKey: string | null; providerTaskId: string | null },
      now: string,
    ) {
      await db
        .updateTable("images")
        .set({
          image_url: result.imageKeys[0] ?? null,
          thumbnail_url: result.thumbnailKey,
          all_image_urls: JSON.stringify(result.imageKeys),
          provider_task_id: result.providerTaskId,
          status: "completed",
          updated_at: now,
        })
        .where("job_id", "=", jobId)
        .execute();
    },

    async failImage(jobId: string, now: string) {
      await db
        .updateTable("images")
        .set({ status: "failed", updated_at: now })
        .where("job_id", "=", jobId)
        .execute();
    },

    /** One page newest first, one row more than asked so the caller knows whether more exist. */
    listHistory(userId: number, filter: HistoryFilter): Promise<ImageRow[]> {
      return historyQuery(userId, filter).selectAll().execute();
    },

    /**
     * A number that moves with every write to this user's history rows, from any process or
     * module: a trigger on `images` keeps it in the same transaction as the write (migration
     * 20261203000000_history_revisions). image-history.ts hands a page's kept answer out again
     * while it is unchanged; one primary-key read, where re-reading the page's rows cost 40 % of a
     * history request's CPU (bench:api profile, issue 29).
     */
    async historyRevision(userId: number): Promise<number> {
      const { rows } = await db.executeQuery<{ rev: number }>(CompiledQuery.raw(revisionSql, [userId]));
      return rows[0]?.rev ?? 0;
    },

    /** Whether `key` is one of this user's images (result, original or thumbnail). */
    async isUsersImageKey(userId: number, key: string): Promise<boolean> {
      const row = await db
        .selectFrom("images")
        .select("id")
        .where("user_id", "=", userId)
        .where((eb) =>
          eb.or([
            eb("image_url", "=", key),
            eb("original_image_url", "=", key),
            eb("thumbnail_url", "=", key),
            // The second to fourth image of a multi-image job are only in its JSON list (a % or _
            // in a key would only widen the match among this user's own rows).
            eb("all_image_urls", "like", eb.val(`%${JSON.stringify(key)}%`)),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    insertUpload(upload: Omit<UploadRow, "overlay_key" | "faces_found">): Promise<UploadRow> {
      return db
        .insertInto("uploads")
        .values({ ...upload, overlay_key: null, faces_found: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findUpload(key: string): Promise<UploadRow | undefined> {
      return db.selectFrom("uploads").selectAll().where("key", "=", key).executeTakeFirst();
    },

    /** `pngLength`: the stored file's new length when confirming rewrote it as a PNG (a mask). */
    async markUploadReady(key: string, size: { width: number; height: number; pngLength?: number }) {
      await db
        .updateTable("uploads")
        .set({
          status: "ready",
          width: size.width,
          height: size.height,
          ...(size.pngLength === undefined ? {} : { size: size.pngLength, mime: "image/png" }),
        })
        .where("key", "=", key)
        .execute();
    },

    async deleteUpload(key: string) {
      await db.deleteFrom("uploads").where("key", "=", key).execute();
    },

    /**
     * Tool uploads (keys under `prefix`) made before `cutoff` whose last use by a job was before it
     * too: what the privacy policy's upload retention lets go. Oldest first, at most `limit`.
     */
    listExpiredUploads(
      prefix: string,
      cutoff: string,
      limit: number,
    ): Promise<Array<Pick<UploadRow, "key" | "overlay_key">>> {
      return db
        .selectFrom("uploads")
        .select(["key", "overlay_key"])
        .where("key", "like", `${prefix}%`)
        .where("created_at", "<", cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("images")
                .select("images.id")
                .whereRef("images.original_image_url", "=", "uploads.key")
                .where("images.created_at", ">=", cutoff),
            ),
          ),
        )
        .orderBy("created_at")
        .limit(limit)
        .execute();
    },

    /** History items keep their result; the original they were made from is gone. */
    async forgetOriginal(key: string) {
      await db
        .updateTable("images")
        .set({ original_image_url: null })
        .where("original_image_url", "=", key)
        .execute();
    },

    async setOverlay(key: string, overlayKey: string, facesFound: number) {
      await db
        .updateTable("uploads")
        .set({ overlay_key: overlayKey, faces_found: facesFound })
        .where("key", "=", key)
        .execute();
    },
  };
}
