import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { MyPageHistorySlot } from "./history-slot.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [{ path: "/en/mypage", element: <MyPageHistorySlot userId={7} /> }];

type TStatus = "completed" | "processing" | "failed";

function item(id: number, source: string, status: TStatus = "completed", createdAt = "2025-08-01T03:00:00Z") {
  return {
    id,
    image_url: `/r/${id}.jpg`,
    original_image_url: `/o/${id}.jpg`,
    thumbnail_url: `/t/${id}.jpg`,
    prompt: `prompt ${id}`,
    seed: null,
    source,
    status,
    created_at: createdAt,
    updated_at: createdAt,
    kling_task_id: null,
    seedream_task_id: null,
    all_image_urls: null,
    runpod_job_id: null,
  };
}

function page(images: unknown[], hasMore = false, nextOffset: number | null = null) {
  return { success: true, images, pagination: { hasMore, nextOffset } };
}

/** Answers the history calls by source; anything else (seedream included) is a 404. */
function historyApi(bySource: Record<string, (url: URL) => Response>) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const source = url.searchParams.get("source") ?? "";
    const answer = url.pathname === "/api/image/history/7" ? bySource[source] : undefined;
    return answer ? answer(url) : jsonResponse(404, { error: "Not found" });
  };
}

function historyCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname.includes("history"));
}

