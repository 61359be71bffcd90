import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { makeUser } from "../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../test/render-app.tsx";
import { ConsistencyRedirect, ImageGenerationGate } from "./route-guards.tsx";
import { buildAppRoutes } from "./router.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the app's routes", () => {
  it("shows the image edit page inside the shell, and says so when no provider is connected", async () => {
    renderRoutes(buildAppRoutes(), { path: "/en/image-edit", user: makeUser() });
    await screen.findByTestId("image-edit-page");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Image edit");
    expect(await screen.findByTestId("image-edit-not-configured")).toBeTruthy();
    expect(screen.getByTestId("footer")).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
  });

  it("shows Korean pages in Korean and sets <html lang>", async () => {
    window.localStorage.setItem("locale", "ko");
    renderRoutes(buildAppRoutes(), { path: "/image-edit", user: makeUser() });
    await screen.findByTestId("image-edit-page");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("이미지 편집");
    expect(document.documentElement.lang).toBe("ko");
  });

  it("sends a visitor from /image-edit to the login page", async () => {
    const { router } = renderRoutes(buildAppRoutes(), { path: "/en/image-edit" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
    expect(router.state.location.search).toContain("next=");
  });

  it("sends bare /terms, /privacy and /refund to the document in the visitor's language (issue 30)", async () => {
    window.localStorage.setItem("locale", "en");
    const english = renderRoutes(buildAppRoutes(), { path: "/privacy?from=mail" });
    await waitFor(() => expect(english.router.state.location.pathname).toBe("/en/privacy"));
    expect(english.router.state.location.search).toBe("?from=mail");
    english.unmount();
    window.localStorage.setItem("locale", "ko");
    const korean = renderRoutes(buildAppRoutes(), { path: "/terms" });
    await waitFor(() => expect(korean.router.state.location.pathname).toBe("/terms/kr"));
  });

  it("follows the language fixed in a legal path", async () => {
    window.localStorage.setItem("locale", "en");
    renderRoutes(buildAppRoutes(), { path: "/terms/kr" });
    await waitFor(() => expect(document.documentElement.lang).toBe("ko"));
  });

  it("shows /en/terms/kr in English: under /en the page language is English, always", async () => {
    window.localStorage.setItem("locale", "ko");
    renderRoutes(buildAppRoutes(), { path: "/en/terms/kr" });
    const page = await screen.findByTestId("legal-page");
    expect(page.getAttribute("data-locale")).toBe("en");
    expect(screen.getByTestId("legal-title").textContent).toBe("Terms of Service");
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
  });

  it("shows /en/pricing/kr in English", async () => {
    window.localStorage.setItem("locale", "ko");
    renderRoutes(buildAppRoutes(), { path: "/en/pricing/kr" });
    await screen.findByTestId("pricing-page");
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    expect(document.title).toContain("Pricing");
  });

  it("renders the not-found page for unknown paths, in both languages", async () => {
    renderRoutes(buildAppRoutes(), { path: "/en/no-such-page" });
    expect(await screen.findByTestId("not-found")).toBeTruthy();
  });

  it("redirects /consistency to /image-generation, keeping the language", async () => {
    const { router } = renderRoutes(buildAppRoutes(), { path: "/en/consistency", user: makeUser() });
    await screen.findByTestId("generation-page");
    expect(router.state.location.pathname).toBe("/en/image-generation");
  });

  it("opens the session-expired modal when the check answers 401, and its button goes to /login", async () => {
    window.localStorage.setItem("locale", "ko");
    const { router } = renderRoutes(buildAppRoutes(), {
      path: "/",
      user: makeUser(),
      checkAuth: () => Promise.reject(new ApiError(401, "SESSION_EXPIRED", "Session expired.")),
    });
    const modal = await screen.findByTestId("session-expired-modal");
    expect(modal.textContent).toContain("로그인이 만료되었습니다. 다시 로그인해주세요!");
    expect(window.localStorage.getItem("user")).toBeNull();
    fireEvent.click(screen.getByTestId("session-expired-login"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByTestId("session-expired-modal")).toBeNull();
  });

  it("'Log in again' comes back to the page the session ended on, in either language (issue 26)", async () => {
    const { router } = renderRoutes(buildAppRoutes(), { path: "/en/pricing?plan=basic", user: makeUser() });
    await screen.findByTestId("header-credits");
    act(() => {
      window.dispatchEvent(new CustomEvent("auth:invalid", { detail: { code: "SESSION_EXPIRED" } }));
    });
    fireEvent.click(await screen.findByTestId("session-expired-login"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/en/pricing?plan=basic");
  });

  it("keeps the next of a signed-in page the guard already swapped for /login (issue 26)", async () => {
    const { router } = renderRoutes(buildAppRoutes(), { path: "/mypage", user: makeUser() });
    await screen.findByTestId("header-credits");
    act(() => {
      window.dispatchEvent(new CustomEvent("auth:invalid", { detail: { code: "SESSION_EXPIRED" } }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    fireEvent.click(await screen.findByTestId("session-expired-login"));
    await waitFor(() => expect(screen.queryByTestId("session-expired-modal")).toBeNull());
    expect(router.state.location.pathname).toBe("/login");
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/mypage");
  });

  it("explains an auth:invalid event in the page's language, not with the server's sentence", async () => {
    window.localStorage.setItem("locale", "ko");
    renderRoutes(buildAppRoutes(), { path: "/", user: makeUser() });
    await screen.findByTestId("header-credits");
    act(() => {
      window.dispatchEvent(
        new CustomEvent("auth:invalid", {
          detail: { message: "Signed in elsewhere.", code: "SOME_NEW_CODE" },
        }),
      );
    });
    const modal = await screen.findByTestId("session-expired-modal");
    expect(modal.textContent).toContain("로그인이 만료되었습니다. 다시 로그인해주세요!");
    expect(modal.textContent).not.toContain("Signed in elsewhere.");
    expect(screen.queryByTestId("header-credits")).toBeNull();
  });

  it("reads a known code of an auth:invalid event as its translation", async () => {
    window.localStorage.setItem("locale", "ko");
    renderRoutes(buildAppRoutes(), { path: "/", user: makeUser() });
    await screen.findByTestId("header-credits");
    act(() => {
      window.dispatchEvent(
        new CustomEvent("auth:invalid", { detail: { message: "Sign in first.", code: "AUTH_REQUIRED" } }),
      );
    });
    expect((await screen.findByTestId("session-expired-modal")).textContent).toContain(
      "로그인이 필요합니다.",
    );
  });

  it("reports an affiliate click and removes aff and campaign from the address", async () => {
    const { router, fetchMock } = renderRoutes(buildAppRoutes(), {
      path: "/?aff=mina_01&campaign=spring&utm_source=x",
      fetchImpl: async (input) =>
        String(input).startsWith("/api/affiliate/click")
          ? jsonResponse(200, { success: true, recorded: true })
          : Promise.reject(new TypeError("offline")),
    });
    await waitFor(() => expect(router.state.location.search).toBe("?utm_source=x"));
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain("/api/affiliate/click?aff=mina_01&campaign=spring");
    expect(urls.filter((url) => url.startsWith("/api/affiliate/click"))).toHaveLength(1);
  });
});

describe("route guards", () => {
  function renderGuard(path: string, element: ReactNode) {
    const router = createMemoryRouter(
      [
        { path: "/", element: <p>home</p> },
        { path: "/en", element: <p>english home</p> },
        { path: "/image-generation", element: <p>generation</p> },
        { path: "/consistency", element },
        { path: "/en/image-generation", element },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it("sends /consistency home when image generation is off", async () => {
    const router = renderGuard("/consistency", <ConsistencyRedirect isEnabled={false} />);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("sends /en/image-generation to /en when image generation is off", async () => {
    const router = renderGuard(
      "/en/image-generation",
      <ImageGenerationGate isEnabled={false}>
        <p>generation</p>
      </ImageGenerationGate>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
  });
});
