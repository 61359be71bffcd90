import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AuthProvider,
  createAuthRuntime,
  useAuth,
  useAuthSelect,
  useIsSignedIn,
} from "../lib/auth/auth-provider.tsx";
import { setStoredLocale, usePageLocale } from "../lib/locale.ts";

/**
 * What re-renders when the auth check settles or the stored language changes. A prerendered page
 * hydrates, then the first auth check settles ("loading" → "anonymous"), and a Korean browser on an
 * /en page holds a stored or browser language other than the page's: each used to re-render every
 * component that read the auth state or localised a link, the whole page, in the long task right
 * after hydration (bench:web's total blocking time). A component now re-renders only when what it
 * shows changes.
 */

afterEach(() => {
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes what setStoredLocale wrote.
  document.cookie = "gyeol_locale=; Max-Age=0; Path=/";
});

/** Records what `read` returned on each of its renders. */
function Probe({ read, renders }: { read: () => unknown; renders: unknown[] }) {
  renders.push(read());
  return null;
}

function renderCounted(read: () => unknown, wrap: (children: ReactNode) => ReactNode) {
  const renders: unknown[] = [];
  render(wrap(<Probe read={read} renders={renders} />));
  return renders;
}

describe("auth state readers", () => {
  /** The first check pending until the test settles it as a signed-out visitor. */
  function pendingRuntime() {
    let settle: (() => void) | undefined;
    const runtime = createAuthRuntime(
      () =>
        new Promise((resolve) => {
          settle = () => resolve({ authenticated: false } as never);
        }),
    );
    return { runtime, settle: () => settle?.() };
  }

  it("a flag read with useAuthSelect stays unrendered when the first check settles as signed out", async () => {
    const { runtime } = pendingRuntime();
    const renders = renderCounted(
      () => useAuthSelect((state) => state.status === "authenticated"),
      (children) => <AuthProvider runtime={runtime}>{children}</AuthProvider>,
    );
    expect(renders).toEqual([false]);
    await act(async () => runtime.store.markSettled());
    expect(runtime.store.getSnapshot().status).toBe("anonymous");
    expect(renders).toEqual([false]);
  });

  it("useIsSignedIn stays unrendered when the check settles signed out, and flips on sign-in", async () => {
    const { runtime } = pendingRuntime();
    const renders = renderCounted(
      () => useIsSignedIn(),
      (children) => <AuthProvider runtime={runtime}>{children}</AuthProvider>,
    );
    await act(async () => runtime.store.markSettled());
    expect(renders).toEqual([false]);
    await act(async () => runtime.store.setUser({ id: 7 } as never));
    expect(renders).toEqual([false, true]);
  });

  it("re-renders when the selected value changes (signing in)", async () => {
    const { runtime } = pendingRuntime();
    const renders = renderCounted(
      () => useAuthSelect((state) => state.user?.id),
      (children) => <AuthProvider runtime={runtime}>{children}</AuthProvider>,
    );
    await act(async () => runtime.store.setUser({ id: 7 } as never));
    expect(renders).toEqual([undefined, 7]);
  });

  it("useAuth, for comparison, re-renders on the same settle (what the selector saves)", async () => {
    const { runtime } = pendingRuntime();
    const renders = renderCounted(
      () => useAuth().status,
      (children) => <AuthProvider runtime={runtime}>{children}</AuthProvider>,
    );
    await act(async () => runtime.store.markSettled());
    expect(renders).toEqual(["loading", "anonymous"]);
  });
});

describe("usePageLocale", () => {
  it("does not re-render an /en page when the stored language changes: the path fixes it", async () => {
    const renders = renderCounted(usePageLocale, (children) => (
      <MemoryRouter initialEntries={["/en/pricing"]}>{children}</MemoryRouter>
    ));
    expect(renders).toEqual(["en"]);
    await act(async () => setStoredLocale("ko"));
    await act(async () => setStoredLocale("en"));
    expect(renders).toEqual(["en"]);
  });

  it("follows the stored language on a page without a language in its path", async () => {
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("ko-KR");
    const renders = renderCounted(usePageLocale, (children) => (
      <MemoryRouter initialEntries={["/pricing"]}>{children}</MemoryRouter>
    ));
    await act(async () => setStoredLocale("en"));
    expect(renders).toEqual(["ko", "en"]);
    vi.restoreAllMocks();
  });
});
