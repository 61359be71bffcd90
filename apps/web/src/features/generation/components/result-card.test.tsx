import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { ResultCard } from "./result-card.tsx";

const RUN = {
  phase: "completed" as const,
  taskId: "t1",
  asked: 2,
  images: ["/files/r0.jpg", "/files/r1.jpg"],
  partial: false,
  isLong: false,
  code: null,
  isResumed: false,
};

function renderCard() {
  return render(
    <ResultCard
      run={RUN}
      canShare={false}
      busyDownloadUrl={null}
      onZoom={vi.fn()}
      onDownload={vi.fn()}
      onShare={vi.fn()}
      onSendToUpscale={vi.fn()}
    />,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the generation result's names for screen readers", () => {
  it("names each result image's zoom button by its place, in English and Korean", async () => {
    renderCard();
    expect(screen.getByRole("button", { name: "Zoom generated image 1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Zoom generated image 2" })).toBeTruthy();
    await act(() => i18n.changeLanguage("ko"));
    expect(screen.getByRole("button", { name: "생성된 이미지 2 크게 보기" })).toBeTruthy();
  });
});

describe("edit this result again on generation (issue 26)", () => {
  it("offers each result as the next input, named in the page's language, and not while a run works", async () => {
    const onEditAgain = vi.fn();
    const props = {
      canShare: false,
      busyDownloadUrl: null,
      onZoom: vi.fn(),
      onDownload: vi.fn(),
      onShare: vi.fn(),
      onSendToUpscale: vi.fn(),
    };
    const view = render(<ResultCard run={RUN} {...props} onEditAgain={onEditAgain} />);
    const buttons = screen.getAllByRole("button", { name: "Edit this result again" });
    expect(buttons).toHaveLength(2);
    act(() => buttons[1]!.click());
    expect(onEditAgain).toHaveBeenCalledWith("/files/r1.jpg");
    await act(() => i18n.changeLanguage("ko"));
    expect(screen.getAllByRole("button", { name: "이 결과로 다시 편집" })).toHaveLength(2);
    view.rerender(<ResultCard run={RUN} {...props} />);
    expect(screen.queryByTestId("generation-edit-again")).toBeNull();
  });
});

describe("cancelling a generation (issue 26)", () => {
  it("offers Cancel while the run is followed, and only then", () => {
    const onCancel = vi.fn();
    const props = {
      canShare: false,
      busyDownloadUrl: null,
      onZoom: vi.fn(),
      onDownload: vi.fn(),
      onShare: vi.fn(),
      onSendToUpscale: vi.fn(),
      onCancel,
    };
    const view = render(<ResultCard run={{ ...RUN, phase: "generating", images: [] }} {...props} />);
    act(() => screen.getByTestId("generation-cancel").click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("generation-cancel").textContent).toBe("Cancel (credits refunded)");
    view.rerender(<ResultCard run={RUN} {...props} />);
    expect(screen.queryByTestId("generation-cancel")).toBeNull();
  });
});
