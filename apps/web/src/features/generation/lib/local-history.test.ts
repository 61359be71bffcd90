import { beforeEach, describe, expect, it } from "vitest";
import {
  addLocalHistory,
  localHistoryKey,
  localItemsFrom,
  readLocalHistory,
  replaceLocalHistory,
} from "./local-history.ts";

const item = (n: number) => ({
  id: `task-${n}`,
  prompt: `prompt ${n}`,
  referenceImageUrl: null,
  characterImageUrl: null,
  resultUrls: [`/r/${n}.jpg`],
  createdAt: new Date(2026, 0, 1, 0, n).toISOString(),
});

describe("generation local history (spec 02 §9: 50 items per user)", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the newest 50 items per user, newest first, without duplicates", () => {
    for (let n = 0; n < 60; n++) addLocalHistory(7, item(n));
    addLocalHistory(7, item(59));
    const items = readLocalHistory(7);
    expect(items).toHaveLength(50);
    expect(items[0]!.id).toBe("task-59");
    expect(items[49]!.id).toBe("task-10");
    expect(readLocalHistory(8)).toEqual([]);
  });

  it("reads a damaged entry as empty", () => {
    localStorage.setItem(localHistoryKey(7), "{not json");
    expect(readLocalHistory(7)).toEqual([]);
  });

  it("fills the cache from the server's completed kling items, all their images, newest 50", () => {
    const server = (id: number, status: "completed" | "failed") => ({
      id,
      image_url: `/r/${id}-0.jpg`,
      original_image_url: `/o/${id}.jpg`,
      thumbnail_url: null,
      prompt: `p${id}`,
      seed: null,
      source: "kling" as const,
      status,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
      kling_task_id: `k${id}`,
      seedream_task_id: null,
      all_image_urls: [`/r/${id}-0.jpg`, `/r/${id}-1.jpg`],
      runpod_job_id: null,
    });
    const items = localItemsFrom([server(1, "completed"), server(2, "failed")]);
    expect(items).toEqual([
      {
        id: "k1",
        prompt: "p1",
        referenceImageUrl: "/o/1.jpg",
        characterImageUrl: null,
        resultUrls: ["/r/1-0.jpg", "/r/1-1.jpg"],
        createdAt: "2026-01-01T00:00:00.000Z",
      },
    ]);
    replaceLocalHistory(7, items);
    expect(readLocalHistory(7)).toEqual(items);
  });
});
