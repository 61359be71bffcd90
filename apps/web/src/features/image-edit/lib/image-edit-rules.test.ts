import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import { describe, expect, it } from "vitest";
import {
  AutoPromptBusyError,
  autoPromptWithRetries,
  buildEditBody,
  collectMore,
  errorRowOf,
  failureCodeOf,
  historyUrls,
  isRefundedRow,
  moveItem,
} from "./image-edit-rules.ts";

const item = (id: number, overrides: Partial<TImageEditHistoryItem> = {}): TImageEditHistoryItem => ({
  id,
  seedream_task_id: `task-${id}`,
  prompt: `prompt ${id}`,
  status: "completed",
  seed: 1,
  image_url: `/r/${id}-1.jpg`,
  all_image_urls: [`/r/${id}-1.jpg`],
  original_image_url: null,
  created_at: "2026-11-25T00:00:00.000Z",
  ...overrides,
});

describe("autoPromptWithRetries (spec 02 §4.3)", () => {
  it("tries 3 times 1.5 s apart, then says the service is busy", async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      autoPromptWithRetries(
        async () => {
          calls += 1;
          throw new Error("busy");
        },
        { sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toBeInstanceOf(AutoPromptBusyError);
    expect(calls).toBe(3);
    expect(waits).toEqual([1500, 1500]);
  });

  it("returns the first prompt that comes back, and does not retry a final refusal", async () => {
    let calls = 0;
    const prompt = await autoPromptWithRetries(
      async () => {
        calls += 1;
        if (calls < 2) throw new Error("busy");
        return "  a sunset sky  ";
      },
      { sleep: async () => {} },
    );
    expect(prompt).toBe("a sunset sky");
    const final = new Error("credits");
    await expect(
      autoPromptWithRetries(
        async () => {
          throw final;
        },
        { sleep: async () => {}, isFinal: (error) => error === final },
      ),
    ).rejects.toBe(final);
  });
});

describe("history", () => {
  it("shows at most 4 URLs of an item", () => {
    const urls = ["1", "2", "3", "4", "5"].map((n) => `/r/${n}.jpg`);
    expect(historyUrls(item(1, { all_image_urls: urls }))).toHaveLength(4);
  });

  it("load more collects up to 5 new visible items in at most 10 extra rounds", async () => {
    // 30 rows; every other one failed or has an error in its prompt, and ids 1-3 are already shown.
    const rows = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 1
        ? item(i + 1, { prompt: JSON.stringify({ prompt: "x", error: "sensitive" }) })
        : item(i + 1),
    );
    const offsets: number[] = [];
    const fetchPage = async (offset: number, limit: number) => {
      offsets.push(offset);
      const page = rows.slice(offset, offset + limit);
      const hasMore = offset + limit < rows.length;
      return { items: page, pagination: { hasMore, nextOffset: hasMore ? offset + limit : null } };
    };
    const more = await collectMore(fetchPage, 0, new Set([1, 3]));
    expect(more.items.map((i) => i.id)).toEqual([5, 7, 9, 11, 13]);
    expect(offsets).toEqual([0, 5, 10]);
    const hidden = Array.from({ length: 100 }, (_, i) => item(i + 1, { status: "failed" }));
    let rounds = 0;
    const none = await collectMore(
      async (offset, limit) => {
        rounds += 1;
        return {
          items: hidden.slice(offset, offset + limit),
          pagination: { hasMore: true, nextOffset: offset + limit },
        };
      },
      0,
      new Set(),
    );
    expect(none.items).toEqual([]);
    expect(rounds).toBe(10);
  });
});

describe("error modal rows (spec 02 §8)", () => {
  it("maps our codes and the vendor's own to their rows", () => {
    expect(errorRowOf("EDIT_OVERSIZE_IMAGE")).toBe("oversize");
    expect(errorRowOf("InvalidParameter.OversizeImage")).toBe("oversize");
    expect(errorRowOf("InvalidParameter.AspectRatioTooLarge")).toBe("aspect");
    expect(errorRowOf("EDIT_INVALID_PARAMETER")).toBe("invalid");
    expect(errorRowOf("OutputImageSensitiveContentDetected")).toBe("sensitive");
    expect(errorRowOf("EDIT_PROVIDER_INTERNAL")).toBe("internal");
    expect(errorRowOf("GATEWAY_524")).toBe("gateway524");
    expect(errorRowOf("EDIT_FAILED")).toBe("other");
    expect(isRefundedRow("sensitive")).toBe(true);
    expect(isRefundedRow("maskedTooLarge")).toBe(true);
    expect(isRefundedRow("gateway524")).toBe(false);
  });
});

