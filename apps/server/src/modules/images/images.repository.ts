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

/**
 * The parameters of historyQuery's SQL, in the order Kysely compiles them: user, then each filter
 * that is set, then limit and offset (images.repository.test.ts holds this to Kysely's own).
 */
export function historyParameters(userId: number, filter: HistoryFilter): unknown[] {
  const parameters: unknown[] = [userId];
  if (filter.source) parameters.push(filter.source);
  if (filter.status) parameters.push(filter.status);
  if (filter.q) parameters.push(likePattern(filter.q));
  parameters.push(filter.limit + 1, filter.offset);
  return parameters;
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

  /** What historyStamp reads: each row's id, status, update time and whether its original is kept. */
  const stampQuery = (userId: number, filter: HistoryFilter) =>
    historyQuery(userId, filter)
      .select(["id", "status", "updated_at"])
      .select((eb) => eb("original_image_url", "is not", null).as("has_original"));
  const stampSql = new Map<string, string>();

  return {
    /** historyStamp's query as Kysely builds it (images.repository.test.ts). */
    compileStampQuery: (userId: number, filter: HistoryFilter) => stampQuery(userId, filter).compile(),

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
     * What listHistory's page would hold, in a few small columns: each row's id, status,
     * updated_at and whether its original is still there. Every change a history item can see
     * goes through this repository and moves one of them (insertImage adds a row; completeImage
     * and failImage set status and updated_at, failImage with the job's error code in the same
     * transaction; forgetOriginal clears original_image_url): images.service.ts keeps a page's
     * answer while its stamp is the same. A new write here must keep that true.
     */
    async historyStamp(userId: number, filter: HistoryFilter): Promise<string> {
      // Read on every history request: its SQL is built by Kysely once per set of filters in use
      // (eight at most) and run again with this request's parameters.
      const shape = `${filter.source ? "s" : ""}${filter.status ? "t" : ""}${filter.q ? "q" : ""}`;
      let text = stampSql.get(shape);
      if (text === undefined) {
        text = stampQuery(userId, filter).compile().sql;
        stampSql.set(shape, text);
      }
      const { rows } = await db.executeQuery<{
        id: number;
        status: string;
        updated_at: string;
        has_original: number | boolean;
      }>(CompiledQuery.raw(text, historyParameters(userId, filter)));
      let stamp = "";
      for (const row of rows)
        stamp += `${row.id}|${row.status}|${row.updated_at}|${Number(row.has_original)};`;
      return stamp;
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
