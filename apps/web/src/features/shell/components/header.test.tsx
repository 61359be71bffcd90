import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { installMatchMedia } from "../../../test/match-media.ts";
import { renderRoutes } from "../../../test/render-app.tsx";
import { Header } from "./header.tsx";

function renderHeader(options: Parameters<typeof renderRoutes>[1] = {}) {
  const page = (name: string) => (
    <>
      <Header />
      <p>{name}</p>
    </>
  );
  // jsdom's browser language is English and no locale is stored, so links go to /en pages.
  return renderRoutes(
    [
      { path: "/", element: page("home") },
      { path: "/en", element: page("english home") },
      { path: "/en/upscale", element: page("upscale page") },
      { path: "/pricing", element: page("korean pricing page") },
      { path: "/en/pricing", element: page("pricing page") },
    ],
    options,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("header", () => {
  it("shows the product name alone while auth loads, then the tagline", async () => {
    let answer: (value: { isAuthenticated: false; user: null }) => void = () => {};
    renderHeader({ checkAuth: () => new Promise((resolve) => (answer = resolve)) });
    const title = screen.getByTestId("brand-title");
    expect(title.dataset.state).toBe("loading");
    expect(title.textContent).not.toContain("Better visuals, faster decisions");
    await act(async () => answer({ isAuthenticated: false, user: null }));
    expect(title.dataset.state).toBe("ready");
    expect(title.textContent).toContain("Better visuals, faster decisions");
  });

  it("shows the login link to visitors and no My Page", async () => {
    renderHeader();
    expect(await screen.findByTestId("nav-login")).toBeTruthy();
    expect(screen.queryByTestId("nav-mypage")).toBeNull();
    expect(screen.queryByTestId("header-credits")).toBeNull();
  });

  it("shows credits with thousands separators and My Page when signed in", async () => {
    renderHeader({ user: makeUser({ credits: 12345 }) });
    expect((await screen.findByTestId("header-credits")).textContent).toBe("12,345");
    expect(screen.getByTestId("nav-mypage")).toBeTruthy();
    expect(screen.queryByTestId("nav-login")).toBeNull();
  });

  it("drops a malformed stored user instead of crashing while the server is unreachable", async () => {
    // An older build's shape: an id, but no e-mail or credits. Pages read those fields directly.
    window.localStorage.setItem("user", JSON.stringify({ id: 3, credits: "12", plan: { name: "x" } }));
    renderHeader({ checkAuth: () => Promise.reject(new TypeError("offline")) });
    expect(await screen.findByTestId("nav-login")).toBeTruthy();
    expect(screen.queryByTestId("header-credits")).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
  });

  it("counts bonus credits in the header total", async () => {
    renderHeader({ user: makeUser({ credits: 1200, bonus_credits: 300 }) });
    expect((await screen.findByTestId("header-credits")).textContent).toBe("1,500");
  });

  it("shows 1000 credits for a user without a credits value", async () => {
    const user = { ...makeUser(), credits: undefined } as unknown as ReturnType<typeof makeUser>;
    renderHeader({ user });
    expect((await screen.findByTestId("header-credits")).textContent).toBe("1,000");
  });

  it("logs out from the header and becomes anonymous", async () => {
    const { router } = renderHeader({ user: makeUser() });
    fireEvent.click(await screen.findByTestId("nav-logout"));
    expect(await screen.findByTestId("nav-login")).toBeTruthy();
    expect(window.localStorage.getItem("user")).toBeNull();
    expect(router.state.location.pathname).toBe("/en");
  });

  it("switches to English keeping the path and query, and stores the choice", async () => {
    const { router } = renderHeader({ path: "/pricing?tab=once" });
    fireEvent.click(screen.getByTestId("lang-en"));
    await screen.findByText("pricing page");
    expect(router.state.location.pathname).toBe("/en/pricing");
    expect(router.state.location.search).toBe("?tab=once");
    expect(window.localStorage.getItem("locale")).toBe("en");
  });

  it("toggles the mobile menu and closes it on navigation", async () => {
    renderHeader();
    fireEvent.click(screen.getByTestId("hamburger"));
    // The menu is its own chunk (lazy-shell-parts.tsx): the first open may wait for it.
    const menu = await screen.findByTestId("mobile-menu");
    expect(screen.getByTestId("hamburger").getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(within(menu).getByTestId("mobile-nav-pricing"));
    await screen.findByText("pricing page");
    expect(screen.queryByTestId("mobile-menu")).toBeNull();
  });
});

describe("AI Suite dropdown", () => {
  it("lists the tools with a count pill; image generation is on by default", async () => {
    renderHeader();
    expect(screen.getByTestId("ai-suite-count").textContent).toBe("4");
    fireEvent.click(screen.getByTestId("ai-suite-trigger"));
    const menu = screen.getByTestId("ai-suite-menu");
    expect(within(menu).getByText("Retouch")).toBeTruthy();
    expect(within(menu).getByText("Enhance")).toBeTruthy();
    expect(within(menu).getByText("Image Generation")).toBeTruthy();
  });

  it("opens on hover and closes 160 ms after the pointer leaves", () => {
    renderHeader();
    const trigger = screen.getByTestId("ai-suite-trigger");
    const root = trigger.parentElement!;
    fireEvent.pointerEnter(root);
    expect(screen.getByTestId("ai-suite-menu")).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");

    vi.useFakeTimers();
    fireEvent.pointerLeave(root);
    act(() => vi.advanceTimersByTime(159));
    expect(screen.queryByTestId("ai-suite-menu")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("ai-suite-menu")).toBeNull();
  });

  it("stays open when the pointer comes back within 160 ms", () => {
    renderHeader();
    const root = screen.getByTestId("ai-suite-trigger").parentElement!;
    fireEvent.pointerEnter(root);
    vi.useFakeTimers();
    fireEvent.pointerLeave(root);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerEnter(root);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId("ai-suite-menu")).not.toBeNull();
  });

  it("closes on navigation", async () => {
    const { router } = renderHeader();
    fireEvent.click(screen.getByTestId("ai-suite-trigger"));
    fireEvent.click(within(screen.getByTestId("ai-suite-menu")).getByText("Retouch"));
    await screen.findByText("upscale page");
    expect(router.state.location.pathname).toBe("/en/upscale");
    expect(screen.queryByTestId("ai-suite-menu")).toBeNull();
  });

  it("closes on Escape and gives focus back to the button", () => {
    renderHeader();
    const trigger = screen.getByTestId("ai-suite-trigger");
    fireEvent.click(trigger);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByTestId("ai-suite-menu")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("opens on tap without hover on touch devices", async () => {
    installMatchMedia((query) => query.includes("hover: none"));
    renderHeader();
    const root = screen.getByTestId("ai-suite-trigger").parentElement!;
    fireEvent.pointerEnter(root);
    expect(screen.queryByTestId("ai-suite-menu")).toBeNull();
    fireEvent.click(screen.getByTestId("ai-suite-trigger"));
    expect(screen.getByTestId("ai-suite-menu")).toBeTruthy();
  });

  it("shows a sheet with a backdrop and 'Choose your AI tool' at 700 px or less", async () => {
    installMatchMedia((query) => query.includes("max-width: 700px") || query.includes("hover: none"));
    renderHeader();
    fireEvent.click(screen.getByTestId("ai-suite-trigger"));
    const sheet = screen.getByTestId("ai-suite-menu");
    expect(within(sheet).getByText("Choose your AI tool")).toBeTruthy();
    fireEvent.click(screen.getByTestId("ai-suite-backdrop"));
    await waitFor(() => expect(screen.queryByTestId("ai-suite-menu")).toBeNull());
  });
});
