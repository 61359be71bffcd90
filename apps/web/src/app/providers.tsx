import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { AuthProvider, type AuthRuntime } from "../lib/auth/auth-provider.tsx";
import { i18n } from "../lib/i18n/i18n.ts";
import { createQueryClient } from "../lib/query-client.ts";

export function AppProviders({ children, authRuntime }: { children: ReactNode; authRuntime?: AuthRuntime }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider runtime={authRuntime}>{children}</AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
