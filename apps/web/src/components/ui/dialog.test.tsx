import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog.tsx";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Cancel subscription
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Cancel your plan?" testId="dialog">
        <button type="button" data-testid="inside">
          Keep it
        </button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("moves focus inside while open and gives it back to the control that opened it on Escape", async () => {
    render(<Opener />);
    const opener = screen.getByTestId("opener");
    act(() => opener.focus());
    fireEvent.click(opener);
    await screen.findByTestId("dialog");
    await waitFor(() => expect(screen.getByTestId("dialog").contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
