import { TOOL_IDS, TOOLS } from "@gyeol/shared/tools";
import { describe, expect, it } from "vitest";
import {
  collectMoreTiles,
  firstCursor,
  HISTORY_TABS,
  type THistoryCursor,
  type THistoryTile,
  tabFeeds,
} from "./image-history.ts";

const tile = (key: string): THistoryTile => ({
  key,
  status: "completed",
  imageUrl: `/r/${key}.jpg`,
  originalUrl: null,
  thumbnailUrl: `/r/${key}.jpg`,
  prompt: null,
  createdAt: "2026-11-25T00:00:00.000Z",
});

describe("My Page load more on the Generate and Image Edit tabs (issue 15)", () => {
  it("collects 5 tiles not shown yet, skipping repeats a shifted offset brings back", async () => {
    // The feed grew by 3 since the first page: the next pages start with tiles already shown.
    const feed = ["a3", "a2", "a1", "b1", "b2", "b3", "b4", "b5", "b6", "b7"].map(tile);
    const cursors: THistoryCursor[] = [];
    const more = await collectMoreTiles(
      async (cursor) => {
        cursors.push(cursor);
        const offset = cursor.seedream ?? 0;
        const page = feed.slice(offset, offset + 2);
        return { tiles: page, next: offset + 2 < feed.length ? { seedream: offset + 2 } : undefined };
      },
      { seedream: 0 },
      new Set(["seedream-a1", "a1", "a2", "a3"]),
    );
    expect(more.tiles.map((t) => t.key)).toEqual(["b1", "b2", "b3", "b4", "b5"]);
    expect(cursors).toEqual([{ seedream: 0 }, { seedream: 2 }, { seedream: 4 }, { seedream: 6 }]);
    expect(more.next).toEqual({ seedream: 8 });
  });

  it("stops after 10 rounds, or when every feed ended", async () => {
    let rounds = 0;
    const stuck = await collectMoreTiles(
      async (cursor) => {
        rounds += 1;
        return { tiles: [tile("old")], next: { kling: (cursor.kling ?? 0) + 5 } };
      },
      { kling: 5 },
      new Set(["old"]),
    );
    expect(rounds).toBe(10);
    expect(stuck.tiles).toEqual([]);
    expect(stuck.next).toEqual({ kling: 55 });
    const ended = await collectMoreTiles(
      async () => ({ tiles: [tile("x")], next: undefined }),
      { kling: 5 },
      new Set(),
    );
    expect(ended).toMatchObject({ tiles: [tile("x")], next: undefined, rounds: 1 });
  });
});

describe("My Page tabs read the tools' history sources from the registry (issue 26)", () => {
  it("keeps the sources each tab has always read (spec 02 §2.5, §4.5)", () => {
    expect(firstCursor("retouch")).toEqual({ upscale: 0 });
    expect(firstCursor("generate")).toEqual({ kling: 0, consistency: 0 });
    expect(firstCursor("imageEdit")).toEqual({ seedream: 0 });
    expect(firstCursor("faceEdit")).toEqual({ face_edit: 0 });
  });

  it("lists every tool's history on exactly one tab", () => {
    for (const id of TOOL_IDS) {
      const tabs = HISTORY_TABS.filter((tab) => tabFeeds(tab).includes(TOOLS[id].historySource));
      expect(tabs, id).toHaveLength(1);
    }
  });
});
