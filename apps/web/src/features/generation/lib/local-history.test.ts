import { beforeEach, describe, expect, it } from "vitest";
import { addLocalHistory, localHistoryKey, readLocalHistory } from "./local-history.ts";

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
});
