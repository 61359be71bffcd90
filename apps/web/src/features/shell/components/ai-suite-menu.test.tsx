import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installMatchMedia } from "../../../test/match-media.ts";
import { renderRoutes } from "../../../test/render-app.tsx";
import { AiSuiteMenu } from "./ai-suite-menu.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AI tools sheet on phones", () => {
  it("takes focus into the sheet, keeps Tab inside it and makes the page under it inert", async () => {
    installMatchMedia((query) => query.includes("max-width"));
    renderRoutes([
      {
        path: "/",
        element: (
          <>
            <AiSuiteMenu />
            <main id="main">
              <a href="/somewhere">page link</a>
            </main>
          </>
        ),
      },
    ]);
    fireEvent.click(screen.getByTestId("ai-suite-trigger"));
    const sheet = await screen.findByRole("dialog");
    const focusables = [...sheet.querySelectorAll<HTMLElement>("a, button")];
    await waitFor(() => expect(document.activeElement).toBe(sheet.querySelector("a")));
    expect((document.getElementById("main") as HTMLElement).inert).toBe(true);

    const last = focusables[focusables.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(focusables[0]);
    fireEvent.keyDown(focusables[0] as HTMLElement, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("ai-suite-trigger"));
    expect((document.getElementById("main") as HTMLElement).inert).toBe(false);
  });
});
