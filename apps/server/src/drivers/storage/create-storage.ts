/** Chooses the storage driver once, at boot (STYLE habit 3). */
import path from "node:path";
import type { Config } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

export function createStorage(
  config: Pick<Config, "storage" | "dataDir" | "fileUrlSecret"> & Partial<Pick<Config, "uploads">>,
  clock: Clock,
): FileStorage {
  if (config.storage.driver === "s3") return createS3Storage(config.storage, clock);
  return createLocalStorage({
    root: path.join(config.dataDir, "files"),
    secret: config.fileUrlSecret,
    clock,
    ...(config.uploads ? { maxUploadBytes: config.uploads.maxBytes } : {}),
  });
}
