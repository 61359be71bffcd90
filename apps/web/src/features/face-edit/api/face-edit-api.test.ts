import { afterEach, describe, expect, it, vi } from "vitest";
import { faceEditHistoryLimit, faceEditHistoryQuery, fetchFaceEditStatus } from "./face-edit-api.ts";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("face edit calls (spec 02 §7, §9)", () => {
  it("pages the history 15 first, then 10", () => {
    expect(faceEditHistoryLimit(0)).toBe(15);
    expect(faceEditHistoryLimit(15)).toBe(10);
    expect(faceEditHistoryLimit(25)).toBe(10);
  });

  it("asks the history of source face_edit with those limits and follows the next offset", async () => {
    const fetchMock = stubFetch({ success: true, images: [], pagination: { hasMore: true, nextOffset: 15 } });
    const query = faceEditHistoryQuery(7);
    const signal = new AbortController().signal;
    const first = await query.queryFn!({ pageParam: 0, signal } as never);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      "/api/image/history/7?source=face_edit&limit=15&offset=0",
    );
    expect(query.getNextPageParam(first, [first], 0, [0])).toBe(15);
    await query.queryFn!({ pageParam: 15, signal } as never);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe(
      "/api/image/history/7?source=face_edit&limit=10&offset=15",
    );
  });

  it("polls the status with source=face_edit", async () => {
    const fetchMock = stubFetch({ success: true, status: "in-progress" });
    await fetchFaceEditStatus("job 1");
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/image/status/job%201?source=face_edit");
  });
});