describe("My Page image history", () => {
  it("reads each tab's source: upscale, kling and consistency merged, seedream, face_edit", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { fetchMock } = renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: historyApi({
        upscale: () => jsonResponse(200, page([item(1, "upscale")])),
        kling: () => jsonResponse(200, page([item(2, "kling", "completed", "2025-08-01T01:00:00Z")])),
        consistency: () =>
          jsonResponse(200, page([item(3, "consistency", "completed", "2025-08-02T01:00:00Z")])),
        face_edit: () => jsonResponse(200, page([item(4, "face_edit")])),
      }),
    });
    await waitFor(() => expect(screen.getAllByTestId("history-tile")).toHaveLength(1));
    const first = historyCalls(fetchMock)[0]!;
    expect(first.searchParams.get("source")).toBe("upscale");
    expect(first.searchParams.get("limit")).toBe("25");
    expect(first.searchParams.get("offset")).toBe("0");

    fireEvent.click(screen.getByTestId("history-tab-generate"));
    await waitFor(() => expect(screen.getAllByTestId("history-tile")).toHaveLength(2));
    // Newest first across the two sources.
    const images = within(screen.getByTestId("history-grid")).getAllByRole("img");
    expect(images.map((img) => img.getAttribute("src"))).toEqual(["/t/3.jpg", "/t/2.jpg"]);
    expect(screen.getByTestId("history-search")).toBeTruthy();

    fireEvent.click(screen.getByTestId("history-tab-faceEdit"));
    await waitFor(() => expect(screen.getByAltText("prompt 4")).toBeTruthy());
    expect(screen.queryByTestId("history-search")).toBeNull();

    const sources = historyCalls(fetchMock).map((url) => url.searchParams.get("source"));
    expect(sources).toEqual(["upscale", "kling", "consistency", "face_edit"]);
  });

  it("shows a multi-image generation run as one tile that opens to each of its images", async () => {
    const run = { ...item(5, "kling"), all_image_urls: ["/r/k1.jpg", "/r/k2.jpg", "/r/k3.jpg"] };
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: historyApi({
        upscale: () => jsonResponse(200, page([])),
        kling: () => jsonResponse(200, page([run])),
        consistency: () => jsonResponse(200, page([])),
      }) as typeof fetch,
    });
    fireEvent.click(await screen.findByTestId("history-tab-generate"));
    const tile = await screen.findByTestId("history-tile");
    expect(within(tile).getByTestId("history-tile-count").textContent).toBe("3 images");
    fireEvent.click(within(tile).getByRole("button"));
    const viewer = await screen.findByTestId("history-viewer");
    const sources = () =>
      within(viewer)
        .getAllByRole("img")
        .map((img) => img.getAttribute("src"));
    expect(sources()).toContain("/r/k1.jpg");
    expect(within(viewer).getByTestId("history-viewer-counter").textContent).toBe("1 / 3");
    fireEvent.click(within(viewer).getByRole("button", { name: "Next image" }));
    fireEvent.click(within(viewer).getByRole("button", { name: "Next image" }));
    await waitFor(() => expect(sources()).toContain("/r/k3.jpg"));
    expect(sources()).not.toContain("/r/k1.jpg");
  });

  it("shows the empty state when the image-edit history call fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { fetchMock } = renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: historyApi({ upscale: () => jsonResponse(200, page([])) }),
    });
    await screen.findByTestId("history-empty");
    fireEvent.click(screen.getByTestId("history-tab-imageEdit"));
    await waitFor(() =>
      expect(historyCalls(fetchMock).some((url) => url.pathname === "/api/seedream/history")).toBe(true),
    );
    expect(await screen.findByText("No images yet.")).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    const call = historyCalls(fetchMock).find((url) => url.pathname === "/api/seedream/history")!;
    expect(call.searchParams.get("grouped")).toBe("1");
  });

  it("searches the generate prompts with Enter and with the button", async () => {
    const { fetchMock } = renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: historyApi({
        upscale: () => jsonResponse(200, page([])),
        kling: () => jsonResponse(200, page([])),
        consistency: () => jsonResponse(200, page([])),
      }),
    });
    fireEvent.click(await screen.findByTestId("history-tab-generate"));
    const box = await screen.findByTestId("history-search");
    fireEvent.change(box, { target: { value: "window light" } });
    fireEvent.submit(box);
    await waitFor(() =>
      expect(
        historyCalls(fetchMock).filter((url) => url.searchParams.get("q") === "window light"),
      ).toHaveLength(2),
    );
    fireEvent.change(box, { target: { value: "film" } });
    fireEvent.click(screen.getByTestId("history-search-submit"));
    await waitFor(() =>
      expect(historyCalls(fetchMock).filter((url) => url.searchParams.get("q") === "film")).toHaveLength(2),
    );
  });

  it("opens only completed items; processing and failed tiles say so", async () => {
    const presigned: string[] = [];
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => "blob:saved");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const history = historyApi({
      upscale: () =>
        jsonResponse(
          200,
          page([item(1, "upscale"), item(2, "upscale", "processing"), item(3, "upscale", "failed")]),
        ),
    });
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === "/api/image/presign-download") {
          const asked = JSON.parse(String(init?.body)).url as string;
          presigned.push(asked);
          const name = asked.split("/").pop() ?? "";
          return jsonResponse(200, {
            success: true,
            downloadUrl: `https://cdn.example${asked}?sig=1`,
            filename: `result-${name}`,
          });
        }
        if (url.startsWith("https://cdn.example/")) return new Response(new Blob(["jpeg"]), { status: 200 });
        return history(input);
      }) as typeof fetch,
    });
    await waitFor(() => expect(screen.getAllByTestId("history-tile")).toHaveLength(3));
    const [done, processing, failed] = screen.getAllByTestId("history-tile");
    expect(within(processing!).queryByRole("button")).toBeNull();
    expect(within(processing!).getAllByText("Processing").length).toBeGreaterThan(0);
    expect(within(failed!).queryByRole("button")).toBeNull();
    expect(within(failed!).getAllByText("Processing failed").length).toBeGreaterThan(0);
    fireEvent.click(processing!.querySelector("img")!);
    expect(screen.queryByTestId("history-viewer")).toBeNull();

    fireEvent.click(within(done!).getByRole("button"));
    const viewer = await screen.findByTestId("history-viewer");
    // Downloads go through the presign-and-retry download, never a bare <a download> (which a
    // signed cross-origin URL ignores).
    expect(within(viewer).getByTestId("history-viewer-download-result").hasAttribute("href")).toBe(false);
    fireEvent.click(within(viewer).getByTestId("history-viewer-download-result"));
    await waitFor(() => expect(presigned).toEqual(["/r/1.jpg"]));
    await waitFor(() => expect(saved).toEqual(["result-1.jpg"]));
    fireEvent.click(within(viewer).getByTestId("history-viewer-download-original"));
    await waitFor(() => expect(presigned).toEqual(["/r/1.jpg", "/o/1.jpg"]));
    fireEvent.keyDown(viewer, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("history-viewer")).toBeNull());
  });

  it("says 'cancelled', not 'processing failed', for a job its owner cancelled", async () => {
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: historyApi({
        upscale: () =>
          jsonResponse(
            200,
            page([
              { ...item(1, "upscale", "failed"), code: "JOB_CANCELLED" },
              { ...item(2, "upscale", "failed"), code: "ENGINE_FAILED" },
            ]),
          ),
      }),
    });
    await waitFor(() => expect(screen.getAllByTestId("history-tile")).toHaveLength(2));
    const [cancelled, failed] = screen.getAllByTestId("history-tile");
    expect(cancelled!.getAttribute("data-status")).toBe("cancelled");
    expect(within(cancelled!).getAllByText("Cancelled").length).toBeGreaterThan(0);
    expect(within(cancelled!).queryByText("Processing failed")).toBeNull();
    expect(within(cancelled!).queryByRole("button")).toBeNull();
    expect(within(failed!).getAllByText("Processing failed").length).toBeGreaterThan(0);
  });

  it("asks for 5 more from the next offset on Load more", async () => {
    const { fetchMock } = renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: historyApi({
        upscale: (url) =>
          url.searchParams.get("offset") === "0"
            ? jsonResponse(200, page([item(1, "upscale")], true, 25))
            : jsonResponse(200, page([item(2, "upscale", "completed", "2025-07-01T00:00:00Z")])),
      }),
    });
    fireEvent.click(await screen.findByTestId("history-more"));
    await waitFor(() => expect(screen.getAllByTestId("history-tile")).toHaveLength(2));
    const more = historyCalls(fetchMock)[1]!;
    expect(more.searchParams.get("offset")).toBe("25");
    expect(more.searchParams.get("limit")).toBe("5");
    expect(screen.queryByTestId("history-more")).toBeNull();
  });

  it("shows the demo user's 10 built-in items and makes no history call", async () => {
    const { fetchMock } = renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ isDemoUser: true }),
    });
    await waitFor(() => expect(screen.getAllByTestId("history-tile")).toHaveLength(10));
    fireEvent.click(screen.getByTestId("history-tab-imageEdit"));
    expect(screen.getAllByTestId("history-tile")).toHaveLength(10);
    expect(historyCalls(fetchMock)).toHaveLength(0);
  });
});
