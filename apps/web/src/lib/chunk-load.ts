import { CHUNK_LOAD_TIMEOUT_MS } from "@gyeol/shared/constants";
import {
  type ComponentProps,
  type ComponentType,
  createContext,
  createElement,
  type FunctionComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useRef,
} from "react";

/** What a page shows while its script loads (the shell provides its page loader). */
export const PageFallback = createContext<ReactNode>(null);

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

/** A page loaded on first use, which can also be loaded ahead (before hydrating its HTML). */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts any component props.
export interface LazyPage<P extends ComponentType<any>> extends FunctionComponent<ComponentProps<P>> {
  preload(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts any component props.
export function lazyPage<M, P extends ComponentType<any>>(
  load: () => Promise<M>,
  pick: (module: M) => P,
): LazyPage<P> {
  let loaded: P | undefined;
  let pending: Promise<P> | undefined;
  const fetchPage = () => {
    pending ??= loadChunk(load).then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => fetchPage().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory, like React.lazy: called once per page at module load, never during a render.
  function Page(props: ComponentProps<P>) {
    // Loaded ahead (a prerendered page being hydrated): rendered at once, in the shell's own pass.
    // Each page has its own Suspense boundary, and only while it has not loaded: a boundary around
    // a prerendered page would be hydrated in a later pass, after the auth check or a query may
    // have changed what it renders (a mismatch). Fixed at mount so a page is never remounted.
    const fallback = useContext(PageFallback);
    const isLoaded = useRef(loaded !== undefined).current;
    if (isLoaded && loaded) return createElement(loaded, props);
    return createElement(Suspense, { fallback }, createElement(Lazy, props));
  }
  Page.preload = () => fetchPage().then(() => undefined);
  return Page;
}
