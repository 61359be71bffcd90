import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { renderRoutes } from "../../../test/render-app.tsx";
import { Header } from "./header.tsx";

/** The header with the page parts the menu covers (main, footer, the community button's corner). */
function renderPage(user: ReturnType<typeof makeUser> | null = null) {
  return renderRoutes(
    [
      {
        path: "/",
        element: (
          <>
            <Header />
            <main id="main">
              <a href="/somewhere">page link</a>
            </main>
            <footer>footer</footer>
            <aside data-testid="community-home">community</aside>
          </>
        ),
      },
    ],
    { user },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("mobile menu", () => {
  it("makes the page it covers inert while open, and gives it back when closed", async () => {
    renderPage();
    const main = document.getElementById("main") as HTMLElement;
    fireEvent.click(screen.getByTestId("hamburger"));
    await screen.findByTestId("mobile-menu");
    expect(main.inert).toBe(true);
    expect((document.querySelector("footer") as HTMLElement).inert).toBe(true);
    expect(screen.getByTestId("community-home").inert).toBe(true);
    fireEvent.click(screen.getByTestId("hamburger"));
    await waitFor(() => expect(screen.queryByTestId("mobile-menu")).toBeNull());
    expect(main.inert).toBe(false);
  });

  it("closes on Escape and gives focus back to the menu button", async () => {
    renderPage();
    const hamburger = screen.getByTestId("hamburger");
    fireEvent.click(hamburger);
    const menu = await screen.findByTestId("mobile-menu");
    (menu.querySelector("a") as HTMLElement).focus();
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("mobile-menu")).toBeNull());
    expect(document.activeElement).toBe(hamburger);
  });

  it("names the signed-in user by the name given at sign-up, then the e-mail, and counts bonus credits (issue 30)", async () => {
    renderPage(
      makeUser({
        name: "김결",
        nickname: "김결",
        email: "gyeol@example.com",
        credits: 11000,
        bonus_credits: 4500,
      }),
    );
    fireEvent.click(screen.getByTestId("hamburger"));
    await screen.findByTestId("mobile-menu");
    expect(screen.getByTestId("mobile-account-name").textContent).toBe("김결");
    expect(screen.getByTestId("mobile-account-email").textContent).toBe("gyeol@example.com");
    expect(screen.getByTestId("mobile-credits").textContent).toBe("15,500");
    expect(screen.getByTestId("header-credits").textContent).toBe("15,500");
  });
});
