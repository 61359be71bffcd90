import { CHUNK_LOAD_TIMEOUT_MS } from "@gyeol/shared/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A lazily loaded page whose script fails or never arrives raises a ChunkLoadError after
 * 120 s (spec 01 §8), so a hung deploy ends on the error screen (with its reload button)
 * instead of an endless spinner.
 */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === "ChunkLoadError";
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a page script timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const message = error instanceof Error ? error.message : String(error);
        reject(new ChunkLoadError(`Loading a page script failed: ${message}`, { cause: error }));
      },
    );
  });
}

// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts any component props.
export function lazyPage<M, P extends ComponentType<any>>(
  load: () => Promise<M>,
  pick: (module: M) => P,
): LazyExoticComponent<P> {
  return lazy(() => loadChunk(load).then((module) => ({ default: pick(module) })));
}
