import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { NoticeListPage } from "./notice-list-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A board of `total` notices, 10 a page, answering whatever page is asked. */
function board(total: number) {
  const totalPages = Math.ceil(total / 10);
  return vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== "/api/notices") return jsonResponse(404, { success: false, code: "NOT_FOUND" });
    const page = Number(url.searchParams.get("page") ?? "1");
    const first = (page - 1) * 10;
    const items = Array.from({ length: Math.max(0, Math.min(10, total - first)) }, (_, i) => ({
      id: first + i + 1,
      title: `Notice ${first + i + 1}`,
      pinned: false,
      author_name: "Admin",
      created_at: "2026-11-01T00:00:00Z",
    }));
    return jsonResponse(200, { success: true, items, page, totalPages });
  });
}

describe("notice list page", () => {
  it("shows the last page for a page past the end instead of an empty board", async () => {
    const { router } = renderRoutes([{ path: "/en/notice", element: <NoticeListPage /> }], {
      path: "/en/notice?page=99",
      fetchImpl: board(13),
    });
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect(await screen.findAllByTestId("notice-row")).toHaveLength(3);
    expect(screen.queryByTestId("notice-empty")).toBeNull();
  });

  it("says the board is empty only when there are no notices", async () => {
    renderRoutes([{ path: "/en/notice", element: <NoticeListPage /> }], {
      path: "/en/notice?page=3",
      fetchImpl: board(0),
    });
    expect(await screen.findByTestId("notice-empty")).toBeTruthy();
  });
});
