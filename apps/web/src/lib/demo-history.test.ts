import { IMAGE_SOURCES } from "@gyeol/shared/contracts/images";
import { describe, expect, it } from "vitest";
import { buildDemoHistory, DEMO_HISTORY_PER_TAB, DEMO_HISTORY_TABS } from "./demo-history.ts";

describe("the demo user's built-in history (spec 02 §4.5)", () => {
  it("gives each tab 10 completed items whose source is a history source (issue 26)", () => {
    const history = buildDemoHistory(new Date("2026-11-27T12:00:00.000Z"));
    for (const tab of DEMO_HISTORY_TABS) {
      expect(history[tab], tab).toHaveLength(DEMO_HISTORY_PER_TAB);
      for (const item of history[tab]) {
        expect((IMAGE_SOURCES as readonly string[]).includes(item.source), `${tab} ${item.source}`).toBe(
          true,
        );
        expect(item.status).toBe("completed");
      }
    }
    expect(new Set(history.upscale.map((item) => item.source))).toEqual(new Set(["upscale"]));
    expect(new Set(history.imageEdit.map((item) => item.source))).toEqual(new Set(["seedream"]));
    expect(new Set(history.faceEdit.map((item) => item.source))).toEqual(new Set(["face_edit"]));
  });
});
