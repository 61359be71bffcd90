import type { TAuthCheckResponse } from "@gyeol/shared/contracts/auth";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/providers.tsx";
import { createAuthRuntime } from "../lib/auth/auth-provider.tsx";

interface RenderOptions {
  path?: string;
  /** The signed-in user the server reports (and that is already stored), or null for a visitor. */
  user?: TPublicUser | null;
  checkAuth?: () => Promise<TAuthCheckResponse>;
  /** Answers for fetch; by default every call fails like an unreachable server. */
  fetchImpl?: typeof fetch;
}

/**
 * Renders routes inside the real providers with a memory router. The server is a stub: the auth
 * check answers with `user`, every other fetch fails (so flags fall back to their defaults).
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = "/", user = null, checkAuth, fetchImpl }: RenderOptions = {},
) {
  const fetchMock = vi.fn<typeof fetch>(
    fetchImpl ?? (() => Promise.reject(new TypeError("no server in unit tests"))),
  );
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  if (user) window.localStorage.setItem("user", JSON.stringify(user));
  const check =
    checkAuth ??
    (async (): Promise<TAuthCheckResponse> =>
      user ? { isAuthenticated: true, user } : { isAuthenticated: false, user: null });
  const runtime = createAuthRuntime(check, async () => ({ success: true }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders authRuntime={runtime}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, runtime, fetchMock };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
