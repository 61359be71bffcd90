import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * TanStack Query's client (query-core, 7 KB) loads as its own chunk (issue 17: the landing, which
 * queries nothing while it paints, does not wait for it): with the chunk of every page that queries
 * (app/route-pages.tsx), and when the browser is idle after the first paint (the header's feature
 * flags). Until then the provider holds NO_QUERY_CLIENT_YET, which only useFeatureFlags-style
 * readers may meet (hasQueryClient); every page renders after the client is there.
 */
type TCreateQueryClient = () => QueryClient;

let createClient: TCreateQueryClient | undefined;
let pending: Promise<TCreateQueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<TCreateQueryClient> {
  pending ??= import("./query-client.ts").then(
    (module) => {
      createClient = module.createQueryClient;
      for (const listener of listeners) listener();
      return module.createQueryClient;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getCreateClient = () => createClient;

/** The client factory once loaded (a re-render when it arrives), else undefined. */
export function useQueryClientFactory(): TCreateQueryClient | undefined {
  return useSyncExternalStore(subscribe, getCreateClient, getCreateClient);
}

/** What the provider holds until the client is loaded: mounting it does nothing. */
export const NO_QUERY_CLIENT_YET = {
  mount: () => undefined,
  unmount: () => undefined,
} as unknown as QueryClient;

export function hasQueryClient(client: QueryClient): boolean {
  return client !== NO_QUERY_CLIENT_YET;
}
