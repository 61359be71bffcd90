import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n/i18n.ts";
import { ProcessingPanel } from "./result-states.tsx";

function panel(etaSeconds: number | null, queuePosition: number | null = 2) {
  return (
    <ProcessingPanel
      title="Retouching your photo"
      previewUrl={null}
      queuePosition={queuePosition}
      etaSeconds={etaSeconds}
      isResumed={false}
      testIdPrefix="tool"
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18n.changeLanguage("en"));
});

describe("the wait, for a screen reader", () => {
  it("shows the countdown by the second but announces only the place and a rough estimate", () => {
    render(panel(150));
    const shown = screen.getByTestId("tool-queue");
    const spoken = screen.getByTestId("tool-queue-spoken");
    expect(shown.getAttribute("aria-hidden")).toBe("true");
    expect(spoken.getAttribute("role")).toBe("status");
    expect(shown.textContent).toBe("Number 2 in the queue · About 3 min left");
    expect(spoken.textContent).toBe("Number 2 in the queue · About 3 min left");

    // The visible countdown moves by the second; the announcement changes only with the minute.
    act(() => vi.advanceTimersByTime(70_000));
    expect(shown.textContent).toBe("Number 2 in the queue · About 80 s left");
    expect(spoken.textContent).toBe("Number 2 in the queue · About 1 min left");
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown.textContent).toBe("Number 2 in the queue · About 70 s left");
    expect(spoken.textContent).toBe("Number 2 in the queue · About 1 min left");
    act(() => vi.advanceTimersByTime(20_000));
    expect(spoken.textContent).toBe("Number 2 in the queue · Less than a minute left");
  });

  it("speaks Korean on a Korean page", async () => {
    await act(() => i18n.changeLanguage("ko"));
    render(panel(30, 0));
    expect(screen.getByTestId("tool-queue-spoken").textContent).toBe("지금 처리 중 · 1분 안에 끝나요");
  });
});
