/**
 * Image edit's samples (spec 02 §2.2, §3 "Image-edit sample", §5 "Admin save of a sample needs a
 * prompt and at least one image", §6 only administrators add, delete and reorder): rows of the
 * shared samples table under tool `seedream`, with the seed, size and count in its payload. Every
 * image is a public copy, so visitors see it and the 30-day purge of uploads leaves it.
 */
import type { TImageEditSample, TImageEditSampleCreateBody } from "@gyeol/shared/contracts/image-edit";
import sharp from "sharp";
import type { SampleRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImagesService } from "../images/images.service.ts";

export const IMAGE_EDIT_SAMPLES_TOOL = "seedream";
const SAMPLES_FOLDER = "samples";
const THUMBNAIL_PX = 400;

interface TPayload {
  seed?: number | null;
  width?: number;
  height?: number;
  num_images?: number;
  ref_keys?: string[];
}

export function createImageEditSamples(deps: {
  store: Store;
  storage: FileStorage;
  images: Pick<ImagesService, "ownedKeyOf">;
  clock: Clock;
}) {
  const { store, storage } = deps;
  const present = (row: SampleRow): TImageEditSample => {
    let payload: TPayload = {};
    try {
      payload = JSON.parse(row.payload) as TPayload;
    } catch {
      // an unreadable payload: the defaults
    }
    const results = JSON.parse(row.result_keys) as string[];
    return {
      id: row.id,
      prompt: row.prompt,
      seed: payload.seed ?? null,
      width: payload.width ?? 2048,
      height: payload.height ?? 2048,
      num_images: payload.num_images ?? Math.max(1, results.length),
      ref_image_urls: (payload.ref_keys ?? []).map((key) => storage.publicUrl(key)),
      result_urls: results.map((key) => storage.publicUrl(key)),
      thumbnail_url: row.thumbnail_key ? storage.publicUrl(row.thumbnail_key) : null,
      display_order: row.display_order,
    };
  };

  const putPublic = (bytes: Buffer) =>
    storage.put({
      visibility: "public",
      folder: SAMPLES_FOLDER,
      extension: "jpg",
      contentType: "image/jpeg",
      bytes,
    });

  async function publicCopy(user: Pick<UserRow, "id">, url: string): Promise<{ key: string; bytes: Buffer }> {
    const key = await deps.images.ownedKeyOf(user, url);
    const original = await storage.get(key);
    if (!original) throw new AppError(404, "NOT_FOUND", "Image not found.");
    const bytes = await sharp(original).rotate().jpeg({ quality: 92 }).toBuffer();
    return { key: await putPublic(bytes), bytes };
  }

  return {
    async list(): Promise<TImageEditSample[]> {
      return (await store.samples.list(IMAGE_EDIT_SAMPLES_TOOL)).map(present);
    },

    async create(user: Pick<UserRow, "id">, body: TImageEditSampleCreateBody): Promise<TImageEditSample> {
      if (body.ref_image_urls.length + body.result_urls.length === 0)
        throw new AppError(400, "VALIDATION_ERROR", "A sample needs a prompt and at least one image.");
      const refs = [];
      for (const url of body.ref_image_urls) refs.push(await publicCopy(user, url));
      const results = [];
      for (const url of body.result_urls) results.push(await publicCopy(user, url));
      const source = (results[0] ?? refs[0])!.bytes;
      const thumbnail = await sharp(source)
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer();
      const row = await store.samples.insert({
        tool: IMAGE_EDIT_SAMPLES_TOOL,
        prompt: body.prompt,
        payload: JSON.stringify({
          seed: body.seed ?? null,
          width: body.width,
          height: body.height,
          num_images: body.num_images,
          ref_keys: refs.map((ref) => ref.key),
        } satisfies TPayload),
        ref_key: refs[0]?.key ?? null,
        result_keys: JSON.stringify(results.map((result) => result.key)),
        thumbnail_key: await putPublic(thumbnail),
        display_order: await store.samples.nextOrder(IMAGE_EDIT_SAMPLES_TOOL),
        created_at: deps.clock.now().toISOString(),
      });
      return present(row);
    },

    async remove(id: number): Promise<void> {
      const row = await store.samples.findById(IMAGE_EDIT_SAMPLES_TOOL, id);
      if (!row || !(await store.samples.delete(IMAGE_EDIT_SAMPLES_TOOL, id)))
        throw new AppError(404, "NOT_FOUND", "Sample not found.");
      const sample = present(row);
      const keys = [
        row.thumbnail_key,
        ...(JSON.parse(row.result_keys) as string[]),
        ...sample.ref_image_urls.map((url) => storage.keyFromUrl(url)),
      ];
      for (const key of keys) if (key) await storage.delete(key).catch(() => undefined);
    },

    async reorder(order: ReadonlyArray<{ id: number; display_order: number }>): Promise<TImageEditSample[]> {
      await store.transaction(async (tx) => {
        for (const { id, display_order } of order)
          await tx.samples.setOrder(IMAGE_EDIT_SAMPLES_TOOL, id, display_order);
      });
      return (await store.samples.list(IMAGE_EDIT_SAMPLES_TOOL)).map(present);
    },
  };
}

export type ImageEditSamples = ReturnType<typeof createImageEditSamples>;
