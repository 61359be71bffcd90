import { useState } from "react";
import { RouterProvider } from "react-router";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { AppProviders } from "./providers.tsx";
import { type AppRouter, createAppRouter } from "./router.tsx";

/** `router`: one main.tsx made already (it also told which page to load ahead); else one of its own. */
export function App({ router: given }: { router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
