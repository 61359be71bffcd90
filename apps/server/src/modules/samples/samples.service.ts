/**
 * Tool samples (spec 02 §2.3, §3, §5 "Sample add needs an admin, a prompt and a result image", §6
 * only admins add, delete and reorder): everyone reads them; an administrator adds one from
 * their own results (our storage URLs) and an optional thumbnail data URL, each copied into a
 * public file so the sample outlives the 30-day purge and shows to visitors.
 */
import type {
  TGenerationSample,
  TSampleCreateBody,
  TSamplesReorderBody,
} from "@gyeol/shared/contracts/generation";
import sharp from "sharp";
import type { SampleRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImagesService } from "../images/images.service.ts";

const SAMPLES_FOLDER = "samples";
const THUMBNAIL_PX = 400;
const DATA_URL = /^data:image\/(?:png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

export interface SamplesServiceDeps {
  store: Store;
  storage: FileStorage;
  images: Pick<ImagesService, "ownedKeyOf">;
  clock: Clock;
}

export type SamplesService = ReturnType<typeof createSamplesService>;

function payloadOf(row: SampleRow): { aspect_ratio?: string; num_images?: number } {
  try {
    return JSON.parse(row.payload);
  } catch {
    return {};
  }
}

export function createSamplesService({ store, storage, images, clock }: SamplesServiceDeps) {
  const url = (key: string | null) => (key ? storage.publicUrl(key) : null);

  function present(row: SampleRow): TGenerationSample {
    const payload = payloadOf(row);
    const results = JSON.parse(row.result_keys) as string[];
    return {
      id: row.id,
      prompt: row.prompt,
      aspect_ratio: payload.aspect_ratio ?? "1x1",
      num_images: payload.num_images ?? results.length,
      ref_image_url: url(row.ref_key),
      result_urls: results.map((key) => storage.publicUrl(key)),
      thumbnail_url: url(row.thumbnail_key),
      display_order: row.display_order,
    };
  }

  /** A public JPEG copy of one of the admin's own images. */
  async function publicCopy(user: Pick<UserRow, "id">, imageUrl: string): Promise<string> {
    const key = await images.ownedKeyOf(user, imageUrl);
    const bytes = await storage.get(key);
    if (!bytes) throw new AppError(404, "NOT_FOUND", "Image not found.");
    const jpeg = await sharp(bytes).rotate().jpeg({ quality: 92 }).toBuffer();
    return storage.put({
      visibility: "public",
      folder: SAMPLES_FOLDER,
      extension: "jpg",
      contentType: "image/jpeg",
      bytes: jpeg,
    });
  }

  async function thumbnailFrom(source: Buffer): Promise<string> {
    const jpeg = await sharp(source)
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
    return storage.put({
      visibility: "public",
      folder: SAMPLES_FOLDER,
      extension: "jpg",
      contentType: "image/jpeg",
      bytes: jpeg,
    });
  }

  return {
    async list(tool: string): Promise<TGenerationSample[]> {
      return (await store.samples.list(tool)).map(present);
    },

    async create(
      user: Pick<UserRow, "id">,
      tool: string,
      body: TSampleCreateBody,
    ): Promise<TGenerationSample> {
      const resultKeys: string[] = [];
      for (const resultUrl of body.result_urls) resultKeys.push(await publicCopy(user, resultUrl));
      const refKey = body.ref_image_url ? await publicCopy(user, body.ref_image_url) : null;
      let thumbnailSource: Buffer | null = null;
      if (body.thumbnail_data_url) {
        const match = DATA_URL.exec(body.thumbnail_data_url);
        if (!match)
          throw new AppError(400, "INVALID_IMAGE", "The thumbnail must be a PNG, JPEG or WebP data URL.");
        thumbnailSource = Buffer.from(match[1]!, "base64");
      }
      let thumbnailKey: string;
      try {
        thumbnailKey = await thumbnailFrom(thumbnailSource ?? (await storage.get(resultKeys[0]!))!);
      } catch {
        throw new AppError(400, "INVALID_IMAGE", "The thumbnail could not be read as an image.");
      }
      const row = await store.samples.insert({
        tool,
        prompt: body.prompt,
        payload: JSON.stringify({ aspect_ratio: body.aspect_ratio, num_images: body.num_images }),
        ref_key: refKey,
        result_keys: JSON.stringify(resultKeys),
        thumbnail_key: thumbnailKey,
        display_order: await store.samples.nextOrder(tool),
        created_at: clock.now().toISOString(),
      });
      return present(row);
    },

    async remove(tool: string, id: number): Promise<void> {
      const row = await store.samples.findById(tool, id);
      if (!row || !(await store.samples.delete(tool, id)))
        throw new AppError(404, "NOT_FOUND", "Sample not found.");
      const keys = [row.ref_key, row.thumbnail_key, ...(JSON.parse(row.result_keys) as string[])];
      for (const key of keys) if (key) await storage.delete(key).catch(() => undefined);
    },

    async reorder(tool: string, body: TSamplesReorderBody): Promise<TGenerationSample[]> {
      await store.transaction(async (tx) => {
        for (const { id, display_order } of body.samples) await tx.samples.setOrder(tool, id, display_order);
      });
      return (await store.samples.list(tool)).map(present);
    },
  };
}