describe("error modal rows by the vendor's own code (issue 25: the status answer's error.code)", () => {
  it("reads every row of spec 02 §8 from the vendor's codes, as the server maps them", () => {
    expect(errorRowOf("InvalidParameter.AspectRatio")).toBe("aspect");
    expect(errorRowOf("InvalidParameter.AspectRatioTooSmall")).toBe("aspect");
    // "InvalidParameter (any)": a sub-code the modal has no own row for is still the invalid row.
    expect(errorRowOf("InvalidParameter.UnsupportedImageFormat")).toBe("invalid");
    expect(errorRowOf("MissingParameter")).toBe("invalid");
    expect(errorRowOf("InputImageSensitiveContentDetected")).toBe("sensitive");
    expect(errorRowOf("moderation_blocked")).toBe("sensitive");
    expect(errorRowOf("InternalServiceError")).toBe("internal");
    expect(errorRowOf("server_error")).toBe("internal");
    expect(errorRowOf("EDIT_PROVIDER_TIMEOUT")).toBe("timeout");
    expect(errorRowOf("TIMEOUT")).toBe("timeout");
    expect(errorRowOf("EDIT_MASKED_IMAGE_TOO_LARGE")).toBe("maskedTooLarge");
    expect(errorRowOf("AuthenticationError")).toBe("other");
    expect(errorRowOf(null)).toBe("other");
  });

  it("prefers our code beside the vendor's, and reads error.code alone from an older server", () => {
    expect(failureCodeOf({ code: "InvalidParameter.OversizeImage", gyeolCode: "EDIT_OVERSIZE_IMAGE" })).toBe(
      "EDIT_OVERSIZE_IMAGE",
    );
    expect(failureCodeOf({ code: "EDIT_SENSITIVE_CONTENT" })).toBe("EDIT_SENSITIVE_CONTENT");
    expect(failureCodeOf(null)).toBeNull();
    expect(errorRowOf(failureCodeOf({ code: "JOB_ABANDONED", gyeolCode: "JOB_ABANDONED" }))).toBe("other");
  });
});

describe("buildEditBody", () => {
  it("sends the scaled size, masks only when one is drawn, and the run's settings", () => {
    const body = buildEditBody({
      prompt: " a sunset ",
      images: ["/a.jpg", "/b.jpg"],
      masks: [null, "/m.png"],
      settings: { width: 2048, height: 1024, scale: -1, seed: 77, numImages: 2 },
      autoPromptUsed: true,
    });
    expect(body).toMatchObject({
      prompt: "a sunset",
      masks: [null, "/m.png"],
      // No colour given: the spec's first, blue.
      mask_colors: [null, "blue"],
      size: "1024x512",
      seed: 77,
      num_images: 2,
      auto_prompt_used: true,
      async: true,
    });
    expect(
      buildEditBody({
        prompt: "p",
        images: ["/a.jpg"],
        masks: [null],
        settings: { width: 4096, height: 4096, scale: 2, seed: 1, numImages: 1 },
        autoPromptUsed: false,
      }),
    ).not.toHaveProperty("masks");
  });

  it("sends each mask's colour in the masks' order", () => {
    const body = buildEditBody({
      prompt: "p",
      images: ["/a.jpg", "/b.jpg", "/c.jpg"],
      masks: ["/m1.png", null, "/m3.png"],
      maskColors: ["red", "red", "blue"],
      settings: { width: 2048, height: 2048, scale: 0, seed: 1, numImages: 1 },
      autoPromptUsed: false,
    });
    expect(body.masks).toEqual(["/m1.png", null, "/m3.png"]);
    expect(body.mask_colors).toEqual(["red", null, "blue"]);
  });

  it("moves a tile", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
  });
});
