import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n/i18n.ts";
import type { THistoryTile } from "../api/image-history.ts";
import { HistoryTile } from "./history-tile.tsx";

const TILE: THistoryTile = {
  key: "kling-1",
  status: "completed",
  imageUrl: "/files/r0.jpg",
  originalUrl: null,
  thumbnailUrl: null,
  prompt: "a fox in the snow",
  createdAt: "2026-11-25T03:00:00.000Z",
  images: ["/files/r0.jpg", "/files/r1.jpg"],
};

function renderTile(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ul>
        <HistoryTile tile={TILE} onOpen={vi.fn()} />
      </ul>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("a history tile's name", () => {
  it("says what opening does, then everything the tile shows (label in name), in English", () => {
    renderTile("/en/mypage");
    const button = screen.getByRole("button");
    const name = button.textContent ?? "";
    expect(name.startsWith("Open the image:")).toBe(true);
    // No aria-label: the name is the tile's own words, so a voice user can say what they see.
    expect(button.getAttribute("aria-label")).toBeNull();
    expect(
      screen.getByRole("button", { name: /^Open the image: a fox in the snow 2 images .*2026.* Completed$/ }),
    ).toBe(button);
  });

  it("in Korean", async () => {
    await act(() => i18n.changeLanguage("ko"));
    renderTile("/mypage");
    expect(screen.getByRole("button", { name: /^이미지 크게 보기: a fox in the snow/ })).toBeTruthy();
  });
});
