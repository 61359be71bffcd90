import type { TAuthCheckResponse } from "@gyeol/shared/contracts/auth";
import { screen, waitFor, within } from "@testing-library/react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../lib/auth/test-users.ts";

/**
 * The landing and the shell paint with the core strings alone (lib/i18n/string-parts.ts, issue 17): with a
 * fresh translator that has loaded nothing else, and no query client yet (it loads when idle), the
 * landing, the header, both menus, the footer and the not-found page show no key, signed out and
 * signed in, in both languages. A key they start to use from another part fails here.
 * Rendered as a browser does, outside act(): React retries a navigation that waits for strings
 * when they arrive, which act()'s queue would hold back.
 */
let root: Root | undefined;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = "";
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function click(testId: string): void {
  screen.getByTestId(testId).click();
}

async function renderFresh(path: string, { isSignedIn = false } = {}) {
  const language = path.startsWith("/en") ? "en" : "ko";
  // The visitor's choice, read by the translator as it starts (jsdom's browser is English).
  window.localStorage.setItem("locale", language);
  // New modules: a translator with nothing loaded (the test setup loads everything into the shared one).
  vi.resetModules();
  const { i18n } = await import("../lib/i18n/i18n.ts");
  const { AppProviders } = await import("./providers.tsx");
  const { buildAppRoutes } = await import("./router.tsx");
  const { createAuthRuntime } = await import("../lib/auth/auth-provider.tsx");
  const missing: string[] = [];
  i18n.onMissingKey = (key, language) => missing.push(`${language}: ${key}`);
  const user = makeUser();
  if (isSignedIn) window.localStorage.setItem("user", JSON.stringify(user));
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new TypeError("no server in unit tests"))),
  );
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const check = async (): Promise<TAuthCheckResponse> =>
    isSignedIn ? { isAuthenticated: true, user } : { isAuthenticated: false, user: null };
  // What main.tsx does before the first render.
  expect(i18n.language).toBe(language);
  await i18n.changeLanguage(i18n.language);
  const router = createMemoryRouter(buildAppRoutes(), { initialEntries: [path] });
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <AppProviders authRuntime={createAuthRuntime(check, async () => ({ success: true }))}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { i18n, missing };
}

describe.each(["/", "/en"])("the core strings of %s", (home) => {
  it("cover the landing, the header's menus and the footer for a visitor", async () => {
    const { i18n, missing } = await renderFresh(home);
    await screen.findByTestId("landing");
    click("ai-suite-trigger");
    const menu = await screen.findByTestId("ai-suite-menu");
    expect(within(menu).getAllByRole("link").length).toBeGreaterThan(2);
    click("hamburger");
    await screen.findByTestId("mobile-menu");
    expect(screen.getByTestId("footer")).toBeTruthy();
    expect(missing).toEqual([]);
    expect(i18n.isReady(i18n.language, "all")).toBe(false);
  });

  it("switch to the other language after loading its core: no key, no mix on the way", async () => {
    const { i18n, missing } = await renderFresh(home);
    await screen.findByTestId("landing");
    await screen.findByTestId("nav-login");
    const [from, to] = home === "/" ? (["ko", "en"] as const) : (["en", "ko"] as const);
    expect(i18n.isReady(to)).toBe(false);
    const loginText = { ko: "로그인", en: "Log in" };
    expect(screen.getByTestId("nav-login").textContent).toBe(loginText[from]);
    // Every state the page goes through: its <html lang> and the header's text agree in each.
    const states: string[] = [];
    const record = () =>
      states.push(`${document.documentElement.lang} ${screen.queryByTestId("nav-login")?.textContent}`);
    const observer = new MutationObserver(record);
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    // The state before the click: the switch may change nothing on screen until the new language paints.
    record();
    click(`lang-${to}`);
    await waitFor(() => expect(screen.getByTestId("nav-login").textContent).toBe(loginText[to]));
    observer.disconnect();
    expect(document.documentElement.lang).toBe(to);
    expect(screen.getByTestId("landing")).toBeTruthy();
    expect(new Set(states)).toEqual(new Set([`${from} ${loginText[from]}`, `${to} ${loginText[to]}`]));
    expect(missing).toEqual([]);
  });

  it("load the other language ahead when focus (or the pointer) reaches its switch", async () => {
    const { i18n } = await renderFresh(home);
    await screen.findByTestId("nav-login");
    const to = home === "/" ? "en" : "ko";
    expect(i18n.isReady(to)).toBe(false);
    screen.getByTestId(`lang-${to}`).focus();
    await waitFor(() => expect(i18n.isReady(to)).toBe(true));
    expect(i18n.language).toBe(home === "/" ? "ko" : "en");
  });

  it("cover the signed-in header and mobile menu", async () => {
    const { missing } = await renderFresh(home, { isSignedIn: true });
    await screen.findByTestId("landing");
    await screen.findByTestId("header-credits");
    click("hamburger");
    await screen.findByTestId("mobile-logout");
    expect(missing).toEqual([]);
  });

  it("cover the not-found page", async () => {
    const { missing } = await renderFresh(`${home === "/" ? "" : home}/no-such-page`);
    await screen.findByTestId("not-found");
    expect(missing).toEqual([]);
  });
});
