import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, use, useState } from "react";
import { AuthProvider, type AuthRuntime } from "../lib/auth/auth-provider.tsx";
import { loadQueryClient, NO_QUERY_CLIENT_YET, useQueryClientFactory } from "../lib/query-client-loader.ts";

export function AppProviders({ children, authRuntime }: { children: ReactNode; authRuntime?: AuthRuntime }) {
  const createClient = useQueryClientFactory();
  // Rendering on the server (prerender) waits for it; a browser renders the shell without it.
  if (!createClient && typeof window === "undefined") use(loadQueryClient());
  // One client per app, made when its code is there (lib/query-client-loader.ts).
  const [queryClient, setQueryClient] = useState<QueryClient | undefined>(() => createClient?.());
  if (createClient && !queryClient) setQueryClient(createClient());
  return (
    // Translations need no provider: one translator serves the app (lib/i18n/i18n.ts).
    <QueryClientProvider client={queryClient ?? NO_QUERY_CLIENT_YET}>
      <AuthProvider runtime={authRuntime}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
