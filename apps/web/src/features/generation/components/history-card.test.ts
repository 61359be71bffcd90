import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { generationEntry } from "./history-card.tsx";

function item(patch: Partial<THistoryItem>): THistoryItem {
  return {
    id: 7,
    prompt: "a fox in snow",
    status: "completed",
    code: null,
    image_url: "/files/r0.jpg",
    all_image_urls: ["/files/r0.jpg", "/files/r1.jpg"],
    created_at: "2026-11-27T10:00:00.000Z",
    ...patch,
  } as THistoryItem;
}

describe("generation's history entries (issue 26)", () => {
  it("says a cancelled run was cancelled, not that it failed, in both languages", async () => {
    await i18n.loadAll();
    await i18n.changeLanguage("en");
    const cancelled = item({ status: "failed", code: "JOB_CANCELLED", image_url: null, all_image_urls: [] });
    expect(generationEntry(cancelled, i18n.t, "en")).toMatchObject({ note: "Cancelled", isOpenable: false });
    expect(generationEntry(item({ status: "failed", code: "GENERATION_FAILED" }), i18n.t, "en").note).toBe(
      "Failed",
    );
    await i18n.changeLanguage("ko");
    expect(generationEntry(cancelled, i18n.t, "ko").note).toBe("취소됨");
    expect(generationEntry(item({ status: "processing" }), i18n.t, "ko").note).toBe("생성 중");
    expect(generationEntry(item({}), i18n.t, "ko").isOpenable).toBe(true);
  });
});
