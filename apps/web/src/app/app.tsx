import { RouterProvider } from "react-router";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { AppProviders } from "./providers.tsx";
import type { AppRouter } from "./router.tsx";

/** `router`: the one main.tsx made (its first match told which page to load ahead). */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
