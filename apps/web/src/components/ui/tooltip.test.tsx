import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Tooltip } from "./tooltip.tsx";

describe("Tooltip", () => {
  it("opens on a tap, since phones have no hover, and closes on Escape", async () => {
    render(
      <Tooltip content="Cancelled: ends on 1 May" testId="why">
        <button type="button" disabled>
          Change plan
        </button>
      </Tooltip>,
    );
    expect(screen.queryByTestId("why")).toBeNull();
    fireEvent.click(screen.getByTestId("why-trigger"));
    expect((await screen.findByTestId("why")).textContent).toContain("Cancelled: ends on 1 May");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(screen.queryByTestId("why")).toBeNull();
  });
});
