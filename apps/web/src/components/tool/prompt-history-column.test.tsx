import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n/i18n.ts";
import {
  HISTORY_SEARCH_DEBOUNCE_MS,
  PromptHistoryColumn,
  type TPromptHistoryEntry,
} from "./prompt-history-column.tsx";

const ENTRIES: TPromptHistoryEntry[] = [
  {
    id: 7,
    images: ["/a.jpg", "/b.jpg", "/c.jpg", "/d.jpg", "/e.jpg"],
    prompt: "a sunset",
    note: "May 1",
    isOpenable: true,
  },
  { id: 8, images: [], prompt: "", note: "Generating", isOpenable: false },
];

function column(overrides: Partial<Parameters<typeof PromptHistoryColumn>[0]> = {}) {
  const handlers = { onSearch: vi.fn(), onLoadMore: vi.fn(), onOpen: vi.fn() };
  const view = render(
    <PromptHistoryColumn
      title="History"
      emptyText="Nothing made yet."
      entries={ENTRIES}
      isLoading={false}
      isError={false}
      hasMore
      isLoadingMore={false}
      query=""
      testId="h"
      {...handlers}
      {...overrides}
    />,
  );
  return { ...handlers, view };
}

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18n.changeLanguage("en"));
});

describe("the shared prompt history column", () => {
  it("offers a tool's action (run again) under the entries it applies to, named by the entry, without opening it", () => {
    const onClick = vi.fn();
    const { onOpen } = column({
      entryAction: {
        text: "Run again",
        label: (entry) => `Run again: ${entry.note}`,
        isAvailable: (entry) => entry.isOpenable,
        onClick,
      },
    });
    const action = screen.getByTestId("h-7-action");
    expect(action.getAttribute("aria-label")).toBe("Run again: May 1");
    expect(action.textContent).toBe("Run again");
    expect(screen.queryByTestId("h-8-action")).toBeNull();
    fireEvent.click(action);
    expect(onClick).toHaveBeenCalledWith(ENTRIES[0]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("opens a finished run with up to four of its images; a running one says so and does not open", () => {
    const { onOpen, onLoadMore } = column();
    const first = screen.getByTestId("h-7");
    expect(within(first).getAllByRole("presentation", { hidden: true }).length).toBe(4);
    fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith(ENTRIES[0]);
    const running = screen.getByTestId("h-8") as HTMLButtonElement;
    expect(running.disabled).toBe(true);
    expect(running.textContent).toContain("Generating");
    fireEvent.click(screen.getByTestId("h-more"));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it("searches at once on Enter, and after a pause in typing, once", () => {
    const { onSearch, view } = column();
    const box = screen.getByTestId("h-search");
    fireEvent.change(box, { target: { value: " sunset " } });
    act(() => vi.advanceTimersByTime(HISTORY_SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledWith("sunset");
    view.rerender(
      <PromptHistoryColumn
        title="History"
        emptyText="Nothing made yet."
        entries={[]}
        isLoading={false}
        isError={false}
        hasMore={false}
        isLoadingMore={false}
        query="sunset"
        testId="h"
        onSearch={onSearch}
        onLoadMore={vi.fn()}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByTestId("h-empty").textContent).toContain("Nothing matches your search.");
    fireEvent.change(box, { target: { value: "sky" } });
    fireEvent.submit(box.closest("form")!);
    expect(onSearch).toHaveBeenLastCalledWith("sky");
    act(() => vi.advanceTimersByTime(HISTORY_SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it("shows the tool's fallback when the history cannot be read, else says so in Korean too", async () => {
    const { view } = column({ isError: true, fallback: <p data-testid="local">cached</p> });
    expect(screen.getByTestId("local")).toBeTruthy();
    expect(screen.queryByTestId("h-more")).toBeNull();
    view.unmount();
    await act(() => i18n.changeLanguage("ko"));
    column({ isError: true });
    expect(screen.getByText("기록을 불러오지 못했어요.")).toBeTruthy();
  });

  it("names the tool's empty state when nothing was made", () => {
    column({ entries: [], hasMore: false });
    expect(screen.getByTestId("h-empty").textContent).toContain("Nothing made yet.");
  });
});
