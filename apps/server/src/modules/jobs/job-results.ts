/**
 * Where every tool's job keeps what it made (issue 26: one copy, not four): its 1–4 result JPEGs
 * and a ~400 px thumbnail of the first, private, at keys made from the job id — so a second run of
 * the same job overwrites its own files instead of adding more. The history row and the status
 * answers read them back through the definition's resultOf.
 */
import sharp from "sharp";
import type { JobRow } from "../../db/schema.ts";
import { type FileStorage, fileKeyFor } from "../../drivers/storage/storage.ts";

/** The longer side of a history thumbnail, at most (never enlarged). */
export const THUMBNAIL_PX = 400;
const THUMBNAIL_QUALITY = 82;

type TJobOwner = Pick<JobRow, "id" | "user_id">;

const id32Of = (job: TJobOwner) => job.id.replaceAll("-", "");

/** The key of a job's result image `index` (0: results/<user>/, n: results/<user>/<n>/). */
export function resultKeyFor(job: TJobOwner, index = 0): string {
  const suffix = index === 0 ? "" : `/${index}`;
  return fileKeyFor("private", `results/${job.user_id}${suffix}`, id32Of(job), "jpg");
}

/** The key of a job's history thumbnail. */
export const thumbnailKeyFor = (job: TJobOwner): string =>
  fileKeyFor("private", `thumbs/${job.user_id}`, id32Of(job), "jpg");

/** A history thumbnail of a picture: JPEG, inside THUMBNAIL_PX × THUMBNAIL_PX, never enlarged. */
export function thumbnailOf(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: THUMBNAIL_QUALITY })
    .toBuffer();
}

/**
 * Stores a job's result JPEGs (already upright and ours: no provider metadata) at its result keys
 * and the thumbnail of the first; answers their keys. No images: no thumbnail either.
 */
export async function storeJobResults(
  storage: Pick<FileStorage, "putAt">,
  job: TJobOwner,
  jpegs: readonly Buffer[],
): Promise<{ imageKeys: string[]; thumbnailKey: string | null }> {
  const imageKeys: string[] = [];
  for (const [index, jpeg] of jpegs.entries()) {
    const key = resultKeyFor(job, index);
    await storage.putAt(key, jpeg, "image/jpeg");
    imageKeys.push(key);
  }
  if (jpegs.length === 0) return { imageKeys, thumbnailKey: null };
  const thumbnailKey = thumbnailKeyFor(job);
  await storage.putAt(thumbnailKey, await thumbnailOf(jpegs[0]!), "image/jpeg");
  return { imageKeys, thumbnailKey };
}
