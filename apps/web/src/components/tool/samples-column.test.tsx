import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n/i18n.ts";
import { moveId, SamplesColumn, type TSampleCard } from "./samples-column.tsx";

const SAMPLES: TSampleCard[] = [
  { id: 1, prompt: "a sunset", thumbnail_url: "/t/1.jpg", result_urls: ["/r/1.jpg"] },
  { id: 2, prompt: "a bouquet", thumbnail_url: null, result_urls: ["/r/2.jpg"] },
  { id: 3, prompt: "a cat", thumbnail_url: null, result_urls: [] },
];

function column(overrides: Partial<Parameters<typeof SamplesColumn>[0]> = {}) {
  const handlers = { onApply: vi.fn(), onAdd: vi.fn(), onDelete: vi.fn(), onReorder: vi.fn() };
  render(
    <SamplesColumn
      samples={SAMPLES}
      isError={false}
      isAdmin
      canAdd
      testId="tool-sample"
      {...handlers}
      {...overrides}
    />,
  );
  return handlers;
}

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("moveId", () => {
  it("moves one id and clamps to the list", () => {
    expect(moveId([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveId([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 9)).toEqual([1, 2, 3]);
  });
});

describe("the shared samples column", () => {
  it("applies a sample on click, for everyone, with no admin controls for a user", () => {
    const { onApply } = column({ isAdmin: false });
    fireEvent.click(screen.getByRole("button", { name: "Apply sample: a bouquet" }));
    expect(onApply).toHaveBeenCalledWith(SAMPLES[1]);
    expect(screen.queryByTestId("tool-sample-add")).toBeNull();
    expect(screen.queryByRole("button", { name: "Move up" })).toBeNull();
    expect(screen.queryByTestId("tool-sample-delete")).toBeNull();
  });

  it("deletes only after the confirmation, and not when it is cancelled", () => {
    const { onDelete } = column();
    const cards = screen.getAllByTestId("tool-sample");
    fireEvent.click(within(cards[0]!).getByTestId("tool-sample-delete"));
    fireEvent.click(screen.getByTestId("tool-sample-delete-confirm-cancel"));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(within(cards[1]!).getByTestId("tool-sample-delete"));
    expect(screen.getByText("Delete this sample?")).toBeTruthy();
    fireEvent.click(screen.getByTestId("tool-sample-delete-confirm-confirm"));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledWith(SAMPLES[1]);
  });

  it("reorders by keyboard with the up and down buttons (the ends are off) and by dragging", () => {
    const { onReorder } = column();
    const cards = screen.getAllByTestId("tool-sample");
    expect((within(cards[0]!).getByRole("button", { name: "Move up" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(cards[2]!).getByRole("button", { name: "Move down" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(cards[1]!).getByRole("button", { name: "Move up" }));
    expect(onReorder).toHaveBeenLastCalledWith([2, 1, 3]);
    fireEvent.click(within(cards[1]!).getByRole("button", { name: "Move down" }));
    expect(onReorder).toHaveBeenLastCalledWith([1, 3, 2]);
    fireEvent.dragStart(cards[2]!);
    fireEvent.drop(cards[0]!);
    expect(onReorder).toHaveBeenLastCalledWith([3, 1, 2]);
  });

  it("adds the current result for an administrator only when there is one, saying why otherwise", () => {
    const { onAdd } = column({ canAdd: false });
    const add = screen.getByTestId("tool-sample-add") as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toBe("A sample needs a prompt and a result image.");
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("adds the current result when there is one", () => {
    const { onAdd } = column();
    fireEvent.click(screen.getByRole("button", { name: "Add the current result as a sample" }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it("says when there are none, and when they could not be loaded, in Korean too", async () => {
    await act(() => i18n.changeLanguage("ko"));
    const { unmount } = render(
      <SamplesColumn
        samples={[]}
        isError={false}
        isAdmin={false}
        canAdd={false}
        testId="x"
        onApply={vi.fn()}
        onAdd={vi.fn()}
        onDelete={vi.fn()}
        onReorder={vi.fn()}
      />,
    );
    expect(screen.getByTestId("xs-empty").textContent).toBe("아직 샘플이 없어요.");
    unmount();
    render(
      <SamplesColumn
        samples={undefined}
        isError
        isAdmin={false}
        canAdd={false}
        testId="x"
        onApply={vi.fn()}
        onAdd={vi.fn()}
        onDelete={vi.fn()}
        onReorder={vi.fn()}
      />,
    );
    expect(screen.getByText("샘플을 불러오지 못했어요.")).toBeTruthy();
  });
});
