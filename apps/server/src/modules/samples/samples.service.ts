/**
 * Tool samples (spec 02 §2.2, §2.3, §3, §5 "Sample add needs an admin, a prompt and a result
 * image", §6 only admins add, delete and reorder), for every tool of sample-tools.ts: everyone
 * reads them; an administrator adds one from their own uploads and results (our storage URLs) and
 * an optional thumbnail data URL, each copied into a public file so the sample outlives the 30-day
 * purge and shows to visitors. A row keeps its first reference in `ref_key` and all of them in its
 * payload's `ref_keys` (rows written before keep only one or the other).
 */
import type { TSamplesReorderBody } from "@gyeol/shared/contracts/generation";
import sharp from "sharp";
import type { SampleRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImagesService } from "../images/images.service.ts";
import type { SampleTool } from "./sample-tools.ts";

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

function payloadOf(row: SampleRow): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(row.payload);
    return payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Every reference key of a row: the payload's list, else the single `ref_key`. */
function refKeysOf(row: SampleRow, payload: Record<string, unknown>): string[] {
  const listed = payload.ref_keys;
  if (Array.isArray(listed)) return listed.filter((key): key is string => typeof key === "string");
  return row.ref_key ? [row.ref_key] : [];
}

export function createSamplesService({ store, storage, images, clock }: SamplesServiceDeps) {
  function present<TSample>(tool: SampleTool<unknown, TSample>, row: SampleRow): TSample {
    const payload = payloadOf(row);
    return tool.present({
      row,
      payload,
      resultUrls: (JSON.parse(row.result_keys) as string[]).map((key) => storage.publicUrl(key)),
      refUrls: refKeysOf(row, payload).map((key) => storage.publicUrl(key)),
      thumbnailUrl: row.thumbnail_key ? storage.publicUrl(row.thumbnail_key) : null,
    });
  }

  const putPublic = (bytes: Buffer) =>
    storage.put({
      visibility: "public",
      folder: SAMPLES_FOLDER,
      extension: "jpg",
      contentType: "image/jpeg",
      bytes,
    });

  /** A public JPEG copy of one of the admin's own images. */
  async function publicCopy(
    user: Pick<UserRow, "id">,
    imageUrl: string,
  ): Promise<{ key: string; bytes: Buffer }> {
    const key = await images.ownedKeyOf(user, imageUrl);
    const original = await storage.get(key);
    if (!original) throw new AppError(404, "NOT_FOUND", "Image not found.");
    const bytes = await sharp(original).rotate().jpeg({ quality: 92 }).toBuffer();
    return { key: await putPublic(bytes), bytes };
  }

  async function thumbnailFrom(source: Buffer): Promise<string> {
    let jpeg: Buffer;
    try {
      jpeg = await sharp(source)
        .rotate()
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer();
    } catch {
      throw new AppError(400, "INVALID_IMAGE", "The thumbnail could not be read as an image.");
    }
    return putPublic(jpeg);
  }

  return {
    async list<TSample>(tool: SampleTool<unknown, TSample>): Promise<TSample[]> {
      return (await store.samples.list(tool.tool)).map((row) => present(tool, row));
    },

    async create<TBody, TSample>(
      user: Pick<UserRow, "id">,
      tool: SampleTool<TBody, TSample>,
      body: TBody,
    ): Promise<TSample> {
      tool.check?.(body);
      let thumbnailSource: Buffer | null = null;
      const dataUrl = tool.thumbnailDataUrl?.(body);
      if (dataUrl) {
        const match = DATA_URL.exec(dataUrl);
        if (!match)
          throw new AppError(400, "INVALID_IMAGE", "The thumbnail must be a PNG, JPEG or WebP data URL.");
        thumbnailSource = Buffer.from(match[1]!, "base64");
      }
      const refs = [];
      for (const url of tool.refUrls(body)) refs.push(await publicCopy(user, url));
      const results = [];
      for (const url of tool.resultUrls(body)) results.push(await publicCopy(user, url));
      const first = results[0] ?? refs[0];
      if (!thumbnailSource && !first)
        throw new AppError(400, "VALIDATION_ERROR", "A sample needs a prompt and at least one image.");
      const thumbnailKey = await thumbnailFrom(thumbnailSource ?? first!.bytes);
      const row = await store.samples.insert({
        tool: tool.tool,
        prompt: (body as { prompt: string }).prompt,
        payload: JSON.stringify({ ...tool.payload(body), ref_keys: refs.map((ref) => ref.key) }),
        ref_key: refs[0]?.key ?? null,
        result_keys: JSON.stringify(results.map((result) => result.key)),
        thumbnail_key: thumbnailKey,
        display_order: await store.samples.nextOrder(tool.tool),
        created_at: clock.now().toISOString(),
      });
      return present(tool, row);
    },

    async remove(tool: SampleTool<unknown, unknown>, id: number): Promise<void> {
      const row = await store.samples.findById(tool.tool, id);
      if (!row || !(await store.samples.delete(tool.tool, id)))
        throw new AppError(404, "NOT_FOUND", "Sample not found.");
      const keys = new Set([
        row.ref_key,
        row.thumbnail_key,
        ...refKeysOf(row, payloadOf(row)),
        ...(JSON.parse(row.result_keys) as string[]),
      ]);
      for (const key of keys) if (key) await storage.delete(key).catch(() => undefined);
    },

    async reorder<TSample>(
      tool: SampleTool<unknown, TSample>,
      body: TSamplesReorderBody,
    ): Promise<TSample[]> {
      await store.transaction(async (tx) => {
        for (const { id, display_order } of body.samples)
          await tx.samples.setOrder(tool.tool, id, display_order);
      });
      return (await store.samples.list(tool.tool)).map((row) => present(tool, row));
    },
  };
}
