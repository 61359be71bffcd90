import { describe, expect, it } from "vitest";
import { IMAGE_SOURCES } from "./contracts/images.ts";
import { POLL_SCHEDULES } from "./polling.ts";
import { APP_ROUTES } from "./routes.ts";
import { TOOL_IDS, TOOLS, toolOfHistorySource, toolOfJob } from "./tools.ts";

describe("the tool registry (issue 26)", () => {
  it("keeps the spec's and the database's names: job kinds, history sources, API prefixes", () => {
    expect(TOOLS.retouch).toMatchObject({
      job: "upscale",
      historySource: "upscale",
      apiPrefix: "/api/image",
    });
    expect(TOOLS.faceEdit).toMatchObject({ job: "face_edit", historySource: "face_edit" });
    expect(TOOLS.imageEdit).toMatchObject({
      job: "image_edit",
      historySource: "seedream",
      apiPrefix: "/api/seedream",
    });
    expect(TOOLS.generation).toMatchObject({ job: "kling", historySource: "kling", apiPrefix: "/api/kling" });
  });

  it("names only sources, routes and poll schedules that exist", () => {
    const routeIds = new Set(APP_ROUTES.map((route) => route.id));
    for (const id of TOOL_IDS) {
      const tool = TOOLS[id];
      expect((IMAGE_SOURCES as readonly string[]).includes(tool.historySource), id).toBe(true);
      expect(routeIds.has(tool.routeId), id).toBe(true);
      expect(POLL_SCHEDULES[tool.poll], id).toBeDefined();
    }
  });

  it("gives each tool its own job kind, history source and samples tool, and finds the tool back", () => {
    for (const field of ["job", "historySource", "apiPrefix", "routeId", "creditReason"] as const) {
      const values = TOOL_IDS.map((id) => TOOLS[id][field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    for (const id of TOOL_IDS) {
      expect(toolOfJob(TOOLS[id].job)).toBe(id);
      expect(toolOfHistorySource(TOOLS[id].historySource)).toBe(id);
    }
    expect(toolOfJob("chat")).toBeUndefined();
    expect(toolOfHistorySource("product_try")).toBeUndefined();
  });
});
