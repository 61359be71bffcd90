import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { desktopMediaQuery, installMatchMedia } from "../../../test/match-media.ts";
import { CommunityButton } from "./community-button.tsx";

// jsdom lays nothing out: whatever lies under the button's corner is what this says.
let hitTests = 0;
function controlUnderTheCorner() {
  Object.defineProperty(document, "elementsFromPoint", {
    configurable: true,
    value: () => {
      hitTests += 1;
      return [screen.getByTestId("community-home"), screen.getByTestId("sign-in"), document.body];
    },
  });
}

afterEach(() => {
  hitTests = 0;
  delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
  installMatchMedia(desktopMediaQuery);
});

function Page() {
  return (
    <>
      <button type="button" data-testid="sign-in">
        Sign in
      </button>
      <CommunityButton />
    </>
  );
}

describe("the community button", () => {
  it("on a phone loads its look under the corner after hydrating and steps aside from a control", async () => {
    installMatchMedia((query) => query.includes("max-width"));
    controlUnderTheCorner();
    render(<Page />);
    const button = screen.getByTestId("community-button");
    // Not during the first render: the look comes once the page is idle.
    expect(hitTests).toBe(0);
    expect(button.hasAttribute("data-hidden")).toBe(false);
    await waitFor(() => expect(button.hasAttribute("data-hidden")).toBe(true));
    expect(button.getAttribute("tabindex")).toBe("-1");
    expect(screen.getByTestId("community-home").getAttribute("aria-hidden")).toBe("true");
  });

  it("on a wide screen never looks and always shows", async () => {
    controlUnderTheCorner();
    render(<Page />);
    // Past the phone's longest wait for the look, with time for its chunk to have arrived.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hitTests).toBe(0);
    expect(screen.getByTestId("community-button").hasAttribute("data-hidden")).toBe(false);
  });
});
