import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import {
  autoPrompt,
  bannedKeywordIn,
  extractPromptFromImage,
  fetchBannedKeywords,
  rewritePrompt,
} from "./prompt-helpers.ts";

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("prompt helper clients", () => {
  it("rewrite pays 3 credits ahead, then asks for the rewrite", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ success: true, credits: 7, useId: "u1" }))
      .mockResolvedValueOnce(json({ success: true, rewrittenPrompt: "new", threadId: "t1" }));
    vi.stubGlobal("fetch", fetchMock);
    const answer = await rewritePrompt({ userPrompt: "warmer", currentPrompt: "old" });
    expect(answer.rewrittenPrompt).toBe("new");
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/credit/use");
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ amount: 3 });
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/ai/rewrite");
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({
      userPrompt: "warmer",
      currentPrompt: "old",
      threadId: null,
    });
  });

  it("extract sends the image as the body; an unconnected model is a translated code", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ success: true, prompt: "a cat" }))
      .mockResolvedValueOnce(json({ success: false, code: "LLM_NOT_CONFIGURED", error: "x" }, 503));
    vi.stubGlobal("fetch", fetchMock);
    const image = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    expect((await extractPromptFromImage(image)).prompt).toBe("a cat");
    expect(fetchMock.mock.calls[0]![1].headers["Content-Type"]).toBe("image/png");
    expect(fetchMock.mock.calls[0]![1].body).toBe(image);
    const failure = await extractPromptFromImage(image).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("LLM_NOT_CONFIGURED");
  });

  it("auto-prompt posts images and notes", async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ success: true, prompt: "edit" }));
    vi.stubGlobal("fetch", fetchMock);
    await autoPrompt(["data:image/png;base64,AA"], "sea");
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({
      images: ["data:image/png;base64,AA"],
      userNotes: "sea",
    });
  });

  it("banned keywords: the server's list, else the spec's fallback; checked lower-cased", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json({ success: true, keywords: ["lingerie"] })));
    expect(await fetchBannedKeywords()).toEqual(["lingerie"]);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fallback = await fetchBannedKeywords();
    expect(fallback).toEqual(["nude", "breast", "hot body", "sexy", "bikini"]);
    expect(bannedKeywordIn("A Hot Body at the beach", fallback)).toBe("hot body");
    expect(bannedKeywordIn("a calm portrait", fallback)).toBeNull();
  });
});
