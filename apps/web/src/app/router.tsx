import { LANGUAGE_REDIRECTS } from "@gyeol/shared/routes";
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from "react-router";
import { AppShell } from "../features/shell/components/app-shell.tsx";
import { NotFoundPage } from "../features/shell/components/not-found-page.tsx";
import { InlineRouteErrorView, RouteErrorView } from "../features/shell/components/route-error-view.tsx";
import { useStoredLocale } from "../lib/locale.ts";
import { RequireUser } from "./route-guards.tsx";
import { pageElement } from "./route-pages.tsx";
import { expandRoutes } from "./route-table.ts";

/**
 * The shell wraps every page. Pages are lazy chunks; the not-found page is part of the shell
 * (the router's error view shows it for a 404 too), so it ships with it.
 * Routes the table marks `access: "user"` render behind RequireUser (one sign-in guard, not one
 * per page). A page that throws shows the error view inside the shell; if the
 * shell itself throws, the router's view takes the whole window.
 */
export function buildAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppShell />,
      errorElement: <RouteErrorView />,
      children: [
        {
          errorElement: <InlineRouteErrorView />,
          children: [
            ...expandRoutes().map((route) => ({
              path: route.path,
              element:
                route.access === "user" ? (
                  <RequireUser isLoginNoticed={route.isLoginNoticed}>{pageElement(route.id)}</RequireUser>
                ) : (
                  pageElement(route.id)
                ),
              handle: { routeId: route.id, fixedLocale: route.fixedLocale },
            })),
            // Bare /terms, /privacy, /refund: the document in the visitor's language (issue 30; the
            // server answers a first visit with the same redirect).
            ...Object.entries(LANGUAGE_REDIRECTS).map(([path, targets]) => ({
              path,
              element: <LanguageRedirect targets={targets} />,
            })),
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

function LanguageRedirect({ targets }: { targets: Record<"ko" | "en", string> }) {
  const locale = useStoredLocale();
  const { search, hash } = useLocation();
  return <Navigate to={`${targets[locale]}${search}${hash}`} replace />;
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildAppRoutes());
}
