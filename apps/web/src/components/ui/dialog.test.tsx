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

/** Like the pricing page: the button waits (disabled) for an answer, then the dialog opens. */
function OpensAfterAnAnswer() {
  const [open, setOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <>
      <button type="button" data-testid="opener" disabled={isBusy} onClick={() => setIsBusy(true)}>
        Upgrade
      </button>
      <button
        type="button"
        data-testid="answer"
        onClick={() => {
          setIsBusy(false);
          setOpen(true);
        }}
      >
        (the server answers)
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Change plan?" testId="dialog" />
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

  it("gives focus back to its opener when the opener dropped focus while the dialog was on its way", async () => {
    render(<OpensAfterAnAnswer />);
    const opener = screen.getByTestId("opener");
    act(() => opener.focus());
    // The browser blurs a button that turns disabled; focus is on <body> when the dialog mounts.
    act(() => opener.blur());
    fireEvent.click(opener);
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByTestId("answer"));
    await screen.findByTestId("dialog");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
