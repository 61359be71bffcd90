import { buildDemoHistory, type TDemoHistoryTab } from "../../../lib/demo-history.ts";
import type { THistoryTab, THistoryTile } from "../api/image-history.ts";

const DEMO_TAB: Record<THistoryTab, TDemoHistoryTab> = {
  retouch: "upscale",
  generate: "generate",
  imageEdit: "imageEdit",
  faceEdit: "faceEdit",
};

/** The demo user's tiles for a tab (spec 02 §4.5: built-in sample history, no history calls). */
export function buildDemoTiles(tab: THistoryTab, q: string, now = new Date()): THistoryTile[] {
  const needle = q.trim().toLowerCase();
  return buildDemoHistory(now)
    [DEMO_TAB[tab]].filter((item) => !needle || (item.prompt ?? "").toLowerCase().includes(needle))
    .map((item) => ({
      key: `demo-${item.id}`,
      status: item.status,
      imageUrl: item.image_url,
      originalUrl: item.original_image_url,
      thumbnailUrl: item.thumbnail_url,
      prompt: item.prompt,
      createdAt: item.created_at,
    }));
}
