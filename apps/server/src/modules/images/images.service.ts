/**
 * Images on their own (spec 02 §3, §7), by use case (issue 26): image-files.ts (URLs, ownership,
 * downloads, the regions preview, CDN cookies, the key layout), image-uploads.ts (upload intake,
 * presigned uploads, masks, the purge) and image-history.ts (the history list). This composes
 * them into the one service the routes and the tools are handed.
 */
import type { Store } from "../../db/store.ts";
import type { ModerationDriver } from "../../drivers/engines/moderation.ts";
import type { RegionsEngine } from "../../drivers/engines/regions-engine.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";
import type { Clock } from "../../lib/clock.ts";
import { createImageFiles } from "./image-files.ts";
import { createImageHistory } from "./image-history.ts";
import { createImageUploads } from "./image-uploads.ts";

export interface ImagesServiceDeps {
  store: Store;
  storage: FileStorage;
  moderation: ModerationDriver;
  /** The regions overlay (built in unless a test hands in another). */
  regions?: RegionsEngine;
  clock: Clock;
  limits: { maxBytes: number; maxPixels: number };
}

export type ImagesService = ReturnType<typeof createImagesService>;

export function createImagesService(deps: ImagesServiceDeps) {
  const files = createImageFiles(deps);
  return {
    ...files,
    ...createImageUploads({ ...deps, files }),
    ...createImageHistory({ ...deps, files }),
  };
}
