/**
 * The demo user's built-in My Page history (spec 02 §4.5: "Demo user: built-in sample history (10
 * items each for product try, upscale, generate, image edit, face edit) and no history calls").
 * Built from the sample photos the web app ships (public/samples), newest first, all completed.
 * My Page's history panel shows `buildDemoHistory()` instead of calling the API when
 * `user.isDemoUser` is true.
 */
import { LANDING_SAMPLES } from "@gyeol/shared/constants";
import type { TImageSource } from "@gyeol/shared/contracts/images";
import { TOOLS } from "@gyeol/shared/tools";

export const DEMO_HISTORY_TABS = ["productTry", "upscale", "generate", "imageEdit", "faceEdit"] as const;
export type TDemoHistoryTab = (typeof DEMO_HISTORY_TABS)[number];
export const DEMO_HISTORY_PER_TAB = 10;

/**
 * The `source` each tab lists (spec 02 §3 history item; generate merges kling and consistency, its
 * demo rows are the original product's consistency ones). Image edit's rows carry its history
 * source (seedream), not its job kind (image_edit, which is no history source).
 */
const TAB_SOURCE: Record<TDemoHistoryTab, TImageSource> = {
  productTry: "product_try",
  upscale: TOOLS.retouch.historySource,
  generate: "consistency",
  imageEdit: TOOLS.imageEdit.historySource,
  faceEdit: TOOLS.faceEdit.historySource,
};

const PROMPTS: Partial<Record<TDemoHistoryTab, string>> = {
  generate: "Soft window light portrait, natural skin texture",
  imageEdit: "Warm film tone, keep the skin texture",
  faceEdit: "Brighter eyes, natural smile",
  productTry: "Studio product shot on a linen background",
};

export interface DemoHistoryItem {
  id: number;
  source: TImageSource;
  status: "completed";
  image_url: string;
  original_image_url: string;
  thumbnail_url: string;
  prompt: string | null;
  created_at: string;
}

/** 10 completed items per tab, one hour apart, ending at `now`. */
export function buildDemoHistory(now = new Date()): Record<TDemoHistoryTab, DemoHistoryItem[]> {
  const result = {} as Record<TDemoHistoryTab, DemoHistoryItem[]>;
  DEMO_HISTORY_TABS.forEach((tab, tabIndex) => {
    result[tab] = Array.from({ length: DEMO_HISTORY_PER_TAB }, (_, i) => {
      const sample = LANDING_SAMPLES[(i + tabIndex) % LANDING_SAMPLES.length]!;
      return {
        id: -(tabIndex * DEMO_HISTORY_PER_TAB + i + 1),
        source: TAB_SOURCE[tab],
        status: "completed" as const,
        image_url: `/samples/${sample}-after.jpg`,
        original_image_url: `/samples/${sample}-before.jpg`,
        thumbnail_url: `/samples/${sample}-after.jpg`,
        prompt: PROMPTS[tab] ?? null,
        created_at: new Date(now.getTime() - (tabIndex * DEMO_HISTORY_PER_TAB + i) * 3_600_000).toISOString(),
      };
    });
  });
  return result;
}
