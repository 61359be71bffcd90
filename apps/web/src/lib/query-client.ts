import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: 1,
        // Session sync owns "refresh when the tab comes back" (spec 01 §4).
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
